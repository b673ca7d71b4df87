import type { PayableDaysDetail, PayRunSettings } from '@hr/contract';
import {
  computePayslip,
  type EarlierInYear,
  ENGINE_VERSION,
  epsEligibleAtJoining,
  formatInr,
  type OneTimeItem,
  type Payslip,
  type PayslipInput,
  STATUTORY_RULES,
  type StatutoryRules,
  type YearToDate,
} from '@hr/payroll-engine';
import type { Db, Queryable } from '../../db/client';
import { correctionsByIds, longDate } from '../attendance';
import { type PayrollEmployee, payrollEmployeesIn } from '../employees';
import { reimbursementPayoutLines } from '../expenses';
import { encashments } from '../leave';
import {
  type ComponentFlags,
  componentFlags,
  engineEpf,
  engineSalary,
  firstRevisionIds,
  pfWageOf,
  type RevisionHead,
  readStatutorySettings,
  revisionHeadsForMonth,
  revisionsById,
  revisionsForMonth,
  type SalaryRevision,
  stateCode,
  unsettledArrears,
} from '../payroll';
import { declarationsForPayRun, type PayRunDeclaration } from '../tax';
import { previousNets } from './finish';
import { daysIn, financialYearOf, firstDay, fyStartMonth, lastDay, monthLabel } from './month';
import { prorationOf, readPayrunSettings } from './settings';
import { type PayslipEmployee, REIMBURSEMENT_CODE_PREFIX, type StoredLine } from './stored';
import { anomaliesOf, chunkTotals, type SlipFacts } from './summary';

/**
 * Employees computed per transaction (ADR 0016): small enough to hold locks briefly, big enough to
 * batch. 200, not 500: the statements of a chunk (its reads, the update of its payslips) and the
 * parse of their rows then hold the server and the event loop for a shorter while, and other users'
 * p99 while a 10,000-employee run computes fell from 324 to about 200 ms (bench/payrun-latency.ts)
 * for the same total time.
 */
export const CHUNK = 200;
/** Payslips computed between two turns of the event loop (see computeChunk). */
const YIELD_EVERY = 20;

const EMPTY_EARLIER: EarlierInYear = {
  monthsPaid: 0,
  gross: 0,
  paid: { grossPaise: 0 },
  tds: 0,
  grossThisHalfYear: 0,
  ptThisHalfYear: 0,
  esiCoveredThisPeriod: false,
};

export const storedLines = (p: Payslip): StoredLine[] =>
  p.lines.map((l) => ({
    code: l.code,
    label: l.label,
    kind: l.kind,
    base: l.base,
    rate: l.rate,
    amount: l.amount,
    show: l.show,
    section: l.rule.section,
  }));

function snapshotOf(e: PayrollEmployee): PayslipEmployee {
  return {
    code: e.code,
    name: e.name,
    designation: e.designation,
    division_id: e.division_id,
    division: e.division,
    unit: e.unit,
    date_of_joining: e.date_of_joining,
    exit_date: e.exit_date,
    gender: e.gender,
    date_of_birth: e.date_of_birth,
    pt_state: e.pt_state,
    uan: e.uan,
    esi_number: e.esi_number,
  };
}

// ---- Preparing a run: auto items, the employees to compute in chunks ------------------------------

/** A one-time line of a run's payslip (a sheet's or an automatic item), as the chunk reads it. */
type RunItem = {
  source: string;
  kind: 'earning' | 'deduction';
  code: string;
  label: string;
  amount_paise: number;
  taxable: boolean;
  epf_wage: boolean;
  esi_wage: boolean;
  explain: string;
};

type NewItem = {
  employee_id: string;
  source: 'reimbursement' | 'encashment' | 'arrears' | 'lop_reversal';
  kind: 'earning' | 'deduction';
  code: string;
  label: string;
  amount_paise: number;
  taxable: boolean;
  epf_wage: boolean;
  esi_wage: boolean;
  explain: string;
  ref_id: string | null;
};

/** The earnings of a recomputed month minus what was paid, per line, as one-time items. */
function differenceItems(
  paid: StoredLine[],
  again: Payslip,
  input: PayslipInput,
  make: (
    line: { code: string; label: string },
    diff: number,
  ) => Omit<NewItem, 'amount_paise' | 'kind' | 'taxable' | 'epf_wage' | 'esi_wage'>,
): NewItem[] {
  const out: NewItem[] = [];
  const paidOf = new Map(paid.filter((l) => l.kind === 'earning').map((l) => [l.code, l.amount]));
  const flagsOf = new Map(input.salary.map((s) => [s.code, s.flags]));
  for (const l of again.lines) {
    if (l.kind !== 'earning' || !flagsOf.has(l.code)) continue;
    const diff = l.amount - (paidOf.get(l.code) ?? 0);
    if (diff === 0) continue;
    const f = flagsOf.get(l.code)!;
    out.push({
      ...make(l, diff),
      kind: diff > 0 ? 'earning' : 'deduction',
      amount_paise: Math.abs(diff),
      taxable: f.taxable,
      epf_wage: f.epfWage !== 'never',
      esi_wage: f.esiWage,
    });
  }
  return out;
}

