import type { TemplateLineBody } from '@hr/contract';
import { type Clock, systemClock } from '../../lib/clock';
import { createFieldCrypto, lastFour } from '../../lib/field-crypto';
import { createAuditService } from '../../modules/audit/audit.service';
import { engineFiguresOn } from '../../modules/payroll/figures';
import { createSalaryService } from '../../modules/payroll/salary.service';
import { createTemplatesService } from '../../modules/payroll/templates.service';
import type { Actor } from '../../plugins/auth';
import type { Db } from '../client';

const BANKS = [
  { name: 'HDFC Bank', ifsc: 'HDFC0001234' },
  { name: 'ICICI Bank', ifsc: 'ICIC0000456' },
  { name: 'State Bank of India', ifsc: 'SBIN0004321' },
  { name: 'Axis Bank', ifsc: 'UTIB0000789' },
];

/** Annual CTC in rupees by position in the list: the admin and manager first, then a spread. */
function ctcOf(i: number): number {
  if (i === 0) return 36_00_000;
  if (i === 1) return 30_00_000;
  if (i === 2) return 12_00_000;
  // Some under ESI's ₹21,000 gross a month, most between ₹4 and ₹24 lakh.
  if (i % 11 === 5) return 2_40_000;
  return 4_00_000 + ((i * 137) % 41) * 50_000;
}

/**
 * The facts a payslip needs, for a demo company's employees: date of birth, PAN, UAN, ESI number
 * (for those under ESI's ceiling), bank account (PAN and account encrypted as the app stores them),
 * a salary from April 2025 on the company's default components, and the old tax regime for every
 * fourth person. Deterministic: the same people get the same figures every time.
 */
export async function seedPayrollPeople(
  db: Db,
  dataKey: string,
  companyName = 'Acme Corp',
  clock: Clock = systemClock,
): Promise<void> {
  const crypto = createFieldCrypto(dataKey);
  const { rows: co } = await db.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [
    companyName,
  ]);
  const companyId = co[0]?.id;
  if (!companyId) return;
  const { rows: admins } = await db.query<{ id: string; employee_id: string }>(
    `SELECT u.id, u.employee_id FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.company_id = $1 AND r.name = 'Admin' ORDER BY u.created_at LIMIT 1`,
    [companyId],
  );
  const admin = admins[0];
  if (!admin) return;
  const { employees, components } = await db.tenant(companyId, async (tx) => {
    const employees = await tx.query<{ id: string; first_name: string; last_name: string; salaries: number }>(
      `SELECT e.id, e.first_name, e.last_name, (SELECT count(*)::int FROM employee_salaries s WHERE s.employee_id = e.id) AS salaries
         FROM employees e ORDER BY e.employee_code`,
    );
    const components = await tx.query<{ id: string; kind: string; name: string }>(
      'SELECT id, kind, name FROM payroll_earnings ORDER BY name',
    );
    return { employees: employees.rows, components: components.rows };
  });
  const byName = (n: string) => components.find((c) => c.name === n)?.id;
  const basic = components.find((c) => c.kind === 'basic')?.id;
  const special = components.find((c) => c.kind === 'special_allowance')?.id;
  const hra = components.find((c) => c.kind === 'hra')?.id;
  if (!basic || !special || !hra) return;
  const lines: TemplateLineBody[] = [
    { earning_id: basic, value_type: 'percentage_of_ctc', percent: 50 },
    { earning_id: hra, value_type: 'percentage_of_basic', percent: 40 },
    ...[byName('Conveyance allowance'), byName('Medical allowance')]
      .filter((id): id is string => !!id)
      .map(
        (id, k): TemplateLineBody => ({
          earning_id: id,
          value_type: 'fixed_amount',
          amount_paise: k === 0 ? 1600_00 : 1250_00,
        }),
      ),
    { earning_id: special, value_type: 'balancing' },
  ];

  await db.tenant(companyId, async (tx) => {
    for (const [i, e] of employees.entries()) {
      const dob = new Date(Date.UTC(1975, 0, 15) + ((i * 397) % 9000) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const pan = `${'ABCDE'.slice(i % 3, (i % 3) + 3)}P${(e.last_name[0] ?? 'X').toUpperCase()}${String(1000 + i * 37).slice(-4)}${'KLMNP'[i % 5]}`;
      const account = `${5010_0000_0000 + i * 7919}`;
      const bank = BANKS[i % BANKS.length]!;
      const lowPaid = ctcOf(i) < 3_00_000;
      await tx.query(
        `UPDATE employees SET date_of_birth = coalesce(date_of_birth, $2::date), pan_enc = $3, pan_last4 = $4,
           uan = $5, esi_number = $6, bank_name = $7, bank_ifsc = $8, bank_account_enc = $9, bank_account_last4 = $10,
           bank_holder_name = $11, tax_regime = $12, bank_changed_at = NULL
         WHERE id = $1`,
        [
          e.id,
          dob,
          crypto.encrypt(pan),
          lastFour(pan),
          // One employee has no UAN yet, so the review has something to show.
          i === 7 ? null : `1001${String(20_000_000 + i * 4_111).padStart(8, '0')}`,
          lowPaid ? `31${String(10_000_000 + i * 97).padStart(8, '0')}` : null,
          bank.name,
          bank.ifsc,
          crypto.encrypt(account),
          lastFour(account),
          `${e.first_name} ${e.last_name}`.trim(),
          i % 4 === 3 ? 'old' : 'new',
        ],
      );
    }
  });

  const audit = createAuditService({ db });
  const templates = createTemplatesService({ db, clock, figuresOn: engineFiguresOn });
  const salary = createSalaryService({ db, clock, audit, templates });
  const actor: Actor = {
    userId: admin.id,
    companyId,
    sessionId: '00000000-0000-0000-0000-000000000000',
    employeeId: admin.employee_id,
    roleName: 'Admin',
    permissions: [],
    scope: 'company',
    ip: '127.0.0.1',
    requestId: 'seed',
  };
  for (const [i, e] of employees.entries()) {
    if (e.salaries > 0) continue;
    await salary.assign(actor, {
      employee_id: e.id,
      annual_ctc_paise: ctcOf(i) * 100,
      effective_from: '2025-04-01',
      lines,
      note: 'Demo salary',
    });
  }
}

