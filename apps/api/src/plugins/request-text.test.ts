import { buildTestApp, type Session, type TestApp } from '../test/helper';
import { badTextIn, jsonDepthExceeds, MAX_JSON_DEPTH } from './request-text';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@acme.test');
});
afterAll(() => t.close());

/** A JSON body written by hand, so that `\u0000` and `\ud800` reach the server as JSON escapes. */
const rawJson = (url: string, json: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: json,
  });

const EMPLOYEE = {
  first_name: 'Meena',
  last_name: 'Kumari',
  email: 'meena.text@acme.test',
  date_of_joining: '2024-05-06',
  addresses: [
    { kind: 'present', line1: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
  ],
};

describe('text no column can hold: 400 naming the field, on every route', () => {
  it('a NUL byte in a query parameter of the employee list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/employee?key=name&value=ab%00cd',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      data: null,
      message: 'Value: Must not contain a NUL character',
      errors: [{ path: 'value', message: 'Must not contain a NUL character' }],
    });
  });

  it('a NUL byte or a lone surrogate in a JSON string of the employee create body, nested too', async () => {
    const withNul = JSON.stringify({ ...EMPLOYEE, first_name: 'Mee\u0000na' });
    const nul = await rawJson('/api/employee', withNul, admin.headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([{ path: 'first_name', message: 'Must not contain a NUL character' }]);

    // JSON.stringify writes a lone surrogate as the escape `\ud800` (well-formed JSON.stringify).
    const lone = JSON.stringify({
      ...EMPLOYEE,
      addresses: [{ ...EMPLOYEE.addresses[0], city: 'Bengal\ud800uru' }],
    });
    expect(lone).toContain('\\ud800');
    const res = await rawJson('/api/employee', lone, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'City: Contains an invalid character (an unpaired surrogate)',
      errors: [
        { path: 'addresses.0.city', message: 'Contains an invalid character (an unpaired surrogate)' },
      ],
    });
    // Nothing was written.
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM employees WHERE lower(email) = 'meena.text@acme.test'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('in the sign-in body (a public route), including a lone low surrogate', async () => {
    const nul = await rawJson('/api/auth/login', '{"email":"admin@acme.test","password":"Demo\\u0000@1234"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([{ path: 'password', message: 'Must not contain a NUL character' }]);
    const low = await rawJson('/api/auth/login', '{"email":"adm\\udc00in@acme.test","password":"Demo@1234"}');
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual([
      { path: 'email', message: 'Contains an invalid character (an unpaired surrogate)' },
    ]);
    // A proper pair (an emoji) is fine text: the request goes on to the ordinary answer.
    const pair = await rawJson(
      '/api/auth/login',
      '{"email":"admin@acme.test","password":"Demo\\ud83d\\ude00x1"}',
    );
    expect(pair.statusCode).toBe(401);
  });

  it('a NUL in a field name is named too', async () => {
    const res = await rawJson('/api/auth/login', '{"email":"a@b.test","password":"x","a\\u0000b":"1"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'a\\0b', message: 'Field name: Must not contain a NUL character' },
    ]);
  });
});

describe('deeply nested JSON: refused at once, the event loop never held (issue 21)', () => {
  it('40,000 nested arrays to the anonymous sign-in answer 400 in well under a second, and the server goes on answering', async () => {
    const body = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
    const started = performance.now();
    const res = await rawJson('/api/auth/login', body);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: '(root)' }] });
    expect(res.json().message).toMatch(/nested more than 32 levels/);
    // It took 15 s before the fix; well under that on a loaded machine.
    expect(took).toBeLessThan(5000);
    // A 400 KB body of the same kind (it took the API down for minutes) and objects nested in strings' neighbours.
    const big = `${'{"a":'.repeat(80_000)}1${'}'.repeat(80_000)}`;
    const res2 = await rawJson('/api/auth/login', big);
    expect(res2.statusCode).toBe(400);
    expect(
      (await rawJson('/api/auth/login', '{"email":"admin@acme.test","password":"Demo@1234"}')).statusCode,
    ).toBe(200);
  });

  it('an authenticated route refuses it the same way, before its own validation', async () => {
    const body = `{"first_name":${'['.repeat(33)}${']'.repeat(33)}}`;
    const res = await rawJson('/api/employee', body, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested more than 32 levels/);
  });

  it('counts only brackets outside strings, so text full of brackets is fine', () => {
    expect(jsonDepthExceeds(JSON.stringify({ note: '['.repeat(1000), q: '\\"[[[' }))).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it('the text walk is linear and bounded: a value nested past the limit (e.g. built from a form) is refused, not walked', () => {
    // Each level counts the times the walk reads it: a bounded walk reads about 33 of 100,000.
    let levelsRead = 0;
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) {
      deep = new Proxy([deep], {
        get(target, key, receiver) {
          if (key === '0') levelsRead++;
          return Reflect.get(target, key, receiver);
        },
      });
    }
    const errors = badTextIn(deep);
    expect(levelsRead).toBeGreaterThanOrEqual(MAX_JSON_DEPTH);
    expect(levelsRead).toBeLessThanOrEqual(MAX_JSON_DEPTH + 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/Nested more than 32 levels/);
    // A wide value (100,000 strings) is walked once each, and the one bad field is named with its path.
    const wide = {
      items: Array.from({ length: 100_000 }, (_, i) => ({ name: i === 99_999 ? 'a\u0000' : 'ok' })),
    };
    const t0 = performance.now();
    expect(badTextIn(wide)).toEqual([
      { path: 'items.99999.name', message: 'Must not contain a NUL character' },
    ]);
    // Generous for a loaded CI machine (a walk quadratic in 100,000 fields would take minutes).
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