/** Sums items of the same employee, source and code (arrears of several months become one line). */
function mergeItems(items: NewItem[]): NewItem[] {
  const byKey = new Map<string, NewItem & { parts: string[] }>();
  for (const it of items) {
    const key = `${it.employee_id}|${it.source}|${it.code}`;
    const signed = it.kind === 'earning' ? it.amount_paise : -it.amount_paise;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, { ...it, amount_paise: signed, parts: [it.explain] });
    } else {
      prev.amount_paise += signed;
      prev.parts.push(it.explain);
    }
  }
  const out: NewItem[] = [];
  for (const { parts, ...it } of byKey.values()) {
    if (it.amount_paise === 0) continue;
    out.push({
      ...it,
      kind: it.amount_paise > 0 ? 'earning' : 'deduction',
      amount_paise: Math.abs(it.amount_paise),
      explain: parts.join('; '),
    });
  }
  return out;
}

type ConfirmedSlip = {
  employee_id: string;
  month: string;
  salary_id: string | null;
  input: PayslipInput;
  lines: StoredLine[];
};

async function confirmedSlips(tx: Queryable, employeeIds: string[], from: string, before: string) {
  if (employeeIds.length === 0) return [];
  const { rows } = await tx.query<ConfirmedSlip>(
    `SELECT employee_id, to_char(month, 'YYYY-MM') AS month, salary_id, input, lines FROM payslips
      WHERE employee_id = ANY($1::uuid[]) AND confirmed AND status = 'computed'
        AND month >= $2::date AND month < $3::date
      ORDER BY employee_id, month`,
    [employeeIds, from, before],
  );
  return rows;
}

/**
 * Arrears of back-dated revisions: every confirmed month from the revision's effective date paid on
 * an earlier salary is computed again with the revised lines (same attendance, same everything
 * else), and each earning's difference becomes an item of this run, named with its months.
 */
async function arrearsItems(
  tx: Queryable,
  runMonth: string,
  employeeIds: string[],
  flags: ComponentFlags,
  rules: StatutoryRules,
): Promise<NewItem[]> {
  const revisions = await unsettledArrears(tx, employeeIds, firstDay(runMonth));
  if (revisions.length === 0) return [];
  const earliest = revisions.reduce(
    (m, r) => (r.arrears_from! < m ? r.arrears_from! : m),
    firstDay(runMonth),
  );
  const slips = await confirmedSlips(
    tx,
    [...new Set(revisions.map((r) => r.employee_id))],
    `${earliest.slice(0, 7)}-01`,
    firstDay(runMonth),
  );
  const out: NewItem[] = [];
  for (const rev of revisions) {
    const { salary, benefits } = engineSalary(rev.lines, flags);
    for (const slip of slips) {
      if (slip.employee_id !== rev.employee_id || slip.salary_id === rev.id) continue;
      if (slip.month < rev.arrears_from!.slice(0, 7)) continue;
      // A revision from the middle of a month pays arrears for its days of that month only.
      const dim = daysIn(slip.month);
      const fromDay =
        slip.month === rev.arrears_from!.slice(0, 7) ? Number(rev.arrears_from!.slice(8, 10)) : 1;
      const again = computePayslip({ ...slip.input, salary, benefits }, rules);
      const items = differenceItems(slip.lines, again, slip.input, (l) => ({
        employee_id: rev.employee_id,
        source: 'arrears',
        code: `ARR_${l.code}`.slice(0, 40),
        label: `Arrears: ${l.label}`,
        explain: `${monthLabel(slip.month)}${fromDay > 1 ? ` (from ${fromDay}th, ${dim - fromDay + 1} of ${dim} days)` : ''}: revision effective ${rev.effective_from}`,
        ref_id: rev.id,
      }));
      for (const it of items) {
        if (fromDay > 1) it.amount_paise = Math.round((it.amount_paise * (dim - fromDay + 1)) / dim);
        if (it.amount_paise > 0) out.push(it);
      }
    }
  }
  return out;
}

/**
 * Loss of pay of an earlier confirmed month paid back (the attendance sheet's reversal days, or the
 * approved corrections of that month the run's attendance took): that month is computed again with
 * fewer LOP days and each earning's difference becomes an item, naming the dates corrected and why.
 */
async function lopReversalItems(
  tx: Queryable,
  runId: string,
  runMonth: string,
  rules: StatutoryRules,
): Promise<NewItem[]> {
  const { rows } = await tx.query<{
    employee_id: string;
    days: string;
    month: string;
    corrections: string[];
  }>(
    `SELECT employee_id, lop_reversal_days AS days, to_char(lop_reversal_month, 'YYYY-MM') AS month,
            lop_reversal_corrections::text[] AS corrections
       FROM pay_run_attendance WHERE run_id = $1 AND lop_reversal_days > 0 AND lop_reversal_month IS NOT NULL`,
    [runId],
  );
  const why = new Map<string, string[]>();
  for (const c of await correctionsByIds(
    tx,
    rows.flatMap((r) => r.corrections),
  )) {
    const list = why.get(c.employee_id) ?? [];
    why.set(c.employee_id, list);
    const what = c.source === 'leave' ? 'unpaid leave cancelled' : 'regularisation approved';
    list.push(`LOP of ${longDate(c.date)} reversed: ${what} on ${longDate(c.decided_on)}`);
  }
  const out: NewItem[] = [];
  for (const r of rows) {
    const slips = await confirmedSlips(tx, [r.employee_id], `${r.month}-01`, firstDay(runMonth));
    const slip = slips.find((s) => s.month === r.month);
    if (!slip) continue;
    const days = Number(r.days);
    const paidLop = slip.input.attendance.lopDays;
    const lopDays = Math.max(0, paidLop - days);
    const again = computePayslip({ ...slip.input, attendance: { ...slip.input.attendance, lopDays } }, rules);
    const reasons = why.get(r.employee_id) ?? [];
    out.push(
      ...differenceItems(slip.lines, again, slip.input, (l) => ({
        employee_id: r.employee_id,
        source: 'lop_reversal',
        code: `LOPREV_${l.code}`.slice(0, 40),
        label: `LOP reversal: ${l.label}`,
        explain: `${paidLop - lopDays} day(s) of loss of pay in ${monthLabel(r.month)} paid back (${paidLop} LOP days were deducted then, ${lopDays} now)${reasons.length > 0 ? `. ${reasons.join('; ')}` : ''}`,
        ref_id: null,
      })),
    );
  }
  return out;
}

