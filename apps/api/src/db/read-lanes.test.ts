// The pipelined read lanes of db.tenantRead (ADR 0007) keep every statement inside its own
// company, however requests of different companies interleave on one connection. PostgreSQL only:
// on PGlite tenantRead is a plain tenant transaction.

import pg from 'pg';
import { createTestDb, isPgTest } from '../test/helper';
import { createPgDb, type Db } from './client';
import { createShapes, LaneQuery, type Shapes } from './lane-query';
import { migrate } from './migrate';
import { seedDemo } from './seed/index';

const describePg = isPgTest() ? describe : describe.skip;

describePg('read lanes (PostgreSQL)', () => {
  let owner: Db;
  let url: string;
  let drop: () => Promise<void>;
  let acme: string;
  let globex: string;
  const headcount = new Map<string, number>();

  beforeAll(async () => {
    const t = await createTestDb();
    owner = t.db;
    url = t.url!;
    drop = t.drop;
    await migrate(owner);
    await seedDemo(owner);
    const { rows } = await owner.query<{ id: string; name: string }>('SELECT id, name FROM companies');
    acme = rows.find((r) => r.name === 'Acme Corp')!.id;
    globex = rows.find((r) => r.name === 'Globex Ltd')!.id;
    const counts = await owner.query<{ c: string; n: number }>(
      'SELECT company_id::text AS c, count(*)::int AS n FROM employees GROUP BY 1',
    );
    for (const r of counts.rows) headcount.set(r.c, r.n);
    expect(headcount.get(globex)).toBe(5);
    expect(headcount.get(acme)).toBeGreaterThan(5);
  });
  afterAll(() => drop());

  /** Two statements with a pause between them, so that other calls' statements go in between. */
  const companiesSeen = (db: Db, companyId: string) =>
    db.tenantRead(companyId, async (tx) => {
      const first = await tx.query<{ c: string; n: number }>(
        'SELECT min(company_id::text) AS c, count(*)::int AS n FROM employees',
      );
      await new Promise((r) => setImmediate(r));
      const second = await tx.query<{ c: string; n: number; who: string }>(
        'SELECT max(company_id::text) AS c, count(*)::int AS n, current_user AS who FROM employees',
      );
      return [first.rows[0]!, second.rows[0]!] as const;
    });

  it('on one shared lane, interleaved reads of two companies each see only their own rows', async () => {
    const db = await createPgDb(url, 2, 1);
    try {
      const calls = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? globex : acme));
      const results = await Promise.all(calls.map((c) => companiesSeen(db, c)));
      results.forEach(([first, second], i) => {
        const expected = calls[i]!;
        expect(first.c).toBe(expected);
        expect(second.c).toBe(expected);
        expect(second.who).toBe('hr_app');
        expect(first.n).toBe(headcount.get(expected));
        expect(second.n).toBe(headcount.get(expected));
      });
      // Both companies were really read (not one lane per company by chance).
      expect(new Set(results.map(([f]) => f.c))).toEqual(new Set([acme, globex]));
    } finally {
      await db.close();
    }
  });

  it('a company switch that fails hands over nothing: what was sent behind it fails, the next call works', async () => {
    const db = await createPgDb(url, 2, 1);
    const fn = 'hr_enter_tenant_read(uuid, uuid, uuid, timestamptz)';
    try {
      expect((await companiesSeen(db, acme))[0].c).toBe(acme); // the lane now runs as Acme
      await owner.query(`REVOKE EXECUTE ON FUNCTION ${fn} FROM hr_app`);
      // The switch to Globex fails on the server; the statement pipelined behind it runs under
      // whatever the connection had (Acme) and must not be handed to the Globex caller.
      await expect(companiesSeen(db, globex)).rejects.toThrow(/permission denied/);
      await owner.query(`GRANT EXECUTE ON FUNCTION ${fn} TO hr_app`);
      const [g] = await companiesSeen(db, globex);
      expect(g).toMatchObject({ c: globex, n: 5 });
      expect((await companiesSeen(db, acme))[0].c).toBe(acme);
    } finally {
      await owner.query(`GRANT EXECUTE ON FUNCTION ${fn} TO hr_app`);
      await db.close();
    }
  });

  it('a lane whose connection is cut fails its calls in flight and is replaced', async () => {
    const db = await createPgDb(url, 2, 2);
    try {
      await Promise.all([companiesSeen(db, acme), companiesSeen(db, globex)]);
      const { rows } = await owner.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE application_name = 'hr_read_lane' AND datname = current_database()`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      // Calls after the cut may fail while the loss is noticed, then succeed on new lanes.
      let ok = false;
      for (let i = 0; i < 50 && !ok; i++) {
        ok = await companiesSeen(db, globex).then(
          ([g]) => g.c === globex,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 20));
      }
      expect(ok).toBe(true);
      expect((await companiesSeen(db, acme))[1].c).toBe(acme);
    } finally {
      await db.close();
    }
  });
});

describePg('lane queries (PostgreSQL)', () => {
  let client: pg.Client;
  let drop: () => Promise<void>;
  const described: string[] = [];

  beforeAll(async () => {
    const t = await createTestDb();
    drop = t.drop;
    // @ts-expect-error pipeline mode is in pg 8.23 but not yet in @types/pg
    client = new pg.Client({ connectionString: t.url!, pipeline: true });
    await client.connect();
    const connection = (client as unknown as { connection: import('node:events').EventEmitter }).connection;
    connection.on('rowDescription', (msg: { fields: { name: string }[] }) =>
      described.push(msg.fields.map((f) => f.name).join(',')),
    );
  });
  afterAll(async () => {
    await client.end();
    await drop();
  });

  const SQL = `SELECT $1::int AS i, 9007199254740::int8 AS big, $2::text AS t, NULL::text AS nothing,
    DATE '2026-04-01' AS d, ARRAY['a', $2]::text[] AS arr, true AS yes, 1.50::numeric AS num,
    '{"k": [1, 2]}'::jsonb AS j, '7b0a3c1e-8f53-4d5e-9c1a-2b3c4d5e6f70'::uuid AS id
    FROM generate_series(1, $1::int) g`;
  const run = (shapes: Shapes, n: number, t: string) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      client.query(
        new LaneQuery('lane_query_test', SQL, [n, t], shapes, (err, res) =>
          err ? reject(err) : resolve(res as pg.QueryResult),
        ) as unknown as pg.Submittable,
      );
    });

  it('describes a named statement once, then reads the same rows as pg without a description', async () => {
    const shapes = createShapes(pg.types);
    const first = await run(shapes, 2, 'one');
    // Later executions, including several in flight at once, go without a row description.
    const later = await Promise.all([run(shapes, 3, 'two'), run(shapes, 0, 'none'), run(shapes, 1, "it's")]);
    expect(described).toEqual(['i,big,t,nothing,d,arr,yes,num,j,id']);

    // pg's own Query (an unnamed statement, described every time) gives the same rows.
    for (const [res, n, t] of [
      [first, 2, 'one'],
      [later[0], 3, 'two'],
      [later[1], 0, 'none'],
      [later[2], 1, "it's"],
    ] as const) {
      const plain = await client.query(SQL, [n, t]);
      expect(res.rows).toEqual(plain.rows);
      expect(res.rows).toHaveLength(n);
    }
    expect(later[0].rows[0]).toEqual({
      i: 3,
      big: '9007199254740',
      t: 'two',
      nothing: null,
      d: new Date(2026, 3, 1), // pg's own date parser: local midnight
      arr: ['a', 'two'],
      yes: true,
      num: '1.50',
      j: { k: [1, 2] },
      id: '7b0a3c1e-8f53-4d5e-9c1a-2b3c4d5e6f70',
    });
  });

  it('a bad value fails only its own statement; the pipeline behind it goes on', async () => {
    const shapes = createShapes(pg.types);
    await run(shapes, 1, 'warm');
    const [bad, good] = await Promise.allSettled([run(shapes, Number.NaN, 'x'), run(shapes, 1, 'after')]);
    expect(bad.status).toBe('rejected');
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/invalid input syntax for type integer/);
    expect(good).toMatchObject({ status: 'fulfilled', value: { rows: [{ t: 'after' }] } });
  });
});
