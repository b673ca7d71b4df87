import { buildTestApp, eventually, type TestApp } from '../../test/helper';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let mgr: Session;
let emp: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, mgr, emp, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
});
afterAll(() => t.close());

const call = (method: string, url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: s.headers, payload: payload as object });
const acme = () => t.companyId('Acme Corp');
const audits = async (action: string) =>
  (
    await t.db.tenant(await acme(), (tx) =>
      tx.query<{ entity_id: string; changes: Record<string, unknown> }>(
        'SELECT entity_id, changes FROM audit_log WHERE action = $1 ORDER BY created_at',
        [action],
      ),
    )
  ).rows;

const NEW = {
  first_name: 'Meena',
  last_name: 'Kumari',
  email: 'Meena.Kumari@acme.test',
  date_of_joining: '2024-05-06',
  designation: 'Analyst',
  gender: 'female',
  pan: 'ABCDE1234F',
  aadhaar: '1234 5678 9012',
  bank_account: '001122334455',
  bank_ifsc: 'HDFC0001234',
  addresses: [
    { kind: 'present', line1: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
  ],
};

describe('POST employee', () => {
  let createdId: string;
  it('creates the employee and an invited sign-in with a generated code; PAN etc. encrypted at rest', async () => {
    const res = await call('POST', '/api/employee', admin, NEW);
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    createdId = d.id;
    expect(d).toMatchObject({
      employee_code: 'ACM0061',
      email: 'meena.kumari@acme.test',
      pan: 'XXXXXX234F',
      aadhaar: 'XXXXXX9012',
      bank_account: 'XXXXXX4455',
      role_name: 'Employee',
      sign_in_active: true,
      invited: true,
    });
    expect(d.addresses).toHaveLength(1);
    const raw = await t.db.query<Record<string, string>>(
      'SELECT pan_enc, aadhaar_enc, bank_account_enc, to_jsonb(e)::text AS whole FROM employees e WHERE id = $1',
      [createdId],
    );
    for (const secret of ['ABCDE1234F', '123456789012', '001122334455']) {
      expect(raw.rows[0]!.whole).not.toContain(secret);
    }
    expect(raw.rows[0]!.pan_enc).toMatch(/^v1\./);
    const user = await t.db.query<{ password_hash: string; role_id: string }>(
      'SELECT password_hash, role_id FROM users WHERE email = $1',
      ['meena.kumari@acme.test'],
    );
    expect(user.rows[0]!.password_hash.startsWith('!')).toBe(true);
    expect(t.mails.at(-1)).toMatchObject({ to: 'meena.kumari@acme.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: 'meena.kumari@acme.test',
        password: '!invited:set-password-through-the-emailed-link',
      },
    });
    expect(login.statusCode).toBe(401);
    const [audit] = await audits('employee.created');
    expect(audit!.entity_id).toBe(createdId);
    expect(JSON.stringify(audit!.changes)).not.toContain('ABCDE1234F');
    expect((audit!.changes.after as Record<string, unknown>).pan).toBe('XXXXXX234F');
  });

  it('mails the new sign-in an invitation whose set-password link still works days later', async () => {
    const mail = t.mails.findLast((m) => m.to === 'meena.kumari@acme.test')!;
    expect(mail.subject).toBe('Your Acme Corp HR account');
    expect(mail.text).toContain('You sign in with meena.kumari@acme.test');
    expect(mail.text).toContain('within 7 days');
    expect(mail.text).toMatch(/\/reset-password\?token=[^&\s]+&welcome=1/);
    const token = decodeURIComponent(/reset-password\?token=([^&\s]+)/.exec(mail.text)![1]!);
    const before = t.clock.now();
    t.clock.advance(3 * 24 * 60 * 60 * 1000); // a reset link (30 minutes) would be long dead
    try {
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Meena@2026' },
      });
      expect(reset.statusCode).toBe(200);
      const session = await t.login('meena.kumari@acme.test', 'Meena@2026');
      expect(session.headers.authorization).toMatch(/^Bearer /);
    } finally {
      t.clock.set(before);
    }
  });

  it('rejects a duplicate email or code (409 naming the field) and a bad body (400 naming fields)', async () => {
    const dupEmail = await call('POST', '/api/employee', admin, { ...NEW, pan: undefined });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().errors[0].path).toBe('email');
    const dupCode = await call('POST', '/api/employee', admin, {
      ...NEW,
      email: 'other@acme.test',
      employee_code: 'ACM0001',
    });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().errors[0].path).toBe('employee_code');
    // An email another company's sign-in uses is taken too (sign-in is by email alone).
    const crossCompany = await call('POST', '/api/employee', admin, { ...NEW, email: 'admin@globex.test' });
    expect(crossCompany.statusCode).toBe(409);
    const bad = await call('POST', '/api/employee', admin, {
      first_name: '',
      email: 'nope',
      date_of_joining: '2024-13-40',
      pan: 'abc',
      salary: 1,
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['first_name', 'email', 'date_of_joining', 'pan', 'salary']),
    );
  });

  it('is for employee_list.add holders only', async () => {
    expect((await call('POST', '/api/employee', mgr, NEW)).statusCode).toBe(403);
    expect((await call('POST', '/api/employee', emp, NEW)).statusCode).toBe(403);
  });

  it('a manager of another company cannot be set (404-like: no such employee)', async () => {
    const globexEmp = (await call('GET', '/api/employee?records=1', globex)).json().data[0].id;
    const res = await call('POST', '/api/employee', admin, {
      ...NEW,
      email: 'x1@acme.test',
      manager_id: globexEmp,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('manager_id');
  });
});

