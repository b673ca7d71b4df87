import type { Payslip } from '@hr/contract';
import {
  computePayslip,
  ENGINE_VERSION,
  type Payslip as EnginePayslip,
  STATUTORY_RULES,
  type StatutoryRules,
} from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/errors';
import { type PayrollEmployee, payrollEmployeesIn } from '../employees';
import { firstDay, lastDay } from './month';
import { amountInWords } from './pdf/amount-in-words';
import type { PayslipRow } from './stored';

const ROW_SELECT = `SELECT p.id, p.run_id, p.employee_id, to_char(p.month, 'YYYY-MM') AS month, p.status, p.salary_id,
    p.employee, p.input, p.lines, p.days, p.ytd, p.notes, p.gross_paise::float8 AS gross_paise,
    p.deductions_paise::float8 AS deductions_paise, p.net_paise::float8 AS net_paise,
    p.employer_paise::float8 AS employer_paise, p.ctc_paise::float8 AS ctc_paise, p.lop_days::float8 AS lop_days,
    p.payable_days::float8 AS payable_days, p.engine_version, p.error, p.confirmed, p.bank,
    to_char(r.pay_date, 'YYYY-MM-DD') AS pay_date,
    (SELECT to_char(effective_from, 'YYYY-MM-DD') FROM employee_salaries s WHERE s.id = p.salary_id) AS salary_effective_from,
    EXISTS (SELECT 1 FROM payslip_files f WHERE f.payslip_id = p.id) AS has_pdf,
    (SELECT f.password_hint FROM payslip_files f WHERE f.payslip_id = p.id) AS pdf_password_hint
  FROM payslips p JOIN pay_runs r ON r.id = p.run_id`;

type Row = PayslipRow & {
  pay_date: string;
  salary_effective_from: string | null;
  has_pdf: boolean;
  pdf_password_hint: string | null;
  bank: { bank_name: string | null; account_last4: string | null } | null;
};

export async function payslipRow(
  tx: Queryable,
  where: { runId: string; employeeId: string } | { id: string; employeeId?: string; confirmedOnly: true },
): Promise<Row> {
  const { rows } =
    'runId' in where
      ? await tx.query<Row>(`${ROW_SELECT} WHERE p.run_id = $1 AND p.employee_id = $2`, [
          where.runId,
          where.employeeId,
        ])
      : await tx.query<Row>(
          `${ROW_SELECT} WHERE p.id = $1 AND p.confirmed AND ($2::uuid IS NULL OR p.employee_id = $2::uuid)`,
          [where.id, where.employeeId ?? null],
        );
  if (!rows[0] || rows[0].status === 'pending') throw notFound('Payslip');
  return rows[0];
}

/** The computed payslips of these employees in a run, in one read (payslip generation's chunk). */
export async function payslipRowsOf(tx: Queryable, runId: string, employeeIds: string[]): Promise<Row[]> {
  const { rows } = await tx.query<Row>(
    `${ROW_SELECT} WHERE p.run_id = $1 AND p.employee_id = ANY($2::uuid[]) AND p.status <> 'pending'`,
    [runId, employeeIds],
  );
  return rows;
}

/**
 * The payslip as people read it (ADR 0016): the stored figures, each line explained by the engine
 * run again on the stored input. Where the engine's figures now differ from the stored ones (a
 * later engine or corrected data), the stored figures stand and the payslip says so.
 */