/**
 * The served demo's payroll: every demo company's people get the facts a payslip needs and a
 * salary, so that a what-if or a pay run works for anyone a new user opens (issue 24).
 */
export async function seedPayrollDemoCompanies(db: Db, dataKey: string, clock: Clock = systemClock) {
  for (const name of ['Acme Corp', 'Globex Ltd']) await seedPayrollPeople(db, dataKey, name, clock);
}

/**
 * `n` more employees like the demo's, for benchmarks and scale tests: their payroll facts in one
 * set-based insert (no PAN; a placeholder bank account that is never decrypted), and each a salary
 * copied round-robin from the company's salaried employees. Run `seedPayrollPeople` first.
 */
export async function seedPayrollBulk(db: Db, companyId: string, n: number): Promise<void> {
  await db.tenant(companyId, async (tx) => {
    await tx.query(
      `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, date_of_joining, gender,
         date_of_birth, pt_state, uan, bank_name, bank_ifsc, bank_account_enc, bank_account_last4, division_unit_id)
       SELECT $1::uuid, 'B' || lpad(g::text, 6, '0'), 'Bench', 'Person ' || g, 'bench' || g || '@payroll.test',
              date '2015-01-01' + (g % 3000), CASE WHEN g % 2 = 0 THEN 'male' ELSE 'female' END,
              date '1975-01-01' + (g % 9000),
              (ARRAY['Karnataka','Maharashtra','Tamil Nadu','Telangana','West Bengal','Gujarat'])[1 + g % 6],
              '1002' || lpad(g::text, 8, '0'), 'HDFC Bank', 'HDFC0001234', 'v1.x.y.z', lpad((g % 10000)::text, 4, '0'),
              (SELECT id FROM division_units ORDER BY id OFFSET (g % 8) LIMIT 1)
         FROM generate_series(1, $2::int) g`,
      [companyId, n],
    );
    await tx.query(
      `WITH src AS (SELECT row_number() OVER (ORDER BY employee_id) - 1 AS k, annual_ctc_paise, lines, monthly_gross_paise
                      FROM employee_salaries),
            c AS (SELECT count(*) AS c FROM src),
            b AS (SELECT id, row_number() OVER (ORDER BY employee_code) AS g FROM employees WHERE employee_code LIKE 'B%')
       INSERT INTO employee_salaries (company_id, employee_id, annual_ctc_paise, effective_from, lines, monthly_gross_paise)
       SELECT $1::uuid, b.id, src.annual_ctc_paise, '2025-04-01', src.lines, src.monthly_gross_paise
         FROM b, c, src WHERE src.k = b.g % c.c
       ON CONFLICT DO NOTHING`,
      [companyId],
    );
  });
  await db.query('ANALYZE');
}
