import { randomUUID } from 'node:crypto';
import { createTestDb, isPgTest } from '../test/helper';
import { createPgDb } from './client';
import { migrate } from './migrate';

/**
 * A transaction may start several reads at once (the pay run's chunk reads ten things with
 * Promise.all). On one PostgreSQL connection they must run one at a time: pg queues them itself
 * today but warns that pg@9 will refuse, so the connection wrapper queues them instead.
 */
describe.skipIf(!isPgTest())('statements started together in one transaction (PostgreSQL)', () => {
  it('run one at a time, in the order asked, with no warning from pg', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const { db, drop } = await createTestDb();
    try {
      const got = await db.transaction((tx) =>
        Promise.all(
          [1, 2, 3].map((n) =>
            tx.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.01)::text AS slept', [n]),
          ),
        ),
      );
      expect(got.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
      await new Promise((r) => setTimeout(r, 20)); // warnings are emitted on a later tick
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await drop();
    }
  });
});

/**
 * Behind a transaction-mode pooler (DATABASE_URL PgBouncer, DIRECT_DATABASE_URL PostgreSQL; ADR 0021)
 * a statement prepared under a name on one server connection may be executed on another, and
 * startup options are refused: the pool sends neither, while the session work (`exclusive`, the
 * read lanes) goes to the direct address. Here both addresses reach the same server, told apart by
 * application_name, so what each connection did can be read back. `npm run test:deploy` runs the
 * same through a real PgBouncer.
 */
describe.skipIf(!isPgTest())('through a transaction-mode pooler (PostgreSQL)', () => {
  it('the pool prepares no named statement and sends no options; exclusive and the lanes go direct', async () => {
    const { url, drop } = await createTestDb();
    const pooled = new URL(url!);
    pooled.searchParams.set('application_name', 'hr_pooled');
    const direct = new URL(url!);
    direct.searchParams.set('application_name', 'hr_direct');
    const db = await createPgDb(pooled.toString(), 2, 1, direct.toString());
    const plain = await createPgDb(url!, 2, 0);
    try {
      // Migrations hold a session advisory lock: on the direct connection.
      expect((await migrate(db)).length).toBeGreaterThan(0);
      const prepared = async (d: typeof db) =>
        (
          await d.transaction(async (tx) => {
            await tx.query('SELECT $1::int AS n', [1]);
            return tx.query<{ n: number; plan: string; app: string }>(
              `SELECT (SELECT count(*)::int FROM pg_prepared_statements) AS n,
                      current_setting('plan_cache_mode') AS plan, current_setting('application_name') AS app`,
            );
          })
        ).rows[0]!;
      expect(await prepared(db)).toEqual({ n: 0, plan: 'auto', app: 'hr_pooled' });
      // Without a pooler the same statement is prepared under a name, with generic plans (ADR 0006).
      expect(await prepared(plain)).toEqual({ n: 1, plan: 'force_generic_plan', app: expect.any(String) });

      const session = await db.exclusive((conn) =>
        conn.query<{ app: string }>("SELECT current_setting('application_name') AS app"),
      );
      expect(session.rows[0]!.app).toBe('hr_direct');
      // The read lane too (the URL's application_name wins over the lane's own).
      const lane = await db.tenantRead(randomUUID(), (tx) =>
        tx.query<{ app: string }>("SELECT current_setting('application_name') AS app"),
      );
      expect(lane.rows[0]!.app).toBe('hr_direct');
    } finally {
      await plain.close();
      await db.close();
      await drop();
    }
  });
});