/**
 * Reimbursements (approved, unpaid) and leave encashed in the month, as items. Encashment pays
 * (Basic + DA) ÷ 30 a day (statutory-rules §6 leaves the per-day rate to policy; this product takes
 * ÷ 30); it is taxable and neither EPF nor ESI wage.
 */
async function payoutItems(
  tx: Queryable,
  companyId: string,
  month: string,
  inRun: Map<string, RevisionHead[]>,
  flags: ComponentFlags,
): Promise<NewItem[]> {
  const out: NewItem[] = [];
  for (const c of await reimbursementPayoutLines(tx, month)) {
    if (!inRun.has(c.employee_id) || c.amount_paise <= 0) continue;
    out.push({
      employee_id: c.employee_id,
      source: 'reimbursement',
      kind: 'earning',
      code: `${REIMBURSEMENT_CODE_PREFIX}${c.claim_id.slice(0, 8)}`,
      label: `Reimbursement: ${c.category_name}`,
      amount_paise: c.amount_paise,
      taxable: false,
      epf_wage: false,
      esi_wage: false,
      explain: `Approved claim for ${c.category_name} dated ${c.expense_date}, paid with salary`,
      ref_id: c.claim_id,
    });
  }
  const cashed = (await encashments(tx, companyId, month)).filter((e) => inRun.has(e.employeeId));
  // The lines of the revisions encashment is paid on, read for these few employees only.
  const lastOf = (id: string) => inRun.get(id)!.at(-1)!.id;
  const linesOf =
    cashed.length > 0
      ? await revisionsById(
          tx,
          cashed.map((e) => lastOf(e.employeeId)),
        )
      : new Map<string, SalaryRevision>();
  for (const e of cashed) {
    const rev = linesOf.get(lastOf(e.employeeId));
    if (!rev) continue;
    const basicDa = rev.lines
      .filter(
        (l) =>
          l.group === 'earning' && l.component_id && flags.earnings.get(l.component_id)?.kind === 'basic',
      )
      .reduce((n, l) => n + l.monthly_paise, 0);
    const amount = Math.round((basicDa * e.days) / 30);
    if (amount <= 0) continue;
    out.push({
      employee_id: e.employeeId,
      source: 'encashment',
      kind: 'earning',
      code: `ENCASH_${e.leaveTypeCode}`
        .replace(/[^A-Z0-9_]/gi, '')
        .toUpperCase()
        .slice(0, 40),
      label: `Leave encashment: ${e.leaveTypeName}`,
      amount_paise: amount,
      taxable: true,
      epf_wage: false,
      esi_wage: false,
      explain: `${e.days} day(s) of ${e.leaveTypeName} encashed in ${monthLabel(month)} at (Basic + DA) ${formatInr(basicDa)} ÷ 30 a day`,
      ref_id: e.leaveTypeId,
    });
  }
  return out;
}

/** The automatic items of the month for the employees with these revisions, merged per line. */
async function itemsOf(
  tx: Queryable,
  companyId: string,
  runId: string,
  month: string,
  revisions: Map<string, RevisionHead[]>,
  flags: ComponentFlags,
  rules: StatutoryRules,
): Promise<NewItem[]> {
  return mergeItems([
    ...(await payoutItems(tx, companyId, month, revisions, flags)),
    ...(await arrearsItems(tx, month, [...revisions.keys()], flags, rules)),
    ...(await lopReversalItems(tx, runId, month, rules)),
  ]);
}

/**
 * What computing the run would add by itself as things stand now (read only): the same items
 * `prepareRun` writes, each with the employee's code and name, by employee code.
 */
export async function automaticItemsNow(
  tx: Queryable,
  companyId: string,
  runId: string,
  month: string,
  rules: StatutoryRules = STATUTORY_RULES,
): Promise<(NewItem & { employee_code: string; employee_name: string })[]> {
  const from = firstDay(month);
  const to = lastDay(month);
  const { rows: employees } = await payrollEmployeesIn(tx, from, to);
  const revisions = await revisionHeadsForMonth(
    tx,
    employees.map((e) => e.id),
    from,
    to,
  );
  const items = await itemsOf(tx, companyId, runId, month, revisions, await componentFlags(tx), rules);
  const who = new Map(employees.map((e) => [e.id, e]));
  return items
    .map((i) => ({
      ...i,
      employee_code: who.get(i.employee_id)?.code ?? '',
      employee_name: who.get(i.employee_id)?.name ?? '',
    }))
    .sort((a, b) => a.employee_code.localeCompare(b.employee_code) || a.source.localeCompare(b.source));
}

