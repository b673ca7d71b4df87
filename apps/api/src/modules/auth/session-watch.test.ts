// Sessions ended elsewhere (another app process, or straight in the database) are refused here
// too: the sessions triggers notify hr_session_ended and every process drops what it trusted.
import pg from 'pg';
import { buildTestApp, eventually, isPgTest, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('sessions ended outside this process', () => {
  it('a session revoked by a direct update stops working once the notification arrives', async () => {
    const s = await t.login('employee@acme.test');
    // Twice: the second answer comes from what this process remembered.
    expect((await me(s.headers)).statusCode).toBe(200);
    expect((await me(s.headers)).statusCode).toBe(200);
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sid(s.token)]);
    expect(await eventually(async () => (await me(s.headers)).statusCode === 401)).toBe(true);
    // and it stays refused
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('a deleted session stops working too', async () => {
    const s = await t.login('manager@acme.test');
    expect((await me(s.headers)).statusCode).toBe(200);
    await t.db.query('DELETE FROM sessions WHERE id = $1', [sid(s.token)]);
    expect(await eventually(async () => (await me(s.headers)).statusCode === 401)).toBe(true);
  });

  it('other sessions are not affected', async () => {
    const a = await t.login('admin@acme.test');
    const b = await t.login('admin@acme.test');
    expect((await me(a.headers)).statusCode).toBe(200);
    expect((await me(b.headers)).statusCode).toBe(200);
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sid(a.token)]);
    expect(await eventually(async () => (await me(a.headers)).statusCode === 401)).toBe(true);
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it.runIf(isPgTest())(
    'after the listening connection is cut it reconnects, and revocations work again',
    async () => {
      const s = await t.login('employee@acme.test');
      expect((await me(s.headers)).statusCode).toBe(200);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await t.db.query<{ db: string }>('SELECT current_database() AS db');
        const dbName = rows[0]!.db;
        const pidsOf = async () =>
          (
            await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN hr_session_ended'",
              [dbName],
            )
          ).rows.map((r) => r.pid);
        const [first] = await pidsOf();
        expect(first).toEqual(expect.any(Number));
        await admin.query('SELECT pg_terminate_backend($1)', [first]);
        // A new listening connection replaces it within a few seconds.
        expect(await eventually(async () => (await pidsOf()).some((p) => p !== first), 8000)).toBe(true);
        expect((await me(s.headers)).statusCode).toBe(200);
        await t.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sid(s.token)]);
        expect(await eventually(async () => (await me(s.headers)).statusCode === 401)).toBe(true);
      } finally {
        await admin.end();
      }
    },
  );
});

/** The session id inside an access token. */
function sid(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid;
}
