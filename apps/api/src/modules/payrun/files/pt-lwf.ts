import { amount, CSV_TYPE, csvText, line, runFileName, rupees2 } from './format';
import type { FileInput, FileSlip, GeneratedFile } from './types';

/**
 * Professional tax and labour welfare fund summaries by state (docs/payroll-files.md §5, §6): what
 * each state's return asks for — employees per PT amount with their salary, and LWF shares — for the
 * payer to copy into the state's portal, which has no common upload layout.
 */

export const NO_STATE = '(no work state)';
export const ALL_STATES = 'All states';
export const TOTAL = 'Total';

const stateOf = (slip: FileSlip) => slip.employee.pt_state?.trim() || NO_STATE;

type Sum = { employees: number; salary: number; tax: number };
const ZERO: Sum = { employees: 0, salary: 0, tax: 0 };
const plus = (a: Sum, b: Sum): Sum => ({
  employees: a.employees + b.employees,
  salary: a.salary + b.salary,
  tax: a.tax + b.tax,
});

/**
 * One row per state and PT amount (the slab an employee fell in, nil included) with the employees
 * and their salary (the PT line's base: the month's gross, or the half-year's in a half-yearly
 * state), a total row per state, and a last row for all states. Only payslips with a PT deduction
 * line are counted: states without PT and exempt employees carry no PT line (PT_INFO).
 */
export function ptSummary(input: FileInput): GeneratedFile {
  const byState = new Map<string, Map<number, Sum>>();
  for (const slip of input.slips) {
    const pt = line(slip, 'PT');
    if (pt?.kind !== 'deduction') continue;
    const state = stateOf(slip);
    const slabs = byState.get(state) ?? new Map<number, Sum>();
    byState.set(state, slabs);
    slabs.set(
      pt.amount,
      plus(slabs.get(pt.amount) ?? ZERO, {
        employees: 1,
        salary: pt.base ?? slip.gross_paise,
        tax: pt.amount,
      }),
    );
  }
  const rows: (string | number)[][] = [['State', 'PT per employee', 'Employees', 'Salary', 'PT deducted']];
  let all = ZERO;
  for (const state of [...byState.keys()].sort()) {
    const slabs = byState.get(state)!;
    let total = ZERO;
    for (const amt of [...slabs.keys()].sort((a, b) => a - b)) {
      const s = slabs.get(amt)!;
      rows.push([state, rupees2(amt), s.employees, rupees2(s.salary), rupees2(s.tax)]);
      total = plus(total, s);
    }
    rows.push([state, TOTAL, total.employees, rupees2(total.salary), rupees2(total.tax)]);
    all = plus(all, total);
  }
  rows.push([ALL_STATES, TOTAL, all.employees, rupees2(all.salary), rupees2(all.tax)]);
  return {
    file_name: runFileName('pt-summary', input.run.month, 'csv'),
    content_type: CSV_TYPE,
    body: csvText(rows),
    left_out: [],
  };
}

/**
 * One row per state with the employees who contributed this month and the employee and employer
 * shares, and a last row for all states. LWF is deducted only in each state's months (June and
 * December, or December), so in other months the file has the header and a zero total.
 */
export function lwfSummary(input: FileInput): GeneratedFile {
  type Lwf = { employees: number; ee: number; er: number };
  const byState = new Map<string, Lwf>();
  for (const slip of input.slips) {
    if (!line(slip, 'LWF_EE') && !line(slip, 'LWF_ER')) continue;
    const state = stateOf(slip);
    const s = byState.get(state) ?? { employees: 0, ee: 0, er: 0 };
    byState.set(state, {
      employees: s.employees + 1,
      ee: s.ee + amount(slip, 'LWF_EE'),
      er: s.er + amount(slip, 'LWF_ER'),
    });
  }
  const rows: (string | number)[][] = [
    ['State', 'Employees', 'Employee contribution', 'Employer contribution', 'Total'],
  ];
  const all: Lwf = { employees: 0, ee: 0, er: 0 };
  for (const state of [...byState.keys()].sort()) {
    const s = byState.get(state)!;
    rows.push([state, s.employees, rupees2(s.ee), rupees2(s.er), rupees2(s.ee + s.er)]);
    all.employees += s.employees;
    all.ee += s.ee;
    all.er += s.er;
  }
  rows.push([ALL_STATES, all.employees, rupees2(all.ee), rupees2(all.er), rupees2(all.ee + all.er)]);
  return {
    file_name: runFileName('lwf-summary', input.run.month, 'csv'),
    content_type: CSV_TYPE,
    body: csvText(rows),
    left_out: [],
  };
}
