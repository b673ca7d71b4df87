import { createTestDb, isPgTest } from '../test/helper';

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
