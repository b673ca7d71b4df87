import { seedDemoActivity } from '../../db/seed/index';
import { seedPayrollDemoCompanies } from '../../db/seed/payroll-demo';
import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';

// Issue 24: the what-if failed on every demo employee. The demo here is seeded as the served demo
// seeds it (server.ts): seedDemo, the month's activity, then every demo company's payroll.
let t: TestApp;
let acme: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedDemoActivity(t.db, t.clock.now());
  await seedPayrollDemoCompanies(t.db, t.config.dataKey, t.clock);
  [acme, globex] = await Promise.all([t.login('admin@acme.test'), t.login('admin@globex.test')]);
});
afterAll(() => t.close());

/** Everyone in the caller's company with a salary, by name. */
async function salaried(company: string) {
  const { rows } = await t.db.query<{ id: string; name: string }>(
    `SELECT e.id, e.first_name || ' ' || e.last_name AS name FROM employees e JOIN companies c ON c.id = e.company_id
      WHERE c.name = $1 AND EXISTS (SELECT 1 FROM employee_salaries s WHERE s.employee_id = e.id)
      ORDER BY e.employee_code`,
    [company],
  );
  return rows;
}

describe('what-if on the demo data', () => {
  it.each([
    ['Acme Corp', () => acme, 60],
    ['Globex Ltd', () => globex, 5],
  ] as const)(
    'works out a payslip for every salaried employee of %s from their record alone',
    async (company, session, n) => {
      const people = await salaried(company);
      expect(people).toHaveLength(n);
      const failed: string[] = [];
      for (const p of people) {
        const res = await callAs(t, session(), 'POST', '/api/payroll/what-if', { employee_id: p.id });
        if (res.statusCode !== 200) failed.push(`${p.name}: ${res.statusCode} ${res.body}`);
        else expect(res.json().data.month).toBe('2026-11');
      }
      expect(failed).toEqual([]);
    },
  );

  it('asks for a missing fact in words, naming the person and the fact, with no field path', async () => {
    const [priya] = (await salaried('Acme Corp')).filter((p) => p.name === 'Priya Sharma');
    await t.db.query('UPDATE employees SET date_of_birth = NULL WHERE id = $1', [priya!.id]);
    const res = await callAs(t, acme, 'POST', '/api/payroll/what-if', { employee_id: priya!.id });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    const said =
      "The date of birth is not on Priya Sharma's record: enter it here to work out EPS and senior-citizen tax";
    expect(body.message).toBe(said);
    // The path is for the form to place the words by its date of birth input; a person never reads it.
    expect(body.errors).toEqual([{ path: 'facts.date_of_birth', message: said }]);
    expect(`${body.message} ${body.errors[0].message}`).not.toMatch(/[a-z]\.[a-z]|_|Validation failed/);

    // Without an employee, the fact is asked for in the same words.
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT e.id FROM payroll_earnings e JOIN companies c ON c.id = e.company_id
        WHERE c.name = 'Acme Corp' AND e.kind = 'special_allowance'`,
    );
    const none = await callAs(t, acme, 'POST', '/api/payroll/what-if', {
      facts: { state: 'KA', gender: 'female', joining_date: '2021-02-15' },
      annual_ctc_paise: 12_00_000_00,
      lines: [{ earning_id: rows[0]!.id, value_type: 'balancing' }],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'Enter the date of birth: it is needed to work out EPS and senior-citizen tax',
    );
  });
});
