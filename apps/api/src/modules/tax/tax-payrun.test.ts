import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';

/**
 * The pay run reads the year's submitted declarations (issue 23): the regime chosen on the
 * declaration and its old-regime claims go into the engine's input and the TDS explanation; a draft
 * is not read.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee } = await demoSessions(t));
});
afterAll(() => t.close());

const declaration = {
  financial_year: '2026-27',
  regime: 'old',
  section_80c: [{ label: 'PPF', amount_paise: 1_50_000_00 }],
  health_parents_paise: 30_000_00,
  parents_senior: true,
  rent: {
    monthly_rent_paise: 30_000_00,
    months: 12,
    city: 'Mumbai',
    landlord_name: 'R Rao',
    landlord_pan: 'ABCDE1234F',
  },
};

it('takes the submitted declaration into the TDS, and not a draft', async () => {
  const win = await callAs(t, admin, 'PUT', '/api/tax/windows/2026-27', {
    opens_on: '2026-04-01',
    closes_on: '2027-01-15',
  });
  expect(win.statusCode, win.body).toBe(200);
  expect((await callAs(t, employee, 'PUT', '/api/tax/my/declaration', declaration)).statusCode).toBe(200);
  expect(
    (await callAs(t, employee, 'POST', '/api/tax/my/declaration/submit', { financial_year: '2026-27' }))
      .statusCode,
  ).toBe(200);
  // The manager saves a draft only.
  expect((await callAs(t, manager, 'PUT', '/api/tax/my/declaration', declaration)).statusCode).toBe(200);

  const run = await callAs(t, admin, 'POST', '/api/payrun', {
    month: 11,
    year: 2026,
    pay_date: '2026-11-30',
  });
  expect(run.statusCode, run.body).toBe(201);
  const runId = run.json().data.id as string;
  expect((await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runId}`)).statusCode).toBe(200);
  expect((await callAs(t, admin, 'POST', `/api/payrun/${runId}/compute`)).statusCode).toBe(200);
  const done = await eventually(
    async () => (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data.status === 'computed',
    60_000,
  );
  expect(done).toBe(true);

  type Slip = {
    employee_id: string;
    status: string;
    input: { tax: { regime: string; declarations?: Record<string, unknown> } };
  };
  const { rows } = await t.db.query<Slip>(
    'SELECT employee_id, status, input FROM payslips WHERE run_id = $1 AND employee_id = ANY($2::uuid[])',
    [runId, [employee.userResponse.employee_id, manager.userResponse.employee_id]],
  );
  const mine = rows.find((r) => r.employee_id === employee.userResponse.employee_id)!;
  expect(mine.status).toBe('computed');
  expect(mine.input.tax.regime).toBe('old');
  expect(mine.input.tax.declarations).toMatchObject({
    section80CPaise: 1_50_000_00,
    section80DParentsPaise: 30_000_00,
    parentsSenior: true,
    annualRentPaise: 3_60_000_00,
    rentCity: 'Mumbai',
  });
  // The payslip explains the TDS with the declared claims.
  const view = await callAs(
    t,
    admin,
    'GET',
    `/api/payrun/${runId}/payslips/${employee.userResponse.employee_id}`,
  );
  expect(view.statusCode, view.body).toBe(200);
  const tds = (view.json().data.lines as { code: string; explain: string }[]).find((l) => l.code === 'TDS')!;
  expect(tds.explain).toMatch(/old regime/);
  expect(tds.explain).toMatch(/least of HRA received/);
  expect(tds.explain).toMatch(/declared ₹1,50,000/);
  // No proof window this year: the claims are the declared figures, and the line says so.
  expect(tds.explain).toMatch(/old regime, projection method, claims as declared\)/);

  const draft = rows.find((r) => r.employee_id === manager.userResponse.employee_id)!;
  expect(draft.input.tax.declarations).toBeUndefined();
});