/**
 * Makes a run ready to compute, in the caller's transaction (the run locked, a draft with confirmed
 * attendance): the automatic items (reimbursements, leave encashment, arrears, LOP reversal) are
 * taken afresh, the employees of the month who have a salary are recorded in chunks of `chunk`,
 * each with the revisions their payslip takes (one consistent version per employee), and employees
 * without a salary are listed as anomalies. Returns the number of payslips to compute.
 */
export async function prepareRun(
  tx: Queryable,
  companyId: string,
  runId: string,
  month: string,
  userId: string,
  rules: StatutoryRules = STATUTORY_RULES,
  chunk: number = CHUNK,
): Promise<number> {
  const from = firstDay(month);
  const to = lastDay(month);
  const { rows: employees } = await payrollEmployeesIn(tx, from, to);
  const ids = employees.map((e) => e.id);
  const revisions = await revisionHeadsForMonth(tx, ids, from, to);
  const flags = await componentFlags(tx);

  await tx.query(`DELETE FROM pay_run_items WHERE run_id = $1 AND source <> 'sheet'`, [runId]);
  const items = await itemsOf(tx, companyId, runId, month, revisions, flags, rules);
  if (items.length > 0) {
    await tx.query(
      `INSERT INTO pay_run_items (run_id, company_id, employee_id, source, kind, code, label, amount_paise,
         taxable, epf_wage, esi_wage, explain, ref_id)
       SELECT $1, $2, x.employee_id, x.source, x.kind, x.code, x.label, x.amount_paise, x.taxable, x.epf_wage,
              x.esi_wage, x.explain, x.ref_id
         FROM jsonb_to_recordset($3::jsonb) AS x(employee_id uuid, source text, kind text, code text, label text,
              amount_paise bigint, taxable boolean, epf_wage boolean, esi_wage boolean, explain text, ref_id uuid)`,
      [runId, companyId, JSON.stringify(items)],
    );
  }

  // The employees to compute, in chunks (migration 0118): each chunk inserts its payslips once
  // computed, so a payslip is written once. Each employee keeps the revisions taken now (one
  // consistent version per employee) and their record as it is now (the payslip's `employee`).
  const withSalary = employees.filter((e) => revisions.has(e.id));
  const rows: ChunkEmployee[] = withSalary.map((e) => {
    const revs = revisions.get(e.id)!;
    return {
      employee_id: e.id,
      salary_id: revs[revs.length - 1]!.id,
      salary_ids: revs.map((r) => r.id),
      employee: snapshotOf(e),
    };
  });
  await tx.query('DELETE FROM pay_run_chunks WHERE run_id = $1', [runId]);
  await tx.query('DELETE FROM pay_run_chunk_totals WHERE run_id = $1', [runId]);
  const chunks: { seq: number; size: number; employees: ChunkEmployee[] }[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    chunks.push({ seq: chunks.length, size: part.length, employees: part });
  }
  for (let i = 0; i < chunks.length; i += 10) {
    await tx.query(
      `INSERT INTO pay_run_chunks (company_id, run_id, seq, size, employees)
       SELECT $1, $2, x.seq, x.size, x.employees
         FROM jsonb_to_recordset($3::jsonb) AS x(seq int, size int, employees jsonb)`,
      [companyId, runId, JSON.stringify(chunks.slice(i, i + 10))],
    );
  }
  const missing = employees.filter((e) => !revisions.has(e.id));
  for (const e of missing) {
    const joined = e.date_of_joining >= from;
    await tx.query(
      `INSERT INTO pay_run_anomalies (company_id, run_id, employee_id, kind, message) VALUES ($1, $2, $3, $4, $5)`,
      [
        companyId,
        runId,
        e.id,
        joined ? 'joined_not_paid' : 'no_salary',
        joined
          ? `${e.name} (${e.code}) joined on ${e.date_of_joining} and has no salary: not paid in this run`
          : `${e.name} (${e.code}) has no salary in force in ${monthLabel(month)}: not paid in this run`,
      ],
    );
  }
  await tx.query(
    `UPDATE pay_runs SET status = 'computing', compute_started_at = now(), computed_by = $2, updated_at = now()
      WHERE id = $1`,
    [runId, userId],
  );
  return rows.length;
}

// ---- Computing a chunk --------------------------------------------------------------------------

/** An employee of a run's chunk (pay_run_chunks.employees): what their payslip starts from. */
type ChunkEmployee = {
  employee_id: string;
  salary_id: string;
  /** The month's revisions taken when the run was prepared; null on payslips prepared before 0115. */
  salary_ids: string[] | null;
  /** Who the payslip is for, as they were when the run was prepared. */
  employee: PayslipEmployee;
};

