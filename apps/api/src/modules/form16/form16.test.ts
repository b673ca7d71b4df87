import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { createFieldCrypto } from '../../lib/field-crypto';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';
import { confirmReviewed, waitComputed } from '../../test/payrun-steps';
import { pdfToolsPresent, textOf } from '../../test/pdf-tools';
import { formatRupees } from '../payrun';
import { issueForm16Chunk } from './form16.service';

/**
 * Form 16 Part B (issue 23) through the API: two confirmed pay runs of FY 2026-27 (December, Q3,
 * and January, Q4), one employee on the old regime by a submitted declaration; the year issued in
 * bulk once it has ended, one certificate and one mail per employee, the figures adding up to the
 * payslips, the downloads of the administrator and the employee, and the attacker's tries.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let companyId = '';

const FY = '2026-27';

async function runMonth(month: number, year: number, payDate: string) {
  const res = await callAs(t, admin, 'POST', '/api/payrun', { month, year, pay_date: payDate });
  if (res.statusCode !== 201) throw new Error(`create run: ${res.statusCode} ${res.body}`);
  const runId = res.json().data.id as string;
  const att = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runId}`);
  if (att.statusCode !== 200) throw new Error(`attendance: ${att.statusCode} ${att.body}`);
  const compute = await callAs(t, admin, 'POST', `/api/payrun/${runId}/compute`);
  if (compute.statusCode !== 200) throw new Error(`compute: ${compute.statusCode} ${compute.body}`);
  await waitComputed(t, admin, runId, 120_000);
  await confirmReviewed(t, admin, runId, 'Checked for the Form 16 tests');
  return runId;
}

const login = async () => {
  ({ admin, manager, employee, globex } = await demoSessions(t));
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-12-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  await login();
  companyId = await t.companyId('Acme Corp');
  // Priya declares the old regime with rent in Mumbai and 80C: her Form 16 shows HRA and Chapter VI-A.
  const win = await callAs(t, admin, 'PUT', `/api/tax/windows/${FY}`, {
    opens_on: '2026-04-01',
    closes_on: '2027-01-15',
  });
  if (win.statusCode !== 200) throw new Error(`window: ${win.body}`);
  const decl = await callAs(t, employee, 'PUT', '/api/tax/my/declaration', {
    financial_year: FY,
    regime: 'old',
    section_80c: [{ label: 'PPF', amount_paise: 50_000_00 }],
    rent: {
      monthly_rent_paise: 30_000_00,
      months: 12,
      city: 'Mumbai',
      landlord_name: 'R Rao',
      landlord_pan: 'ABCDE1234F',
    },
  });
  if (decl.statusCode !== 200) throw new Error(`declaration: ${decl.body}`);
  const sub = await callAs(t, employee, 'POST', '/api/tax/my/declaration/submit', { financial_year: FY });
  if (sub.statusCode !== 200) throw new Error(`submit: ${sub.body}`);
  await runMonth(12, 2026, '2026-12-31');
  t.clock.set(new Date('2027-01-20T06:00:00Z'));
  await login();
  await runMonth(1, 2027, '2027-01-31');
}, 400_000);
afterAll(() => t.close());

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const form16Mails = () =>
  count(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'Your Form 16 for financial year 2026-27'`,
  );
const issued = async () => {
  const ok = await eventually(
    async () => (await callAs(t, admin, 'GET', `/api/form16/${FY}`)).json().data.status === 'issued',
    120_000,
  );
  expect(ok).toBe(true);
  return (await callAs(t, admin, 'GET', `/api/form16/${FY}`)).json().data;
};

type Doc = {
  employee: { id: string; pan: string | null; name: string };
  figures: {
    regime: string;
    payslipGrossPaise: number;
    grossSalaryPaise: number;
    salary17_1Paise: number;
    perquisites17_2Paise: number;
    profitsInLieu17_3Paise: number;
    exemptions: { hraPaise: number; totalPaise: number };
    chapterVIA: { section: string; amountPaise: number }[];
    quarters: { quarter: number; grossPaise: number; tdsPaise: number }[];
    tdsThisEmployerPaise: number;
    totalIncomePaise: number;
    netTaxPayablePaise: number;
  };
};

describe('Form 16', () => {
  it('is refused before the year ends, in words, and needs the payroll permission', async () => {
    const url = `/api/form16/${FY}/issue`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await callAs(t, employee, 'POST', url)).statusCode).toBe(403);
    expect((await callAs(t, manager, 'POST', url)).statusCode).toBe(403);
    expect((await callAs(t, employee, 'GET', `/api/form16/${FY}`)).statusCode).toBe(403);
    const early = await callAs(t, admin, 'POST', url);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/issued after the year ends on 31 Mar 2027/);
    expect(await count('SELECT count(*)::int AS n FROM form16_documents')).toBe(0);
    // Malformed and absurd years are refused by the schema, in words.
    for (const fy of ['9999-00', '2026-28', 'abc', '2026-27x']) {
      const bad = await callAs(t, admin, 'POST', `/api/form16/${fy}/issue`);
      expect(bad.statusCode, fy).toBe(400);
    }
    expect((await callAs(t, admin, 'POST', url, { reissue: 'yes' })).statusCode).toBe(400);
    expect((await callAs(t, admin, 'POST', url, { reissue: true, extra: { a: [1] } })).statusCode).toBe(400);
  });

  it('issues one certificate per employee paid in the year on the job runner, and one mail each', async () => {
    t.clock.set(new Date('2027-04-05T06:00:00Z'));
    await login();
    // Another company has no pay run in the year: nothing to issue there.
    const other = await callAs(t, globex, 'POST', `/api/form16/${FY}/issue`);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/No confirmed pay run in financial year 2026-27/);

    const paid = await count(
      `SELECT count(DISTINCT employee_id)::int AS n FROM payslips p JOIN pay_runs r ON r.id = p.run_id
        WHERE r.status = 'confirmed' AND p.status = 'computed'`,
    );
    expect(paid).toBeGreaterThan(10);
    // The same request twice at once: one issuing, one set of certificates.
    const [a, b] = await Promise.all([
      callAs(t, admin, 'POST', `/api/form16/${FY}/issue`),
      callAs(t, admin, 'POST', `/api/form16/${FY}/issue`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    const started = a.statusCode === 202 ? a : b;
    expect(started.json().message).toMatch(
      /Issuing Form 16 for 2026-27 to \d+ employees from the confirmed payslips of 2 months/,
    );
    expect(started.json().data).toMatchObject({ assessment_year: '2027-28', employees: paid });
    const done = await issued();
    expect(done).toMatchObject({ employees: paid, issued: paid, confirmed_months: ['2026-12', '2027-01'] });
    expect(await count('SELECT count(*)::int AS n FROM form16_documents')).toBe(paid);
    const withMail = await count(
      `SELECT count(*)::int AS n FROM employees e WHERE e.email IS NOT NULL AND e.id IN (SELECT employee_id FROM form16_documents)`,
    );
    expect(await form16Mails()).toBe(withMail);
    const mail = (
      await t.db.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox WHERE subject = 'Your Form 16 for financial year 2026-27' LIMIT 1`,
      )
    ).rows[0]!.text_body;
    expect(mail).toMatch(/\/user\/documents\/form16/);
    expect(mail).not.toMatch(/₹|[A-Z]{5}\d{4}[A-Z]/);

    // A job retried after the year is issued (pg-boss delivers at least once) makes nothing.
    const deps = {
      db: t.db,
      crypto: createFieldCrypto(t.config.dataKey),
      audit: { record: async () => undefined } as never,
      jobs: null,
      clock: t.clock,
      appUrl: 'http://localhost',
    };
    expect(await issueForm16Chunk(deps, companyId, FY)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM form16_documents')).toBe(paid);
    expect(await form16Mails()).toBe(withMail);

    // Again: nothing made again, no second mail.
    const again = await callAs(t, admin, 'POST', `/api/form16/${FY}/issue`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already issued to all/);
    expect(await form16Mails()).toBe(withMail);
  });

  it('adds up to the payslips: gross and TDS by quarter for every employee', async () => {
    const { rows: slips } = await t.db.query<{
      employee_id: string;
      month: string;
      gross: number;
      tds: number;
    }>(
      `SELECT p.employee_id, to_char(p.month, 'YYYY-MM') AS month, p.gross_paise::float8 AS gross,
              coalesce((SELECT sum((l->>'amount')::bigint) FROM jsonb_array_elements(p.lines) l WHERE l->>'code' = 'TDS'), 0)::float8 AS tds
         FROM payslips p JOIN pay_runs r ON r.id = p.run_id WHERE r.status = 'confirmed' AND p.status = 'computed'`,
    );
    const { rows: docs } = await t.db.query<{ employee_id: string; document: Doc }>(
      'SELECT employee_id, document FROM form16_documents',
    );
    let tdsSeen = 0;
    for (const d of docs) {
      const mine = slips.filter((s) => s.employee_id === d.employee_id);
      const f = d.document.figures;
      const sum = (xs: typeof mine, k: 'gross' | 'tds') => xs.reduce((a, s) => a + s[k], 0);
      expect(f.payslipGrossPaise).toBe(sum(mine, 'gross'));
      expect(f.salary17_1Paise + f.perquisites17_2Paise + f.profitsInLieu17_3Paise).toBe(f.grossSalaryPaise);
      const q3 = mine.filter((s) => s.month === '2026-12');
      const q4 = mine.filter((s) => s.month === '2027-01');
      expect(f.quarters.map((q) => q.tdsPaise)).toEqual([0, 0, sum(q3, 'tds'), sum(q4, 'tds')]);
      expect(f.quarters.map((q) => q.grossPaise)).toEqual([0, 0, sum(q3, 'gross'), sum(q4, 'gross')]);
      expect(f.tdsThisEmployerPaise).toBe(sum(mine, 'tds'));
      tdsSeen += f.tdsThisEmployerPaise;
    }
    // Some TDS was deducted at all, or the comparison above proves little.
    expect(tdsSeen).toBeGreaterThan(0);
    // Priya's declaration (old regime, rent in Mumbai, PPF) is on hers.
    const priya = docs.find((d) => d.employee_id === employee.userResponse.employee_id)!.document;
    expect(priya.figures.regime).toBe('old');
    expect(priya.figures.exemptions.hraPaise).toBeGreaterThan(0);
    expect(priya.figures.chapterVIA.find((c) => c.section === '80C')!.amountPaise).toBeGreaterThanOrEqual(
      50_000_00,
    );
  });

  it('lets the employee download their own, and nobody reach another’s', async () => {
    const list = await callAs(t, employee, 'GET', '/api/form16/my');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ financial_year: FY, assessment_year: '2027-28' }),
    ]);
    const pdf = await callAs(t, employee, 'GET', `/api/form16/my/${FY}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toMatch(/no-store/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A year without one: 404.
    expect((await callAs(t, employee, 'GET', '/api/form16/my/2025-26/pdf')).statusCode).toBe(404);
    // The employee cannot use the administrator's route to reach a colleague's.
    const managerId = manager.userResponse.employee_id;
    expect(
      (await callAs(t, employee, 'GET', `/api/form16/${FY}/employees/${managerId}/pdf`)).statusCode,
    ).toBe(403);
    // Another company's administrator: 404 for Acme's employee, and an empty year of their own.
    expect((await callAs(t, globex, 'GET', `/api/form16/${FY}/employees/${managerId}/pdf`)).statusCode).toBe(
      404,
    );
    expect((await callAs(t, globex, 'GET', `/api/form16/${FY}`)).json().data).toMatchObject({
      status: 'none',
      employees: 0,
      issued: 0,
    });
    // Globex's own employee list has no Acme Form 16.
    expect((await callAs(t, globex, 'GET', '/api/form16/my')).json().data).toEqual([]);
    // The administrator's download of an Acme employee is audited.
    const byAdmin = await callAs(t, admin, 'GET', `/api/form16/${FY}/employees/${managerId}/pdf`);
    expect(byAdmin.statusCode).toBe(200);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'form16.downloaded' AND company_id = $1`,
        [companyId],
      ),
    ).toBe(1);
  });

  it.runIf(pdfToolsPresent)('prints the figures: full PAN, regime, heads and TDS by quarter', async () => {
    const doc = (
      await t.db.query<{ document: Doc }>('SELECT document FROM form16_documents WHERE employee_id = $1', [
        employee.userResponse.employee_id,
      ])
    ).rows[0]!.document;
    const pdf = (await callAs(t, employee, 'GET', `/api/form16/my/${FY}/pdf`)).rawPayload;
    const text = textOf(pdf);
    expect(text).toMatch(/Form No\. 16, Part B/);
    expect(text).toMatch(/Assessment year 2027-28/);
    expect(text).toContain(doc.employee.name);
    if (doc.employee.pan) expect(text).toContain(`PAN ${doc.employee.pan}`);
    expect(text).toMatch(/Tax regime: old regime/);
    expect(text).toContain(`(d) Total ${formatRupees(doc.figures.grossSalaryPaise)}`);
    expect(text).toContain(
      `House rent allowance under section 10(13A) ${formatRupees(doc.figures.exemptions.hraPaise)}`,
    );
    expect(text).toContain(`Total taxable income ${formatRupees(doc.figures.totalIncomePaise)}`);
    const q4 = doc.figures.quarters[3]!;
    expect(text).toContain(
      `Q4 (January to March): salary paid ${formatRupees(q4.grossPaise)} ${formatRupees(q4.tdsPaise)}`,
    );
    expect(text).toContain(`Net tax payable ${formatRupees(doc.figures.netTaxPayablePaise)}`);
    // The demo pays no perquisites: no Form 12BA page, and the certificate says so.
    expect(text).not.toMatch(/Form No\. 12BA/);
    expect(text).toMatch(/Form 12BA is not attached/);
  });

  it('issues again on request, replacing each certificate rather than adding one, without mailing twice', async () => {
    const before = await count('SELECT count(*)::int AS n FROM form16_documents');
    const mails = await form16Mails();
    const [a, b] = await Promise.all([
      callAs(t, admin, 'POST', `/api/form16/${FY}/issue`, { reissue: true }),
      callAs(t, admin, 'POST', `/api/form16/${FY}/issue`, { reissue: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    expect((a.statusCode === 200 ? a : b).json().message).toMatch(/being issued now/);
    await issued();
    expect(await count('SELECT count(*)::int AS n FROM form16_documents')).toBe(before);
    expect(await count('SELECT count(*)::int AS n FROM form16_documents WHERE generation = 2')).toBe(before);
    expect(await form16Mails()).toBe(mails);
  });
});
