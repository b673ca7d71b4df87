import { DEMO_PASSWORD } from '../../db/seed/index';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createTokenSigner, decodePermissions } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const audits = async (action: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))
    .rows[0]!.n;

describe('login', () => {
  it('answers the session shape with employee name and scope permissions', async () => {
    const res = await post('/api/auth/login', { email: 'Employee@Acme.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.refresh).toEqual(expect.any(String));
    expect(body.data.userResponse).toMatchObject({
      email: 'employee@acme.test',
      employee_name: 'Priya Sharma',
      employee_code: 'ACM0003',
      company_name: 'Acme Corp',
      time_zone: 'Asia/Kolkata',
    });
    expect(body.data.scope.name).toBe('Employee');
    expect(body.data.scope.permissions).toContainEqual({ name: 'employee_profile.view' });
    expect(await audits('auth.login')).toBeGreaterThan(0);
  });

  it('wrong password and unknown email give identical answers', async () => {
    const a = await post('/api/auth/login', { email: 'manager@acme.test', password: 'wrong-pass-1' });
    const b = await post('/api/auth/login', { email: 'nobody@acme.test', password: 'wrong-pass-1' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    const strip = (x: Record<string, unknown>) => ({ ...x, requestId: undefined });
    expect(strip(a.json())).toEqual(strip(b.json()));
    expect(a.json().message).toBe('Invalid email or password');
    const failed = await t.db.query<{ changes: { email: string }; actor_user_id: string | null }>(
      "SELECT changes, actor_user_id FROM audit_log WHERE action = 'auth.login_failed'",
    );
    expect(failed.rows[0]!.changes.email).toBe('ma***@acme.test');
    expect(failed.rows[0]!.actor_user_id).toBeNull();
  });

  it('holds back the sixth try on an account from the same address with 429', async () => {
    const email = 'admin@globex.test';
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/auth/login', { email, password: `bad-${i}` });
      expect(r.statusCode).toBe(401);
    }
    const sixth = await post('/api/auth/login', { email, password: DEMO_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(sixth.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await post('/api/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});

describe('one-time code', () => {
  it('asks for a mailed code when MFA is on, and completes sign-in with it', async () => {
    await t.db.query("UPDATE users SET mfa_enabled = true WHERE email = 'manager@acme.test'");
    try {
      const res = await post('/api/auth/login', { email: 'manager@acme.test', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('A one-time code was sent to your email');
      const { otp_required, otp_token } = res.json().data;
      expect(otp_required).toBe(true);
      const mail = t.mails.findLast((m) => m.to === 'manager@acme.test')!;
      const code = /(\d{6})/.exec(mail.text)![1]!;
      const wrong = code === '000000' ? '000001' : '000000';
      expect((await post('/api/auth/otp-verify', { otp_token, otp: wrong })).statusCode).toBe(401);
      const ok = await post('/api/auth/otp-verify', { otp_token, otp: code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.userResponse.employee_name).toBe('Vikram Mehta');
      // Single use.
      expect((await post('/api/auth/otp-verify', { otp_token, otp: code })).statusCode).toBe(401);
    } finally {
      await t.db.query("UPDATE users SET mfa_enabled = false WHERE email = 'manager@acme.test'");
    }
  });

  it('burns the code after five wrong attempts', async () => {
    await t.db.query("UPDATE users SET mfa_enabled = true WHERE email = 'manager@acme.test'");
    try {
      const res = await post('/api/auth/login', { email: 'manager@acme.test', password: DEMO_PASSWORD });
      const { otp_token } = res.json().data;
      const code = /(\d{6})/.exec(t.mails.at(-1)!.text)![1]!;
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) await post('/api/auth/otp-verify', { otp_token, otp: wrong });
      expect((await post('/api/auth/otp-verify', { otp_token, otp: code })).statusCode).toBe(401);
    } finally {
      await t.db.query("UPDATE users SET mfa_enabled = false WHERE email = 'manager@acme.test'");
    }
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; reusing an old one revokes the whole family', async () => {
    const s = await t.login('employee@acme.test');
    const r1 = await post('/api/auth/refresh', { refresh_token: s.refresh });
    expect(r1.statusCode).toBe(200);
    const { token, refresh } = r1.json().data;
    expect(refresh).not.toBe(s.refresh);
    expect((await get('/api/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // The first token again: reuse.
    expect((await post('/api/auth/refresh', { refresh_token: s.refresh })).statusCode).toBe(401);
    // The family is gone: the newest refresh token and the access token no longer work.
    expect((await post('/api/auth/refresh', { refresh_token: refresh })).statusCode).toBe(401);
    expect((await get('/api/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('refresh picks up permission changes', async () => {
    const s = await t.login('employee@acme.test');
    await t.db.query(
      "UPDATE roles SET permissions = array_append(permissions, 'admin_dashboard.view') WHERE name = 'Employee' AND company_id = (SELECT company_id FROM users WHERE email = 'employee@acme.test')",
    );
    try {
      const r = await post('/api/auth/refresh', { refresh_token: s.refresh });
      const payload = JSON.parse(Buffer.from(r.json().data.token.split('.')[1], 'base64url').toString());
      expect(decodePermissions(payload.pm)).toContain('admin_dashboard.view');
    } finally {
      await t.db.query(
        "UPDATE roles SET permissions = array_remove(permissions, 'admin_dashboard.view') WHERE name = 'Employee'",
      );
    }
  });

  it('logout revokes the session: the access token then gets 401', async () => {
    const s = await t.login('employee@acme.test');
    expect((await get('/api/auth/me', s.headers)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, s.headers)).statusCode).toBe(200);
    const after = await get('/api/auth/me', s.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    expect((await post('/api/auth/refresh', { refresh_token: s.refresh })).statusCode).toBe(401);
  });

  it('logout with no body ends the session of the presented token', async () => {
    // As browsers and HTTP clients send it: a JSON content type and nothing after it, or no body at all.
    for (const headers of [{ 'content-type': 'application/json' }, {}]) {
      const s = await t.login('employee@acme.test');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...s.headers, ...headers },
      });
      expect(res.statusCode).toBe(200);
      expect((await get('/api/auth/me', s.headers)).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refresh_token: s.refresh })).statusCode).toBe(401);
    }
  });

  it('refuses a token whose company is not its session company', async () => {
    const s = await t.login('admin@acme.test');
    // Live in this process's session cache from now on: the check must compare the company there too.
    expect((await get('/api/auth/me', s.headers)).statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString());
    const signer = createTokenSigner({ secret: t.config.jwtSecret, ttlSeconds: 900, clock: t.clock });
    const sign = (cid: string) =>
      signer.sign({
        sub: claims.sub,
        cid,
        sid: claims.sid,
        eid: claims.eid,
        role: claims.role,
        perms: decodePermissions(claims.pm)!,
      });
    // The same claims signed here pass, so the refusal below is the company's alone.
    const same = await get('/api/auth/me', { authorization: `Bearer ${await sign(claims.cid)}` });
    expect(same.statusCode).toBe(200);
    const globex = await t.companyId('Globex Ltd');
    const forged = await get('/api/employee', { authorization: `Bearer ${await sign(globex)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('UNAUTHENTICATED');
  });

  it('the employee routes (read pool) refuse a signed-out token too', async () => {
    const s = await t.login('admin@acme.test');
    const own = `/api/employee/${s.userResponse.employee_id}`;
    expect((await get('/api/employee', s.headers)).statusCode).toBe(200);
    expect((await get(own, s.headers)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, s.headers)).statusCode).toBe(200);
    for (const url of ['/api/employee', own]) {
      const res = await get(url, s.headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
    }
    // Another session still reads.
    const again = await t.login('admin@acme.test');
    expect((await get('/api/employee', again.headers)).statusCode).toBe(200);
  });

  it('accepts the access-token header and reports an expired token as TOKEN_EXPIRED', async () => {
    const s = await t.login('employee@acme.test');
    expect((await get('/api/auth/me', { 'access-token': s.token })).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    const res = await get('/api/auth/me', s.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
    expect((await get('/api/auth/me')).json().code).toBe('UNAUTHENTICATED');
  });
});

describe('passwords', () => {
  const resetLink = () => {
    const text = t.mails.at(-1)!.text;
    return /token=([^\s]+)/.exec(text)![1]!;
  };

  it('forgot-password answers the same for unknown emails and mails a single-use link', async () => {
    const a = await post('/api/auth/forgot-password', { email: 'nobody@acme.test' });
    const before = t.mails.length;
    const b = await post('/api/auth/forgot-password', { email: 'employee@acme.test' });
    expect(a.statusCode).toBe(200);
    expect(a.json().message).toBe(b.json().message);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.text).toContain('http://hr.test/reset-password?token=');

    const other = await t.login('employee@acme.test');
    const token = decodeURIComponent(resetLink());
    const ok = await post('/api/auth/reset-password', { token, password: 'NewPass123' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, password: 'NewPass456' })).statusCode).toBe(400);
    // Every earlier session ended.
    expect((await get('/api/auth/me', other.headers)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'employee@acme.test', password: DEMO_PASSWORD })).statusCode,
    ).toBe(401);
    await t.login('employee@acme.test', 'NewPass123');
    expect(await audits('auth.password_reset')).toBe(1);
    // Put the demo password back for the other tests.
    await post('/api/auth/forgot-password', { email: 'employee@acme.test' });
    await post('/api/auth/reset-password', {
      token: decodeURIComponent(resetLink()),
      password: DEMO_PASSWORD,
    });
  });

  it('caps reset mails per account: past 3 in 15 minutes none is sent, with the same answer', async () => {
    const ask = () => post('/api/auth/forgot-password', { email: 'admin@globex.test' });
    const before = t.mails.length;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask());
    expect(t.mails.length).toBe(before + 3);
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.json().message}`)).size).toBe(1);
    t.clock.advance(16 * 60_000);
    await ask();
    expect(t.mails.length).toBe(before + 4);
  });

  it('rejects an expired reset link', async () => {
    await post('/api/auth/forgot-password', { email: 'manager@acme.test' });
    const token = decodeURIComponent(resetLink());
    t.clock.advance(31 * 60_000);
    const res = await post('/api/auth/reset-password', { token, password: 'NewPass123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired');
  });

  it('change-password verifies the current one and ends the other sessions', async () => {
    const other = await t.login('manager@acme.test');
    const s = await t.login('manager@acme.test');
    const wrong = await post(
      '/api/auth/change-password',
      { current_password: 'nope', new_password: 'Another123' },
      s.headers,
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await post(
      '/api/auth/change-password',
      { current_password: DEMO_PASSWORD, new_password: 'Another123' },
      s.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/auth/me', s.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/me', other.headers)).statusCode).toBe(401);
    expect(await audits('auth.password_changed')).toBe(1);
    await post(
      '/api/auth/change-password',
      { current_password: 'Another123', new_password: DEMO_PASSWORD },
      s.headers,
    );
  });

  it('rejects a weak new password naming the field', async () => {
    const s = await t.login('manager@acme.test');
    const res = await post(
      '/api/auth/change-password',
      { current_password: DEMO_PASSWORD, new_password: 'short' },
      s.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('new_password');
  });
});