export async function payslipView(
  tx: Queryable,
  row: Row,
  opts: {
    previous: boolean;
    rules?: StatutoryRules;
    /** The employee's record as it is now, when the caller read it with others' (null: none). */
    current?: PayrollEmployee | null;
  },
): Promise<Payslip> {
  const rules = opts.rules ?? STATUTORY_RULES;
  let again: EnginePayslip | null = null;
  let warning: string | null = null;
  if (row.input) {
    try {
      again = computePayslip(row.input, rules);
    } catch {
      again = null;
    }
  }
  const explained = new Map((again?.lines ?? []).map((l) => [l.code, l]));
  const differs =
    !again ||
    (row.lines ?? []).some((l) => explained.get(l.code)?.amount !== l.amount) ||
    again.lines.length !== (row.lines ?? []).length;
  if (row.status === 'failed') warning = row.error;
  else if (differs) {
    warning = `These figures were computed by engine ${row.engine_version}; the current engine (${ENGINE_VERSION}) would compute some lines differently, so the explanations shown may not match the figures. The figures shown are the ones paid.`;
  }

  let previous = new Map<string, number>();
  if (opts.previous) {
    const { rows } = await tx.query<{ lines: { code: string; amount: number }[] }>(
      `SELECT lines FROM payslips WHERE employee_id = $1 AND confirmed AND status = 'computed' AND month < $2::date
        ORDER BY month DESC LIMIT 1`,
      [row.employee_id, `${row.month}-01`],
    );
    if (rows[0]) previous = new Map(rows[0].lines.map((l) => [l.code, l.amount]));
  }
  const now =
    opts.current !== undefined
      ? opts.current
      : (await payrollEmployeesIn(tx, firstDay(row.month), lastDay(row.month), { ids: [row.employee_id] }))
          .rows[0];
  const e = row.employee;
  const bankLast4 = row.bank ? row.bank.account_last4 : (now?.bank_account_last4 ?? null);
  const ytd = row.ytd;
  return {
    id: row.id,
    run_id: row.run_id,
    month: row.month,
    pay_date: row.pay_date,
    confirmed: row.confirmed,
    employee: {
      id: row.employee_id,
      code: e.code,
      name: e.name,
      designation: e.designation,
      division: e.division,
      date_of_joining: e.date_of_joining,
      pan_masked: now?.pan_last4 ? `XXXXXX${now.pan_last4}` : null,
      uan: e.uan,
      esi_number: e.esi_number,
      bank_name: row.bank ? row.bank.bank_name : (now?.bank_name ?? null),
      bank_account_masked: bankLast4 ? `XXXXXXXX${bankLast4}` : null,
    },
    days: row.days
      ? {
          basis: row.days.basis,
          outside_employment: row.days.outsideEmployment,
          lop: row.days.lop,
          payable: row.days.payable,
        }
      : { basis: 0, outside_employment: 0, lop: 0, payable: 0 },
    lines: (row.lines ?? []).map((l) => {
      const x = explained.get(l.code);
      return {
        code: l.code,
        label: l.label,
        kind: l.kind,
        base_paise: l.base,
        rate_bp: l.rate,
        amount_paise: l.amount,
        explain: x?.explain ?? '',
        // The law and settings in words; the rules-file references (rule.source) are not for payslips.
        rule: x ? x.rule.law : '',
        show: l.show,
        previous_paise: opts.previous ? (previous.get(l.code) ?? null) : null,
      };
    }),
    gross_paise: row.gross_paise ?? 0,
    deductions_paise: row.deductions_paise ?? 0,
    net_paise: row.net_paise ?? 0,
    net_in_words: amountInWords(row.net_paise ?? 0),
    employer_paise: row.employer_paise ?? 0,
    ctc_paise: row.ctc_paise ?? 0,
    ytd: {
      gross_paise: ytd?.gross ?? 0,
      tds_paise: ytd?.tds ?? 0,
      employee_pf_paise: ytd?.paid.employeePfPaise ?? 0,
      pt_paise: ytd?.paid.professionalTaxPaise ?? 0,
      months: ytd?.monthsPaid ?? 0,
    },
    notes: row.notes ?? [],
    engine_version: row.engine_version ?? ENGINE_VERSION,
    explanation_warning: warning,
    salary: { id: row.salary_id, effective_from: row.salary_effective_from },
    has_pdf: row.has_pdf,
    pdf_password_hint: row.pdf_password_hint,
  };
}
