import { BUILT_IN_ROLES } from '@hr/contract';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';
import { fixtureCsv, fixtureRows, multipartBody } from './upload-fixtures';

/**
 * Issue 15's holes in the employee and access modules, each tried as the attacker or new user who
 * found it: role escalation, account takeover, the code race, and the new-user gaps.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
/** Adds and edits employees; does not manage roles. */
let clerk: Session;
/** Manages roles and employees, but holds less than an admin (no team or other admin areas). */
let lead: Session;
const roles: Record<string, string> = {};
const employeeIds: Record<string, string> = {};

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);
let seq = 0;
const person = (extra: object = {}) => {
  seq += 1;
  return {
    first_name: `Hard${seq}`,
    last_name: 'Ening',
    email: `hard${seq}@acme.test`,
    date_of_joining: '2024-04-01',
    ...extra,
  };
};

/** An employee with a sign-in holding `roleName`, whose password is the demo one. */
async function userWithRole(roleName: string, email: string): Promise<Session> {
  const res = await call(admin, 'POST', '/api/employee', {
    ...person(),
    email,
    role_id: roles[roleName],
  });
  expect(res.statusCode).toBe(201);
  employeeIds[email] = res.json().data.id;
  await t.db.query(
    `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'admin@acme.test')
      WHERE email = $1`,
    [email],
  );
  return t.login(email);
}

const CLERK = ['employee_list.view', 'employee_list.add', 'employee_list.edit', ...BUILT_IN_ROLES.Employee];
const LEAD = [...CLERK, 'role_permissions.view', 'role_permissions.add', 'role_permissions.edit'];

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager } = await demoSessions(t));
  for (const r of (await call(admin, 'GET', '/api/role')).json().data as { id: string; name: string }[]) {
    roles[r.name] = r.id;
  }
  for (const [name, permissions] of [
    ['HR clerk', CLERK],
    ['HR lead', LEAD],
  ] as const) {
    const res = await call(admin, 'POST', '/api/role', { name, permissions });
    expect(res.statusCode).toBe(201);
    roles[name] = res.json().data.id;
  }
  clerk = await userWithRole('HR clerk', 'clerk@acme.test');
  lead = await userWithRole('HR lead', 'lead@acme.test');
  const adminRow = (await call(admin, 'GET', '/api/employee?key=email&value=admin@acme.test')).json().data[0];
  employeeIds['admin@acme.test'] = adminRow.id;
});
afterAll(() => t.close());

