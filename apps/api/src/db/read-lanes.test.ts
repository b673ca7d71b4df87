// The pipelined read lanes of db.tenantRead (ADR 0007) keep every statement inside its own
// company, however requests of different companies interleave on one connection, and give the same
// answers as the pooled path that DB_READ_LANES=0 selects. PostgreSQL only: on PGlite tenantRead
// is a read-only tenant transaction. pg's internals they use: read-lanes.internals.test.ts.

import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { createTestDb, isPgTest } from '../test/helper';
import { createDb, createPgDb, type Db } from './client';
import { createShapes, LaneQuery, type Shapes } from './lane-query';
import { migrate } from './migrate';
import { DEMO_PASSWORD, seedDemo } from './seed/index';

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

describePg('DB_READ_LANES=0 (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  const apps: { name: string; app: FastifyInstance; db: Db }[] = [];

  beforeAll(async () => {
    const t = await createTestDb();
    drop = t.drop;
    await migrate(t.db);
    await seedDemo(t.db);
    for (const lanes of ['2', '0']) {
      // As server.ts builds it: the setting read from the environment, then the database handle.
      const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_READ_LANES: lanes });
      const db = await createDb({ databaseUrl: t.url!, poolMax: 3, readLanes: config.dbReadLanes });
      const app = await buildApp({ config, db, mailSink: () => undefined, webDir: null });
      await app.ready();
      apps.push({ name: `DB_READ_LANES=${lanes}`, app, db });
    }
  });
  afterAll(async () => {
    for (const { app, db } of apps) {
      await app.close();
      await db.close();
    }
    await drop();
  });

  it('the employee list and record read the same through the lanes and with them off', async () => {
    const [on, off] = apps;
    // Only the second really runs without lanes.
    const appName = (db: Db) =>
      db.tenantRead('00000000-0000-4000-8000-000000000000', async (tx) => {
        const r = await tx.query<{ a: string }>(`SELECT current_setting('application_name') AS a`);
        return r.rows[0]!.a;
      });
    expect(await appName(on!.db)).toBe('hr_read_lane');
    expect(await appName(off!.db)).not.toBe('hr_read_lane');

    const login = async (email: string) => {
      const res = await on!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { authorization: `Bearer ${res.json().data.token}` };
    };
    const users = await Promise.all(['admin@acme.test', 'manager@acme.test', 'admin@globex.test'].map(login));
    const urls = [
      '/api/employee?page=1&records=10',
      '/api/employee?page=2&records=25&sortBy=first_name&sortOrder=desc',
      '/api/employee?page=1&records=100&status=active',
      '/api/employee?page=1&records=10&key=name&value=a',
      '/api/employee?page=1&records=10&key=employee_code&value=1',
      '/api/employee?page=1&records=10&key=email&value=acme',
    ];
    let compared = 0;
    for (const headers of users) {
      for (const url of urls) {
        // Many at once, so the lanes pipeline and interleave them.
        const [a, b] = await Promise.all(
          [on!, off!].map(({ app }) =>
            Promise.all(urls.map(() => app.inject({ method: 'GET', url, headers }))),
          ),
        );
        for (let i = 0; i < a!.length; i++) {
          expect(a![i]!.statusCode, `${url}: ${a![i]!.body}`).toBe(200);
          expect(b![i]!.statusCode, url).toBe(200);
          expect(b![i]!.json(), url).toEqual(a![i]!.json());
        }
        compared++;
      }
      // The record (the other tenantRead), for each employee of the first page.
      const page = (await on!.app.inject({ method: 'GET', url: urls[0]!, headers })).json().data as {
        id: string;
      }[];
      expect(page.length).toBeGreaterThan(0);
      for (const { id } of page) {
        const [a, b] = await Promise.all(
          [on!, off!].map(({ app }) => app.inject({ method: 'GET', url: `/api/employee/${id}`, headers })),
        );
        expect(a!.statusCode, a!.body).toBe(200);
        expect(b!.json()).toEqual(a!.json());
      }
    }
    expect(compared).toBe(users.length * urls.length);
  });
});