describe('GET employee/{id}/profile', () => {
  it('masks PAN, Aadhaar and bank account; an admin reveals with reveal=true (audited)', async () => {
    const created = (
      await call('POST', '/api/employee', admin, { ...NEW, email: 'reveal@acme.test', employee_code: 'RV1' })
    ).json().data;
    const masked = await call('GET', `/api/employee/${created.id}/profile`, admin);
    expect(masked.json().data).toMatchObject({ pan: 'XXXXXX234F', revealed: false, can_reveal: true });
    const shown = await call('GET', `/api/employee/${created.id}/profile?reveal=true`, admin);
    expect(shown.json().data).toMatchObject({
      pan: 'ABCDE1234F',
      aadhaar: '123456789012',
      bank_account: '001122334455',
      revealed: true,
    });
    expect((await audits('employee.sensitive_revealed')).map((a) => a.entity_id)).toContain(created.id);
  });

  it('scope: self for an employee, team (read) for a manager, 404 outside; Globex 404', async () => {
    const own = await call('GET', `/api/employee/${emp.userResponse.employee_id}/profile`, emp);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ employee_name: 'Priya Sharma', manager_name: 'Vikram Mehta' });
    expect(
      (await call('GET', `/api/employee/${emp.userResponse.employee_id}/profile?reveal=true`, emp))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/employee/${admin.userResponse.employee_id}/profile`, emp)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/employee/${emp.userResponse.employee_id}/profile`, mgr)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `/api/employee/${admin.userResponse.employee_id}/profile`, mgr)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/employee/${emp.userResponse.employee_id}/profile`, globex)).statusCode,
    ).toBe(404);
  });
});

describe('PUT employee/{id}', () => {
  it('updates, re-encrypts, and audits before/after masked', async () => {
    const created = (
      await call('POST', '/api/employee', admin, { ...NEW, email: 'upd@acme.test', employee_code: 'UP1' })
    ).json().data;
    const res = await call('PUT', `/api/employee/${created.id}`, admin, {
      designation: 'Senior Analyst',
      bank_account: '998877665544',
      email: 'upd2@acme.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ designation: 'Senior Analyst', bank_account: 'XXXXXX5544' });
    const entry = (await audits('employee.updated')).find((a) => a.entity_id === created.id)!;
    expect(entry.changes).toEqual({
      before: { designation: 'Analyst', email: 'upd@acme.test', bank_account: 'XXXXXX4455' },
      after: { designation: 'Senior Analyst', email: 'upd2@acme.test', bank_account: 'XXXXXX5544' },
    });
    const user = await t.db.query('SELECT 1 FROM users WHERE email = $1', ['upd2@acme.test']);
    expect(user.rows).toHaveLength(1);
    const raw = await t.db.query<{ whole: string }>(
      'SELECT to_jsonb(e)::text AS whole FROM employees e WHERE id = $1',
      [created.id],
    );
    expect(raw.rows[0]!.whole).not.toContain('998877665544');
  });

  it('refuses a reporting cycle and self-management', async () => {
    const mgrId = mgr.userResponse.employee_id!;
    const empId = emp.userResponse.employee_id!;
    const cycle = await call('PUT', `/api/employee/${mgrId}`, admin, { manager_id: empId });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].message).toMatch(/cycle/);
    expect((await call('PUT', `/api/employee/${mgrId}`, admin, { manager_id: mgrId })).statusCode).toBe(400);
  });

  it('permissions and scope: manager/employee 403, Globex admin 404', async () => {
    const empId = emp.userResponse.employee_id!;
    expect((await call('PUT', `/api/employee/${empId}`, mgr, { designation: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/employee/${empId}`, emp, { designation: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/employee/${empId}`, globex, { designation: 'x' })).statusCode).toBe(404);
  });
});

describe('PATCH employee/{id}/status and DELETE employee/{id}', () => {
  it('toggles status, switching the sign-in off; exited needs exit_date', async () => {
    const created = (
      await call('POST', '/api/employee', admin, { ...NEW, email: 'st@acme.test', employee_code: 'ST1' })
    ).json().data;
    const missing = await call('PATCH', `/api/employee/${created.id}/status`, admin, { status: 'exited' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().errors)).toMatch(/exit_date/);
    const off = await call('PATCH', `/api/employee/${created.id}/status`, admin, { status: 'inactive' });
    expect(off.json().data).toMatchObject({ status: 'inactive', sign_in_active: false });
    const exited = await call('PATCH', `/api/employee/${created.id}/status`, admin, {
      status: 'exited',
      exit_date: '2025-01-31',
    });
    expect(exited.json().data).toMatchObject({ status: 'exited', exit_date: '2025-01-31' });
    const inactiveList = await call('GET', '/api/employee?status=exited&records=100', admin);
    expect(inactiveList.json().data.map((e: { id: string }) => e.id)).toContain(created.id);
    expect(
      (await call('PATCH', `/api/employee/${created.id}/status`, mgr, { status: 'active' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/employee/${created.id}/status`, globex, { status: 'active' })).statusCode,
    ).toBe(404);
    expect((await audits('employee.status_changed')).length).toBeGreaterThanOrEqual(2);
  });

  it('deletes an employee without history; deactivates one with history', async () => {
    const fresh = (
      await call('POST', '/api/employee', admin, { ...NEW, email: 'del@acme.test', employee_code: 'DL1' })
    ).json().data;
    expect((await call('DELETE', `/api/employee/${fresh.id}`, mgr)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/employee/${fresh.id}`, globex)).statusCode).toBe(404);
    const del = await call('DELETE', `/api/employee/${fresh.id}`, admin);
    expect(del.json().data).toEqual({ id: fresh.id, outcome: 'deleted' });
    expect((await call('GET', `/api/employee/${fresh.id}`, admin)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', ['del@acme.test'])).rows).toHaveLength(
      0,
    );

    // The demo employee has signed in (audited login): history, so deactivated.
    const empId = emp.userResponse.employee_id!;
    const res = await call('DELETE', `/api/employee/${empId}`, admin);
    expect(res.json().data).toEqual({ id: empId, outcome: 'deactivated' });
    expect(res.json().message).toMatch(/deactivated/);
    const p = (await call('GET', `/api/employee/${empId}/profile`, admin)).json().data;
    expect(p).toMatchObject({ status: 'inactive', sign_in_active: false });
    // Their open session ended with the sign-in (migration 0015): refused on an ordinary route, not
    // only on /auth/me and refresh, which read the user again.
    const ended = async () => (await call('GET', `/api/employee/${empId}`, emp)).statusCode === 401;
    expect(await eventually(ended)).toBe(true);
    expect(
      (
        await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
          emp.userResponse.id,
        ])
      ).rows,
    ).toHaveLength(0);
    await call('PATCH', `/api/employee/${empId}/status`, admin, { status: 'active' });
    // Reactivated: they sign in again; the old session stays ended.
    emp = await t.login('employee@acme.test');
    expect((await call('GET', `/api/employee/${empId}`, emp)).statusCode).toBe(200);
    expect((await audits('employee.deleted')).map((a) => a.entity_id)).toContain(fresh.id);
    expect((await audits('employee.deactivated')).map((a) => a.entity_id)).toContain(empId);
  });
});

describe('PUT employee/profile (self-service)', () => {
  it('changes direct fields and addresses', async () => {
    const res = await call('PUT', '/api/employee/profile', emp, {
      phone: '+91 90000 11111',
      blood_group: 'O+',
      marital_status: 'single',
      addresses: [
        { kind: 'permanent', line1: '2 Hill St', city: 'Pune', state: 'MH', postal_code: '411001' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phone: '+91 90000 11111', blood_group: 'O+' });
    expect(res.json().data.addresses[0]).toMatchObject({ kind: 'permanent', city: 'Pune' });
    expect((await audits('employee.profile_updated')).length).toBe(1);
  });

  it('rejects fields that need approval, naming them and the change request', async () => {
    const res = await call('PUT', '/api/employee/profile', emp, {
      first_name: 'P',
      bank_account: '1234567890',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path).sort()).toEqual(['bank_account', 'first_name']);
    expect(errors[0]!.message).toMatch(/change request/);
  });

  it('needs employee_profile.edit', async () => {
    // Everyone built-in has it; a Globex admin edits their own record, never an Acme one.
    const res = await call('PUT', '/api/employee/profile', globex, { phone: '+91 99999 00000' });
    expect(res.json().data.employee_code).toBe('GLX0001');
  });
});

describe('experience, education, family', () => {
  it('self CRUD of own experience; admin for anyone; manager read-only; others 404', async () => {
    const empId = emp.userResponse.employee_id!;
    const body = {
      employee_id: empId,
      company_name: 'Initech',
      designation: 'Developer',
      start_date: '2018-01-01',
      end_date: '2020-12-31',
    };
    const created = await call('POST', '/api/employee/experience', emp, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(
      (await call('POST', '/api/employee/experience', emp, { ...body, end_date: '2017-01-01' })).statusCode,
    ).toBe(400);
    const list = await call('GET', `/api/employee/experience/${empId}`, mgr);
    expect(list.json().data).toHaveLength(1);
    expect((await call('POST', '/api/employee/experience', mgr, body)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/employee/experience/${id}`, mgr, { ...body, employee_id: undefined }))
        .statusCode,
    ).toBe(403);
    const { employee_id: _e, ...update } = body;
    const upd = await call('PUT', `/api/employee/experience/${id}`, admin, {
      ...update,
      designation: 'Lead',
    });
    expect(upd.json().data.designation).toBe('Lead');
    expect((await call('GET', `/api/employee/experience/${empId}`, globex)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/employee/experience/${id}`, globex)).statusCode).toBe(404);
    const other = await call('POST', '/api/employee/experience', emp, {
      ...body,
      employee_id: admin.userResponse.employee_id,
    });
    expect(other.statusCode).toBe(404);
    expect((await call('DELETE', `/api/employee/experience/${id}`, emp)).statusCode).toBe(200);
    expect((await audits('employee.experience_added')).length).toBe(1);
    expect((await audits('employee.experience_removed')).length).toBe(1);
  });

  it('education CRUD', async () => {
    const empId = emp.userResponse.employee_id!;
    const res = await call('POST', '/api/employee/education', emp, {
      employee_id: empId,
      education_type: 'bachelor',
      institution: 'IIT',
      year_of_passing: 2017,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const upd = await call('PUT', `/api/employee/education/${id}`, admin, {
      education_type: 'master',
      institution: 'IISc',
      year_of_passing: 2019,
    });
    expect(upd.json().data).toMatchObject({ education_type: 'master', institution: 'IISc' });
    expect((await call('GET', `/api/employee/education/${empId}`, emp)).json().data).toHaveLength(1);
    expect(
      (await call('POST', '/api/employee/education', emp, { employee_id: empId, institution: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await call('DELETE', `/api/employee/education/${id}`, admin)).statusCode).toBe(200);
  });

  it('family: nominee shares of one employee may not exceed 100%', async () => {
    const empId = emp.userResponse.employee_id!;
    const a = await call('POST', '/api/employee/family', emp, {
      employee_id: empId,
      name: 'Ravi Sharma',
      relation: 'father',
      nominee_share: 60,
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().data.nominee_share).toBe(60);
    const b = await call('POST', '/api/employee/family', emp, {
      employee_id: empId,
      name: 'Sita Sharma',
      relation: 'mother',
      nominee_share: 50,
    });
    expect(b.statusCode).toBe(400);
    expect(b.json().errors[0]).toMatchObject({ path: 'nominee_share' });
    const c = await call('POST', '/api/employee/family', emp, {
      employee_id: empId,
      name: 'Sita Sharma',
      relation: 'mother',
      nominee_share: 40,
    });
    expect(c.statusCode).toBe(201);
    const upd = await call('PUT', `/api/employee/family/${a.json().data.id}`, emp, {
      name: 'Ravi Sharma',
      relation: 'father',
      nominee_share: 61,
    });
    expect(upd.statusCode).toBe(400);
    expect((await call('GET', `/api/employee/family/${empId}`, emp)).json().data).toHaveLength(2);
  });
});

describe('dropdown and statistics', () => {
  it('dropdown lists active employees in scope, searchable', async () => {
    const res = await call('GET', '/api/employee/dropdown?q=priya', admin);
    expect(res.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Priya Sharma', employee_code: 'ACM0003' })]),
    );
    const own = await call('GET', '/api/employee/dropdown', emp);
    expect(own.json().data.map((e: { employee_code: string }) => e.employee_code)).toEqual(['ACM0003']);
    const g = await call('GET', '/api/employee/dropdown?q=priya', globex);
    expect(g.json().data).toEqual([]);
  });

  it('statistics: tenure; leave and attendance not tracked yet', async () => {
    t.clock.set(new Date('2024-04-16T10:00:00Z'));
    const empId = emp.userResponse.employee_id!;
    const res = await call('GET', `/api/employee/statistics/${empId}`, emp);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      date_of_joining: '2021-02-15',
      tenure: { years: 3, months: 2, days: 1 },
      leave_taken: null,
      attendance_rate: null,
    });
    expect(res.json().data.notes.leave_taken).toMatch(/not tracked yet/);
    expect(
      (await call('GET', `/api/employee/statistics/${admin.userResponse.employee_id}`, emp)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/employee/statistics/${empId}`, globex)).statusCode).toBe(404);
  });
});
