import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { migrate } from '../db/migrate';
import { buildTestApp, createTestDb, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('server errors', () => {
  it('a failure inside a handler answers 500 with a request id and no internals', async () => {
    const admin = await t.login('admin@acme.test');
    // Break the query for real: the table the list reads is briefly gone.
    await t.db.query('ALTER TABLE employees RENAME TO employees_moved');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({
        status: 500,
        message: 'Internal server error',
        data: null,
        code: 'INTERNAL',
      });
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toMatch(/employees|relation|select|stack/i);
    } finally {
      await t.db.query('ALTER TABLE employees_moved RENAME TO employees');
    }
  });
});

/**
 * A database refusal caused by the request's data is answered by its meaning, the same on PGlite
 * and PostgreSQL (this file runs on both). The statements run for real on the test database,
 * behind a route of a test-only app built like the real one (buildApp), so the error goes through
 * the real error handler; only the route is extra.
 */
describe('database refusals are answered by meaning, not 500', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const STATEMENTS: Record<string, [string, unknown[]]> = {
    badDate: ['SELECT $1::date', ['2024-13-45']],
    badTimestamp: ['SELECT $1::timestamp', ['2024-01-01 25:00']],
    intOverflow: ['SELECT $1::int', ['99999999999']],
    notAUuid: ['SELECT $1::uuid', ['x']],
    tooLong: ["INSERT INTO refusal_row (id, v) VALUES (2, 'far too long')", []],
    duplicate: ["INSERT INTO refusal_row (id, code) VALUES (3, 'A1')", []],
    notNull: ['INSERT INTO refusal_row (id, n) VALUES (NULL, 1)', []],
    check: ['INSERT INTO refusal_row (id, n) VALUES (4, -1)', []],
    missingParent: ['INSERT INTO refusal_plain_child (id, parent_id) VALUES (2, 777)', []],
    deleteRestricted: ['DELETE FROM refusal_parent WHERE id = 1', []],
    deleteReferenced: ['DELETE FROM refusal_plain_parent WHERE id = 1', []],
    noSuchTable: ['SELECT * FROM refusal_nowhere', []],
  };

  beforeAll(async () => {
    const made = await createTestDb();
    drop = made.drop;
    await migrate(made.db);
    await made.db.exclusive((conn) =>
      conn.exec(`CREATE TABLE refusal_row (id int PRIMARY KEY, v varchar(5), code text UNIQUE,
      n int CHECK (n >= 0)); INSERT INTO refusal_row (id, code, n) VALUES (1, 'A1', 1);
      CREATE TABLE refusal_parent (id int PRIMARY KEY);
      CREATE TABLE refusal_child (id int PRIMARY KEY, parent_id int REFERENCES refusal_parent ON DELETE RESTRICT);
      CREATE TABLE refusal_plain_parent (id int PRIMARY KEY);
      CREATE TABLE refusal_plain_child (id int PRIMARY KEY, parent_id int REFERENCES refusal_plain_parent);
      INSERT INTO refusal_parent VALUES (1); INSERT INTO refusal_child VALUES (1, 1);
      INSERT INTO refusal_plain_parent VALUES (1); INSERT INTO refusal_plain_child VALUES (1, 1)`),
    );
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://hr.test' });
    app = await buildApp({ config, db: made.db, webDir: null, mailSink: () => undefined });
    app.get<{ Params: { name: string } }>(
      '/api/test-refusal/:name',
      { config: { permission: 'public' } },
      async (request) => {
        const [sql, params] = STATEMENTS[request.params.name]!;
        await made.db.query(sql, params);
        return { status: 200, message: 'ok', data: null };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const refusal = async (name: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/test-refusal/${name}` });
    return { status: res.statusCode, body: res.json() };
  };

  it('class 22 data exceptions (date, number, uuid, length) are 400s in words', async () => {
    for (const [name, words] of [
      ['badDate', /date or time is not valid.*2024-13-45/],
      ['badTimestamp', /date or time is not valid/],
      ['intOverflow', /number is out of range/],
      ['notAUuid', /not in the expected form.*uuid/],
      ['tooLong', /text is longer than allowed/],
    ] as const) {
      const { status, body } = await refusal(name);
      expect({ name, status, code: body.code }).toEqual({ name, status: 400, code: 'VALIDATION' });
      expect(body.message).toMatch(words);
      expect(body.errors).toHaveLength(1);
    }
  });

  it('a duplicate is 409 naming the column; not-null and check are 400 naming the column', async () => {
    const dup = await refusal('duplicate');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CONFLICT', message: 'A record with this code already exists' });
    expect(dup.body.errors).toEqual([{ path: 'code', message: 'Already in use' }]);
    const nul = await refusal('notNull');
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ path: 'id', message: 'Required' }]);
    const chk = await refusal('check');
    expect(chk.status).toBe(400);
    expect(chk.body.errors).toEqual([{ path: 'n', message: 'Not an allowed value' }]);
  });

  it('a reference to a missing row is 400 naming the column', async () => {
    const { status, body } = await refusal('missingParent');
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'parent_id', message: 'Refers to a record that does not exist' }]);
  });

  it('deleting a row still referenced is 409 "still in use by ..." for RESTRICT (23001 on PGlite) and NO ACTION keys', async () => {
    for (const [name, table] of [
      ['deleteRestricted', 'refusal child'],
      ['deleteReferenced', 'refusal plain child'],
    ]) {
      const { status, body } = await refusal(name!);
      expect({ name, status }).toEqual({ name, status: 409 });
      expect(body.message).toBe(`This record is still in use by ${table}: change or remove those first`);
    }
  });

  it('any other database error stays a 500 that tells nothing', async () => {
    const { status, body } = await refusal('noSuchTable');
    expect(status).toBe(500);
    expect(body.message).toBe('Internal server error');
    expect(JSON.stringify(body)).not.toMatch(/refusal|relation/);
  });
});

describe('a reporting role an approval flow uses', () => {
  it('cannot be deleted: 409 with words (PGlite reports 23001, PostgreSQL 15 23503)', async () => {
    const admin = await t.login('admin@acme.test');
    const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.headers, payload });
    const role = await call('POST', '/api/reporting-role', { name: 'Buddy', priority: 7 });
    expect(role.statusCode).toBe(201);
    const roleId = role.json().data.id;
    const flow = await call('POST', '/api/approval-flow', {
      name: 'Buddy approves',
      request_type: 'leave',
      levels: [{ approver_kind: 'reporting_role', reporting_role_id: roleId }],
    });
    expect(flow.statusCode).toBe(201);
    const res = await call('DELETE', `/api/reporting-role/${roleId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This reporting role is used by an approval flow; change the flow first',
    });
    // Once the flow is gone, the role may go.
    expect((await call('DELETE', `/api/approval-flow/${flow.json().data.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/reporting-role/${roleId}`)).statusCode).toBe(200);
  });
});
