import { buildTestApp, type Session, type TestApp } from '../test/helper';

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
      message: 'Validation failed: value',
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
      message: 'Validation failed: addresses.0.city',
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