function earlierFromYtd(y: YearToDate): EarlierInYear {
  return {
    monthsPaid: y.monthsPaid,
    gross: y.gross,
    paid: y.paid,
    tds: y.tds,
    grossThisHalfYear: y.grossThisHalfYear,
    ptThisHalfYear: y.ptThisHalfYear,
    esiCoveredThisPeriod: y.esiCoveredThisPeriod,
  };
}

type Opening = {
  employee_id: string;
  months_paid: number;
  gross_paise: number;
  taxable_paise: number;
  basic_da_paise: number;
  hra_paise: number;
  employee_pf_paise: number;
  pt_paise: number;
  tds_paise: number;
  previous_employer_income_paise: number;
  previous_employer_tds_paise: number;
};

function earlierFromOpening(o: Opening): EarlierInYear {
  return {
    monthsPaid: o.months_paid,
    gross: o.gross_paise,
    paid: {
      grossPaise: o.taxable_paise,
      hraPaise: o.hra_paise,
      basicDaPaise: o.basic_da_paise,
      employeePfPaise: o.employee_pf_paise,
      professionalTaxPaise: o.pt_paise,
    },
    tds: o.tds_paise,
    grossThisHalfYear: 0,
    ptThisHalfYear: 0,
    esiCoveredThisPeriod: false,
  };
}

/** The engine input of one employee's month, or the reason (in words) it cannot be made. */
export function buildInput(a: {
  month: string;
  employee: PayrollEmployee;
  revisions: SalaryRevision[];
  /** The employee's earliest salary on record (for EPS membership at joining); null: the month's first. */
  firstRevision: SalaryRevision | null;
  attendance: { lop_days: number; detail: PayableDaysDetail };
  items: RunItem[];
  tdsOverride: { tds_paise: number; reason: string } | null;
  settings: PayRunSettings;
  statutory: Awaited<ReturnType<typeof readStatutorySettings>>;
  flags: ComponentFlags;
  earlier: EarlierInYear;
  opening: Opening | null;
  /** The employee's submitted tax declaration for the year (issue 23), if any. */
  declaration?: PayRunDeclaration | undefined;
  rules: StatutoryRules;
}): { input: PayslipInput; notes: string[] } | { error: string } {
  const e = a.employee;
  const state = stateCode(e.pt_state);
  if (!state) return { error: `The work state (for professional tax) is not on ${e.name}'s record` };
  if (!e.date_of_birth)
    return { error: `The date of birth (for tax and pension) is not on ${e.name}'s record` };
  const notes: string[] = [];
  // A revision that starts within the month splits it: each line is paid by the days of each salary.
  const from = firstDay(a.month);
  const to = lastDay(a.month);
  const dim = daysIn(a.month);
  // The days employed in the month. The engine prorates the monthly figures by the payable days
  // (which already leave out the days before joining and after leaving), so the split weighs each
  // salary over the days employed, not over the month: a joiner of the 17th whose salary starts
  // that day takes the whole monthly figure here and 14/30 of it from the engine, not 14/30 twice
  // (the golden case, docs/payroll-golden-case.md).
  const firstEmployed = e.date_of_joining > from ? Number(e.date_of_joining.slice(8, 10)) : 1;
  const lastEmployed = e.exit_date && e.exit_date < to ? Number(e.exit_date.slice(8, 10)) : dim;
  const employedDays = Math.max(1, lastEmployed - firstEmployed + 1);
  const revs = a.revisions;
  let lines = revs[revs.length - 1]!.lines;
  if (revs.length > 1 || revs[0]!.effective_from > from) {
    const dayOf = (r: SalaryRevision) =>
      r.effective_from <= from ? 1 : Number(r.effective_from.slice(8, 10));
    const weights = revs.map((r, i) => {
      const start = Math.max(dayOf(r), firstEmployed);
      const end = Math.min(i + 1 < revs.length ? dayOf(revs[i + 1]!) - 1 : dim, lastEmployed);
      return { r, days: Math.max(0, end - start + 1) };
    });
    const byComponent = new Map<string, (typeof lines)[number]>();
    for (const { r, days } of weights) {
      for (const l of r.lines) {
        const key = `${l.group}|${l.component_id ?? l.code}`;
        const prev = byComponent.get(key);
        const part = (l.monthly_paise * days) / employedDays;
        byComponent.set(key, { ...l, monthly_paise: (prev?.monthly_paise ?? 0) + part });
      }
    }
    lines = [...byComponent.values()].map((l) => ({ ...l, monthly_paise: Math.round(l.monthly_paise) }));
    if (weights.length > 1) {
      notes.push(
        `Salary revised within the month: ${weights.map((w) => `${w.days} day(s) at the salary effective ${w.r.effective_from}`).join(', ')}; each line is paid by its days.`,
      );
    }
  }
  let salary: ReturnType<typeof engineSalary>;
  try {
    salary = engineSalary(lines, a.flags);
  } catch (err) {
    return { error: (err as Error).message };
  }
  // EPS membership is settled when the member first joins EPF (rules §1.3): on the PF wage of the
  // first salary on record, in full. Not this month's figure, which a raise after joining would
  // push over the ceiling and a part month (weighted above) would pull under it.
  let pfWage: number;
  try {
    pfWage = pfWageOf(engineSalary((a.firstRevision ?? revs[0]!).lines, a.flags).salary);
  } catch {
    pfWage = pfWageOf(engineSalary(revs[revs.length - 1]!.lines, a.flags).salary);
  }
  const seen = new Map<string, number>();
  const oneTime: OneTimeItem[] = a.items.map((it) => {
    const n = (seen.get(it.code) ?? 0) + 1;
    seen.set(it.code, n);
    const item: OneTimeItem = {
      code: n === 1 ? it.code : `${it.code}_${n}`,
      label: it.label,
      kind: it.kind,
      amount: it.amount_paise,
      taxable: it.taxable,
      epfWage: it.epf_wage,
      esiWage: it.esi_wage,
      // A reimbursement pays back money spent for work: not salary for professional tax either.
      ptWage: it.source !== 'reimbursement',
    };
    if (it.explain) item.explain = it.explain;
    return item;
  });
  const d = a.attendance.detail;
  const nonWorking = [...d.weekly_off_dates, ...d.holidays.map((h) => h.date)].map((x) =>
    Number(x.slice(8, 10)),
  );
  const input: PayslipInput = {
    employee: {
      state,
      ...(e.work_location ? { city: e.work_location } : {}),
      gender: e.gender === 'male' || e.gender === 'female' ? e.gender : 'other',
      dateOfBirth: e.date_of_birth,
      disabled: e.has_disability,
      epsEligible: epsEligibleAtJoining(e.date_of_joining, pfWage, a.rules),
      joiningDate: e.date_of_joining,
      ...(e.exit_date ? { exitDate: e.exit_date } : {}),
      lwfApplicable: e.lwf_applicable,
    },
    month: a.month,
    attendance: { method: prorationOf(a.settings, nonWorking), lopDays: a.attendance.lop_days },
    salary: salary.salary,
    oneTime,
    benefits: salary.benefits,
    epf: engineEpf(a.statutory.epf, e.epf_applicable),
    esi: { applicable: a.statutory.esi.enabled },
    tax: {
      // The regime the employee chose on the year's submitted declaration, else the record's.
      regime: a.declaration?.regime ?? e.tax_regime,
      ...(a.declaration ? { declarations: a.declaration.declarations } : {}),
      ...(a.tdsOverride
        ? { override: { amountPaise: a.tdsOverride.tds_paise, reason: a.tdsOverride.reason } }
        : {}),
      // Form 12B: the opening figures an administrator uploaded win over the employee's declaration.
      ...(a.opening &&
      (a.opening.previous_employer_income_paise > 0 || a.opening.previous_employer_tds_paise > 0)
        ? {
            previousEmployer: {
              grossPaise: a.opening.previous_employer_income_paise,
              tdsPaise: a.opening.previous_employer_tds_paise,
            },
          }
        : a.declaration?.previousEmployer
          ? { previousEmployer: a.declaration.previousEmployer }
          : {}),
    },
    earlier: a.earlier,
  };
  return { input, notes };
}

