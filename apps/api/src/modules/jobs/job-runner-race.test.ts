import { createPgDb, type Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb, isPgTest } from '../../test/helper';
import { createJobRunner } from './job-runner';

/**
 * Processes starting together on a new PostgreSQL database (API processes and job workers after an
 * install) each migrate (a no-op for all but the first, under the migration lock) and then start the
 * job runner, which installs pg-boss's schema. The scale-out test met "duplicate key value violates
 * unique constraint pg_namespace_nspname_index" there: pg-boss's CREATE SCHEMA IF NOT EXISTS, under
 * its own install lock, still collided with the process that had just made the schema. Four pools
 * stand for four processes (the collision is between connections); in this order the runner before
 * the fix failed for three of the four in every round.
 */
const quiet = { warn: () => undefined, error: () => undefined };

describe.skipIf(!isPgTest())('job runners started together on a new database (PostgreSQL)', () => {
  it('every runner starts, round after round, and each queue is made once', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await createTestDb();
      await migrate(made.db);
      const pools: Db[] = [];
      const runners: ReturnType<typeof createJobRunner>[] = [];
      try {
        for (let i = 0; i < 4; i++) pools.push(await createPgDb(made.url!, 4, 0));
        for (const db of pools) {
          const r = createJobRunner({ db, log: quiet });
          r.define({ name: 'race-a', description: 'A', handler: async () => undefined });
          r.define({ name: 'race-b', description: 'B', handler: async () => undefined });
          runners.push(r);
        }
        const started = await Promise.allSettled(
          runners.map(async (r, i) => {
            await migrate(pools[i]!);
            // Two send-only API processes and two workers, as in the scale-out set-up.
            await r.start({ work: i >= 2 });
          }),
        );
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(
          Array(4).fill('started'),
        );
        const { rows } = await made.db.query<{ name: string }>(
          `SELECT name FROM pgboss.queue WHERE name LIKE 'race-%' ORDER BY name`,
        );
        expect(rows.map((r) => r.name)).toEqual(['race-a', 'race-b']);
      } finally {
        await Promise.all(runners.map((r) => r.stop().catch(() => undefined)));
        await Promise.all(pools.map((p) => p.close()));
        await made.drop();
      }
    }
  }, 120_000);
});
