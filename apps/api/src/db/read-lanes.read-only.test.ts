// db.tenantRead is read-only at the server: a write sent through it fails, whichever path carries
// it. On PostgreSQL (TEST_DB=pg) both paths are checked: the read lanes, and DB_READ_LANES=0 (a
// pooled read-only transaction); on PGlite, its read-only tenant transaction.

import { createTestDb, isPgTest } from '../test/helper';
import { createPgDb, type Db } from './client';
import { migrate } from './migrate';
import { seedDemo } from './seed/index';

let owner: Db;
let drop: () => Promise<void>;
let paths: { name: string; db: Db }[] = [];
let acme: string;

beforeAll(async () => {
  const t = await createTestDb();
  owner = t.db;
  drop = t.drop;
  await migrate(owner);
  await seedDemo(owner);
  const { rows } = await owner.query<{ id: string }>(`SELECT id FROM companies WHERE name = 'Acme Corp'`);
  acme = rows[0]!.id;
  paths = isPgTest()
    ? [
        { name: 'read lanes', db: await createPgDb(t.url!, 2, 2) },
        { name: 'DB_READ_LANES=0', db: await createPgDb(t.url!, 2, 0) },
      ]
    : [{ name: 'PGlite', db: owner }];
});
afterAll(async () => {
  await Promise.all(paths.filter((p) => p.db !== owner).map((p) => p.db.close()));
  await drop();
});

const fingerprint = async () =>
  (
    await owner.query<{ n: number; names: string }>(
      `SELECT count(*)::int AS n, string_agg(first_name, ',' ORDER BY id) AS names FROM employees`,
    )
  ).rows[0]!;

describe('tenantRead is read-only', () => {
  it('an INSERT, UPDATE or DELETE through tenantRead fails with a read-only error and changes nothing', async () => {
    const before = await fingerprint();
    for (const { name, db } of paths) {
      // With parameters (a named statement: LaneQuery on the lanes) and without (simple protocol).
      const writes: [string, unknown[]?][] = [
        ['INSERT INTO employees SELECT * FROM employees LIMIT 1'],
        [`UPDATE employees SET first_name = first_name || 'x' WHERE first_name <> $1`, ['nobody']],
        ['DELETE FROM employees WHERE id IN (SELECT id FROM employees LIMIT 1)'],
        ['UPDATE employees SET first_name = $1', ['Mallory']],
      ];
      for (const [sql, params] of writes) {
        await expect(
          db.tenantRead(acme, (tx) => tx.query(sql, params)),
          `${name}: ${sql}`,
        ).rejects.toThrow(/read-only transaction/);
      }
      // The path still reads afterwards (a refused write does not break a lane).
      const { n } = await db.tenantRead(acme, async (tx) => {
        const r = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM employees WHERE first_name <> $1',
          ['nobody'],
        );
        return r.rows[0]!;
      });
      expect(n, name).toBeGreaterThan(5);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it.runIf(isPgTest())(
    'reads go over the lanes, or with DB_READ_LANES=0 over a pooled connection',
    async () => {
      const appName = (db: Db) =>
        db.tenantRead(acme, async (tx) => {
          const r = await tx.query<{ a: string }>(`SELECT current_setting('application_name') AS a`);
          return r.rows[0]!.a;
        });
      expect(await appName(paths.find((p) => p.name === 'read lanes')!.db)).toBe('hr_read_lane');
      expect(await appName(paths.find((p) => p.name === 'DB_READ_LANES=0')!.db)).not.toBe('hr_read_lane');
    },
  );
});