describe('role escalation', () => {
  it('adding employees does not let one give a role: the Admin role needs role management', async () => {
    const res = await call(clerk, 'POST', '/api/employee', person({ role_id: roles.Admin }));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].path).toBe('role_id');
    // The default role needs nothing more than adding employees.
    expect((await call(clerk, 'POST', '/api/employee', person({ role_id: roles.Employee }))).statusCode).toBe(
      201,
    );
    expect((await call(clerk, 'POST', '/api/employee', person())).statusCode).toBe(201);
    const edit = await call(clerk, 'PUT', `/api/employee/${employeeIds['lead@acme.test']}`, {
      role_id: roles.Admin,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('a role manager gives only roles within their own permissions; custom roles can be given', async () => {
    const tooMuch = await call(lead, 'POST', '/api/employee', person({ role_id: roles.Admin }));
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().errors[0]).toMatchObject({ path: 'role_id' });
    expect((await call(lead, 'POST', '/api/employee', person({ role_id: roles.Manager }))).statusCode).toBe(
      403,
    );
    const custom = await call(lead, 'POST', '/api/employee', person({ role_id: roles['HR clerk'] }));
    expect(custom.statusCode).toBe(201);
    expect(custom.json().data).toMatchObject({ role_id: roles['HR clerk'], role_name: 'HR clerk' });
    // A custom role given on edit, too.
    const id = (await call(lead, 'POST', '/api/employee', person())).json().data.id;
    const changed = await call(lead, 'PUT', `/api/employee/${id}`, { role_id: roles['HR lead'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.role_name).toBe('HR lead');
    // Not someone above: the admin cannot be demoted by the lead.
    const demote = await call(lead, 'PUT', `/api/employee/${employeeIds['admin@acme.test']}`, {
      role_id: roles.Employee,
    });
    expect(demote.statusCode).toBe(403);
  });

  it('the role dropdown lists only the roles the caller may give', async () => {
    const names = async (s: Session) =>
      ((await call(s, 'GET', '/api/role/dropdown')).json().data as { name: string }[]).map((r) => r.name);
    expect(await names(clerk)).toEqual([]);
    expect(await names(lead)).toEqual(['Employee', 'HR clerk', 'HR lead']);
    expect(await names(admin)).toEqual(['Admin', 'Employee', 'HR clerk', 'HR lead', 'Manager']);
  });

  it('roles: nobody adds a permission they lack, nor edits a role above their own', async () => {
    const own = await call(lead, 'PUT', `/api/role/${roles['HR lead']}`, {
      permissions: [...LEAD, 'employee_list.delete'],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/employee_list\.delete/);
    const create = await call(lead, 'POST', '/api/role', { name: 'Sneaky', permissions: ['audit_log.view'] });
    expect([400, 403]).toContain(create.statusCode); // unknown or not held: never created
    const sneaky = await call(lead, 'POST', '/api/role', {
      name: 'Sneaky',
      permissions: ['role_permissions.delete'],
    });
    expect(sneaky.statusCode).toBe(403);
    const adminRole = await call(lead, 'PUT', `/api/role/${roles.Admin}`, { permissions: [] });
    expect(adminRole.statusCode).toBe(403);
    const fine = await call(lead, 'PUT', `/api/role/${roles['HR clerk']}`, { permissions: CLERK });
    expect(fine.statusCode).toBe(200);
    // Assigning through the access route follows the same rule.
    const give = await call(lead, 'PUT', `/api/user/${employeeIds['clerk@acme.test']}/role`, {
      role_id: roles.Admin,
    });
    expect(give.statusCode).toBe(403);
    const take = await call(lead, 'PUT', `/api/user/${employeeIds['admin@acme.test']}/role`, {
      role_id: roles.Employee,
    });
    expect(take.statusCode).toBe(403);
    // The role list tells the screen the same.
    const list = (await call(lead, 'GET', '/api/role')).json().data as {
      name: string;
      abilities: { edit: boolean; delete: boolean };
    }[];
    expect(list.find((r) => r.name === 'Admin')!.abilities).toEqual({ edit: false, delete: false });
    expect(list.find((r) => r.name === 'HR clerk')!.abilities).toEqual({ edit: true, delete: false });
  });
});

describe('account takeover', () => {
  it('editing employees does not let one change the sign-in email of someone holding more', async () => {
    const res = await call(clerk, 'PUT', `/api/employee/${employeeIds['admin@acme.test']}`, {
      email: 'attacker@evil.test',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].path).toBe('email');
    const users = await t.db.query("SELECT 1 FROM users WHERE email = 'admin@acme.test'");
    expect(users.rows).toHaveLength(1);
  });

  it('nor switch off or delete the sign-in of someone holding more', async () => {
    const adminId = employeeIds['admin@acme.test'];
    const off = await call(clerk, 'PATCH', `/api/employee/${adminId}/status`, { status: 'inactive' });
    expect(off.statusCode).toBe(403);
    expect(off.json().errors[0].path).toBe('status');
    expect((await call(admin, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('a permitted change mails the old address and ends the sessions of the sign-in', async () => {
    const victim = await userWithRole('Employee', 'victim@acme.test');
    expect((await call(victim, 'GET', '/api/auth/me')).statusCode).toBe(200);
    t.mails.length = 0;
    const res = await call(clerk, 'PUT', `/api/employee/${employeeIds['victim@acme.test']}`, {
      email: 'victim.new@acme.test',
    });
    expect(res.statusCode).toBe(200);
    const mail = t.mails.find((m) => m.to === 'victim@acme.test');
    expect(mail?.subject).toBe('Your sign-in email was changed');
    expect(mail?.text).toContain('victim.new@acme.test');
    const queued = await t.db.query(
      "SELECT 1 FROM mail_outbox WHERE recipient = 'victim@acme.test' AND subject = 'Your sign-in email was changed'",
    );
    expect(queued.rows).toHaveLength(1);
    expect(
      await eventually(async () => (await call(victim, 'GET', '/api/employee/dropdown')).statusCode === 401),
    ).toBe(true);
  });
});

describe('employee codes under concurrency', () => {
  it('20 creates at once all succeed with distinct codes after the existing ones', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(admin, 'POST', '/api/employee', person())),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const codes = results.map((r) => r.json().data.employee_code as string);
    expect(new Set(codes).size).toBe(20);
    // The seed's codes run to ACM0060: generated ones come after.
    expect(codes.every((c) => /^ACM\d{4}$/.test(c) && Number(c.slice(3)) > 60)).toBe(true);
  });
});

describe('what a new user hit', () => {
  it('refuses a date of birth in the future, and a joining date before the birth', async () => {
    const future = await call(admin, 'POST', '/api/employee', person({ date_of_birth: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatchObject({ path: 'date_of_birth' });
    const before = await call(
      admin,
      'POST',
      '/api/employee',
      person({ date_of_birth: '2000-05-01', date_of_joining: '1999-01-01' }),
    );
    expect(before.statusCode).toBe(400);
    expect(before.json().errors[0].path).toBe('date_of_joining');
    const edit = await call(admin, 'PUT', `/api/employee/${employeeIds['clerk@acme.test']}`, {
      date_of_birth: '2999-01-01',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors[0].path).toBe('date_of_birth');
    const rows = fixtureRows(1, { prefix: 'DB' });
    rows[0]!.date_of_birth = '2999-01-01';
    const body = multipartBody('dob.csv', fixtureCsv(rows));
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/employee/upload',
      headers: { ...admin.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(400);
    expect(up.json().errors[0]).toMatchObject({ row: 2, field: 'date_of_birth' });
  });

  it('bulk-imported employees get the invitation, once each; skipped rows get none', async () => {
    const rows = fixtureRows(3, { prefix: 'INV' });
    const upload = async () => {
      const body = multipartBody('people.csv', fixtureCsv(rows));
      return t.app.inject({
        method: 'POST',
        url: '/api/employee/upload',
        headers: { ...admin.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    t.mails.length = 0;
    const first = await upload();
    expect(first.json().data).toMatchObject({ created: 3, skipped: 0 });
    // Sent in the background after the response.
    const invites = () => t.mails.filter((m) => m.subject === 'Your Acme Corp HR account').map((m) => m.to);
    expect(await eventually(async () => invites().length >= 3)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(invites().sort()).toEqual([
      'inv00001@upload.test',
      'inv00002@upload.test',
      'inv00003@upload.test',
    ]);
    t.mails.length = 0;
    const again = await upload();
    expect(again.json().data).toMatchObject({ created: 0, skipped: 3 });
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mails).toEqual([]);
  });

  it('dropdowns take up to 500 records; paged lists keep their cap', async () => {
    expect((await call(admin, 'GET', '/api/employee/dropdown?records=500')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/employee/dropdown?records=501')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/division/dropdown?records=500')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/reporting-role/dropdown?records=500')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/employee?records=500')).statusCode).toBe(400);
  });

  it('an admin enters addresses on create and on edit', async () => {
    const address = {
      kind: 'present',
      line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560001',
    };
    const created = await call(admin, 'POST', '/api/employee', person({ addresses: [address] }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.addresses).toMatchObject([{ kind: 'present', city: 'Bengaluru' }]);
    const id = created.json().data.id;
    const edited = await call(admin, 'PUT', `/api/employee/${id}`, {
      addresses: [
        { ...address, city: 'Mysuru' },
        { ...address, kind: 'permanent', line1: '1 Temple St' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const profile = (await call(admin, 'GET', `/api/employee/${id}/profile`)).json().data;
    expect(
      profile.addresses.map((a: { kind: string; city: string }) => `${a.kind}:${a.city}`).sort(),
    ).toEqual(['permanent:Bengaluru', 'present:Mysuru']);
  });
});

describe('abilities', () => {
  it('list rows, records and profiles say what the caller may do', async () => {
    const rows = (await call(admin, 'GET', '/api/employee?records=100')).json().data as {
      id: string;
      abilities: { edit: boolean; delete: boolean };
    }[];
    const me = employeeIds['admin@acme.test']!;
    expect(rows.find((r) => r.id === me)!.abilities).toEqual({ edit: true, delete: false });
    expect(rows.find((r) => r.id !== me)!.abilities).toEqual({ edit: true, delete: true });
    const clerkRows = (await call(clerk, 'GET', '/api/employee')).json().data;
    expect(clerkRows[0].abilities).toEqual({ edit: true, delete: false });
    const mgrRows = (await call(manager, 'GET', '/api/employee')).json().data;
    expect(
      mgrRows.every(
        (r: { abilities: object }) => JSON.stringify(r.abilities) === '{"edit":false,"delete":false}',
      ),
    ).toBe(true);
    const one = await call(manager, 'GET', `/api/employee/${mgrRows[0].id}`);
    expect(one.json().data.abilities).toEqual({ edit: false, delete: false });
    const profile = await call(admin, 'GET', `/api/employee/${me}/profile`);
    expect(profile.json().data.abilities).toEqual({ edit: true, delete: false });
  });
});