/**
 * Computes one chunk of a run in one transaction: takes the next chunk with SKIP LOCKED (so workers
 * share a run without overlap), loads its inputs in bulk, runs the engine, inserts its payslips and
 * deletes the chunk. A crash rolls the chunk back, to be taken again. Returns how many it computed.
 */
export async function computeChunk(
  db: Db,
  companyId: string,
  runId: string,
  rules: StatutoryRules = STATUTORY_RULES,
): Promise<number> {
  return db.tenant(companyId, async (tx) => {
    const { rows: run } = await tx.query<{ month: string; pay_date: string; status: string }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, to_char(pay_date, 'YYYY-MM-DD') AS pay_date, status
         FROM pay_runs WHERE id = $1`,
      [runId],
    );
    if (run[0]?.status !== 'computing') return 0;
    const month = run[0].month;
    // The chunk's employees, without their record as prepared (`employee`): the insert below takes
    // that from the chunk itself, so it is neither parsed here nor sent back; only the name, code
    // and division the run's totals and anomalies name.
    const { rows: pending } = await tx.query<
      Omit<ChunkEmployee, 'employee'> & { seq: number; name: string; code: string; division: string | null }
    >(
      `SELECT c.seq, x.e->>'employee_id' AS employee_id, x.e->>'salary_id' AS salary_id, x.e->'salary_ids' AS salary_ids,
              x.e->'employee'->>'name' AS name, x.e->'employee'->>'code' AS code, x.e->'employee'->>'division' AS division
         FROM (SELECT seq, employees FROM pay_run_chunks WHERE run_id = $1 ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED) c,
              jsonb_array_elements(c.employees) WITH ORDINALITY AS x(e, o)
        ORDER BY x.o`,
      [runId],
    );
    if (!pending[0]) return 0;
    const seq = pending[0].seq;
    const ids = pending.map((p) => p.employee_id);
    const from = firstDay(month);
    const fy = financialYearOf(month);
    const [
      settings,
      statutory,
      flags,
      emps,
      revisionsNow,
      firstIds,
      attendance,
      items,
      ytd,
      openings,
      overrides,
      declarations,
      previous,
    ] = await Promise.all([
      readPayrunSettings(tx),
      readStatutorySettings(tx),
      componentFlags(tx),
      payrollEmployeesIn(tx, from, lastDay(month), { ids }),
      pending.some((p) => !p.salary_ids)
        ? revisionsForMonth(tx, ids, from, lastDay(month))
        : new Map<string, SalaryRevision[]>(),
      // The first revision of each employee settles EPS membership (read with the taken ones below).
      firstRevisionIds(tx, ids, lastDay(month)),
      tx.query<{ employee_id: string; lop_days: string; detail: PayableDaysDetail }>(
        'SELECT employee_id, lop_days, detail FROM pay_run_attendance WHERE run_id = $1 AND employee_id = ANY($2::uuid[])',
        [runId, ids],
      ),
      tx.query<RunItem & { employee_id: string }>(
        `SELECT employee_id, source, kind, code, label, amount_paise::float8 AS amount_paise, taxable, epf_wage, esi_wage, explain
           FROM pay_run_items WHERE run_id = $1 AND employee_id = ANY($2::uuid[]) ORDER BY source, code, id`,
        [runId, ids],
      ),
      // The company named (as row-level security also requires) so that the plan walks the
      // (company, employee, month) index for these employees: on status alone it read every
      // payslip this run had computed so far, once per chunk (quadratic in the run's size).
      tx.query<{ employee_id: string; ytd: YearToDate }>(
        `SELECT DISTINCT ON (employee_id) employee_id, ytd FROM payslips
          WHERE company_id = $4 AND employee_id = ANY($1::uuid[]) AND confirmed AND status = 'computed'
            AND month >= $2::date AND month < $3::date
          ORDER BY employee_id, month DESC`,
        [ids, `${fyStartMonth(month)}-01`, from, companyId],
      ),
      tx.query<Opening>(
        `SELECT employee_id, months_paid, gross_paise::float8 AS gross_paise, taxable_paise::float8 AS taxable_paise,
                basic_da_paise::float8 AS basic_da_paise, hra_paise::float8 AS hra_paise,
                employee_pf_paise::float8 AS employee_pf_paise, pt_paise::float8 AS pt_paise, tds_paise::float8 AS tds_paise,
                previous_employer_income_paise::float8 AS previous_employer_income_paise,
                previous_employer_tds_paise::float8 AS previous_employer_tds_paise
           FROM payroll_opening_ytd WHERE financial_year = $1 AND employee_id = ANY($2::uuid[])`,
        [fy, ids],
      ),
      tx.query<{ employee_id: string; tds_paise: number; reason: string }>(
        `SELECT employee_id, tds_paise::float8 AS tds_paise, reason FROM pay_run_tds_overrides
            WHERE run_id = $1 AND employee_id = ANY($2::uuid[])`,
        [runId, ids],
      ),
      declarationsForPayRun(tx, fy, month, ids),
      previousNets(tx, month, ids),
    ]);
    const empOf = new Map(emps.rows.map((e) => [e.id, e]));
    const attOf = new Map(attendance.rows.map((r) => [r.employee_id, r]));
    const ytdOf = new Map(ytd.rows.map((r) => [r.employee_id, r.ytd]));
    const openOf = new Map(openings.rows.map((r) => [r.employee_id, r]));
    const itemsOf = new Map<string, (typeof items.rows)[number][]>();
    for (const it of items.rows) {
      const list = itemsOf.get(it.employee_id) ?? [];
      itemsOf.set(it.employee_id, list);
      list.push(it);
    }
    const overrideOf = new Map(overrides.rows.map((r) => [r.employee_id, r]));
    // The revisions each payslip took when the run was prepared (the last one and any earlier in
    // the month), read by id: one recorded since does not change a run being computed.
    const taken = await revisionsById(tx, [
      ...new Set([...pending.flatMap((p) => [p.salary_id, ...(p.salary_ids ?? [])]), ...firstIds.values()]),
    ]);

    const results: Record<string, unknown>[] = [];
    const facts: SlipFacts[] = [];
    for (const [i, p] of pending.entries()) {
      // The engine is synchronous: in the API process a whole chunk at once would hold every other
      // user's request for a few hundred milliseconds. Other work gets the event loop every few
      // payslips (each is well under a millisecond), so no request waits more than a few ms on it.
      if (i > 0 && i % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
      const e = empOf.get(p.employee_id);
      const att = attOf.get(p.employee_id);
      const rev = taken.get(p.salary_id);
      let error: string | null = null;
      let out: Record<string, unknown> = {};
      if (!e) error = 'The employee is no longer employed in this month';
      else if (!att) error = 'No attendance was taken for this employee: confirm the attendance again';
      else if (!rev || p.salary_ids?.some((id) => !taken.has(id)))
        error = 'The salary revision this run took no longer exists';
      else {
        const revs = p.salary_ids
          ? p.salary_ids.flatMap((id) => taken.get(id) ?? [])
          : // Prepared before the versions were stored: the month's revisions up to the one taken.
            (revisionsNow.get(p.employee_id) ?? []).filter((r) => r.effective_from <= rev.effective_from);
        if (!revs.some((r) => r.id === rev.id)) revs.push(rev);
        revs.sort((x, y) => (x.effective_from < y.effective_from ? -1 : 1));
        const y = ytdOf.get(p.employee_id);
        const o = openOf.get(p.employee_id) ?? null;
        const built = buildInput({
          month,
          employee: e,
          revisions: revs,
          firstRevision: taken.get(firstIds.get(p.employee_id) ?? '') ?? null,
          attendance: { lop_days: Number(att.lop_days), detail: att.detail },
          items: itemsOf.get(p.employee_id) ?? [],
          tdsOverride: overrideOf.get(p.employee_id) ?? null,
          settings,
          statutory,
          flags,
          earlier: y ? earlierFromYtd(y) : o ? earlierFromOpening(o) : EMPTY_EARLIER,
          opening: o,
          declaration: declarations.get(p.employee_id),
          rules,
        });
        if ('error' in built) error = built.error;
        else {
          try {
            const slip = computePayslip(built.input, rules);
            const lines = storedLines(slip);
            const notes = [...built.notes, ...slip.notes];
            facts.push({
              employee_id: p.employee_id,
              name: p.name,
              code: p.code,
              division: p.division,
              status: 'computed',
              error: null,
              gross_paise: slip.gross,
              deductions_paise: slip.deductions,
              net_paise: slip.net,
              employer_paise: slip.employerContributions,
              ctc_paise: slip.costToCompany,
              lines,
              notes,
            });
            out = {
              input: built.input,
              lines,
              days: slip.days,
              ytd: slip.ytd,
              notes,
              gross_paise: slip.gross,
              deductions_paise: slip.deductions,
              net_paise: slip.net,
              employer_paise: slip.employerContributions,
              ctc_paise: slip.costToCompany,
              lop_days: slip.days.lop,
              payable_days: slip.days.payable,
            };
          } catch (err) {
            error = `The payroll engine could not compute this payslip: ${(err as Error).message}`;
          }
        }
      }
      if (error) {
        facts.push({
          employee_id: p.employee_id,
          name: p.name,
          code: p.code,
          division: p.division,
          status: 'failed',
          error,
          gross_paise: 0,
          deductions_paise: 0,
          net_paise: 0,
          employer_paise: 0,
          ctc_paise: 0,
          lines: [],
          notes: [],
        });
      }
      results.push({
        employee_id: p.employee_id,
        status: error ? 'failed' : 'computed',
        error,
        ...out,
      });
    }
    // The chunk's payslips, each written once, and the chunk done, in this one transaction.
    // The revisions taken and the employee as prepared come from the chunk, joined by employee.
    const { rows: inserted } = await tx.query<{ n: number }>(
      `WITH ins AS (INSERT INTO payslips (company_id, run_id, month, employee_id, salary_id, salary_ids, employee, status, error,
              input, lines, days, ytd, notes, gross_paise, deductions_paise, net_paise, employer_paise, ctc_paise,
              lop_days, payable_days, engine_version, computed_at)
       SELECT $3, $4, $5::date, x.employee_id, (c.e->>'salary_id')::uuid,
              CASE WHEN jsonb_typeof(c.e->'salary_ids') = 'array' THEN ARRAY(
                SELECT s.id::uuid FROM jsonb_array_elements_text(c.e->'salary_ids') WITH ORDINALITY AS s(id, o) ORDER BY s.o)
              END,
              c.e->'employee', x.status, x.error, x.input, x.lines, x.days, x.ytd, x.notes, x.gross_paise,
              x.deductions_paise, x.net_paise, x.employer_paise, x.ctc_paise, x.lop_days, x.payable_days, $2, now()
         FROM jsonb_to_recordset($1::jsonb) AS x(employee_id uuid, status text, error text, input jsonb, lines jsonb,
              days jsonb, ytd jsonb, notes jsonb, gross_paise bigint, deductions_paise bigint, net_paise bigint,
              employer_paise bigint, ctc_paise bigint, lop_days numeric, payable_days numeric)
         JOIN (SELECT e FROM pay_run_chunks, jsonb_array_elements(employees) AS e WHERE run_id = $4 AND seq = $6) c
           ON (c.e->>'employee_id')::uuid = x.employee_id
       RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [JSON.stringify(results), ENGINE_VERSION, companyId, runId, from, seq],
    );
    if (inserted[0]!.n !== pending.length) {
      throw new Error(`A pay run chunk inserted ${inserted[0]!.n} payslips for ${pending.length} employees`);
    }
    // The chunk's sums and anomalies, in the same transaction: finishing the run adds these up and
    // reads no payslip again.
    const anomalies = anomaliesOf(facts, {
      month,
      payDate: run[0].pay_date,
      previous,
      netChangeThresholdPercent: settings.net_change_threshold_percent,
      bankCoolingOffDays: settings.bank_cooling_off_days,
      employeeOf: empOf,
    });
    await tx.query(
      'INSERT INTO pay_run_chunk_totals (run_id, company_id, seq, totals) VALUES ($1, $2, $3, $4)',
      [runId, companyId, seq, JSON.stringify(chunkTotals(facts, ENGINE_VERSION))],
    );
    if (anomalies.length > 0) {
      await tx.query(
        `INSERT INTO pay_run_anomalies (company_id, run_id, employee_id, kind, message)
         SELECT $1, $2, x.employee_id, x.kind, x.message
           FROM jsonb_to_recordset($3::jsonb) AS x(employee_id uuid, kind text, message text)
         ON CONFLICT DO NOTHING`,
        [companyId, runId, JSON.stringify(anomalies)],
      );
    }
    await tx.query('DELETE FROM pay_run_chunks WHERE run_id = $1 AND seq = $2', [runId, seq]);
    return pending.length;
  });
}
