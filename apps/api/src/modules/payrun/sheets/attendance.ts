import {
  type AttendanceSheetInput,
  AttendanceSheetInputSchema,
  type AttendanceSheetRowSchema,
  type PayableDaysDetail,
  type PayRunSettings,
} from '@hr/contract';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { checkRows, type RawRow, rowErrors, type SheetSpec } from '../../../lib/sheet-import';
import { type AttendanceCorrection, unsettledCorrections } from '../../attendance';
import { type PayrollEmployee, payrollEmployeesIn } from '../../employees';
import { daysIn, monthLabel } from '../month';
import { payableDaysOf } from '../payable-days';
import type { RunRow } from '../run-state';
import { readPayrunSettings } from '../settings';
import { matchEmployees, monthPeriod } from './common';
import type { RunSheet, SheetCheck } from './run-sheet';

type Preview = z.infer<typeof AttendanceSheetRowSchema>;
/** A sheet row as confirm takes it. */
export type AttendanceSheetLine = {
  employee_id: string;
  lop_days: number;
  lop_reversal_days: number;
  lop_reversal_month: string | null;
};

export const ATTENDANCE_SPEC: SheetSpec = {
  sheetName: 'Attendance',
  noun: 'attendance rows',
  maxRows: 100_000,
  columns: [
    { key: 'employee_code', header: 'Employee code', required: true },
    {
      key: 'employee_name',
      header: 'Employee name',
      read: false,
      width: 28,
      note: 'For reading: not read back',
    },
    {
      key: 'system_lop_days',
      header: 'System LOP days',
      read: false,
      note: 'The system’s loss-of-pay days for the month, for comparison: not read back',
    },
    {
      key: 'lop_days',
      header: 'LOP days',
      required: true,
      note: 'Whole or half days, from 0 to the days employed',
    },
    {
      key: 'lop_reversal_days',
      header: 'LOP reversal days',
      width: 20,
      note: 'Optional: days of an earlier month paid back',
    },
    {
      key: 'lop_reversal_month',
      header: 'LOP reversal month',
      width: 20,
      note: 'The earlier month, such as Oct 2026 or 2026-10 (required with reversal days)',
    },
  ],
};

/**
 * Checks an attendance sheet against the run's month: the schema's cells, each employee employed
 * in the month and on one row, LOP days at most the days employed (in the proration method's days,
 * as the payslip counts them), a reversal month before the run's month and not before joining.
 * `system` may be given when the caller has the month's figures already (confirm).
 */
export async function checkAttendance(
  tx: Queryable,
  run: RunRow,
  raw: RawRow[],
  given?: { settings: PayRunSettings; system: Map<string, PayableDaysDetail>; employees: PayrollEmployee[] },
): Promise<SheetCheck<Preview, AttendanceSheetLine>> {
  const checked = checkRows(raw, AttendanceSheetInputSchema);
  const errs = rowErrors(checked.errors);
  const period = monthPeriod(run.month);
  const { byRow, inPeriod } = await matchEmployees(tx, checked.rows, period, errs.fail);
  const settings = given?.settings ?? (await readPayrunSettings(tx));
  const system =
    given?.system ?? (await payableDaysOf(tx, run.company_id, run.month, [...byRow.values()], settings));
  const unit = settings.proration === 'working' ? 'working days' : 'days';
  const previews: Preview[] = [];
  const clean: AttendanceSheetLine[] = [];
  for (const r of checked.rows) {
    const v: Partial<AttendanceSheetInput> = r.value;
    const e = byRow.get(r.row);
    const d = e ? system.get(e.id) : undefined;
    if (e && d && v.lop_days !== undefined) {
      const employed = d.basis_days - d.outside_employment_days;
      if (v.lop_days > employed) {
        errs.fail(
          r.row,
          'lop_days',
          `more than the ${employed} ${unit} ${e.name} was employed in ${period.label}`,
        );
      }
    }
    const back = v.lop_reversal_month;
    if (back) {
      if (back >= run.month) {
        errs.fail(
          r.row,
          'lop_reversal_month',
          `${monthLabel(back)} is not before ${period.label}: a reversal pays back an earlier month’s loss of pay`,
        );
      } else if (e && back < e.date_of_joining.slice(0, 7)) {
        errs.fail(r.row, 'lop_reversal_month', `${e.name} joined after ${monthLabel(back)}`);
      } else if ((v.lop_reversal_days ?? 0) > daysIn(back)) {
        errs.fail(r.row, 'lop_reversal_days', `${monthLabel(back)} has only ${daysIn(back)} days`);
      }
    }
    const sheetLop = v.lop_days ?? null;
    const systemLop = d ? d.lop_days : null;
    previews.push({
      row: r.row,
      employee_id: e?.id ?? null,
      employee_code: e?.code ?? r.raw.employee_code ?? '',
      employee_name: e?.name ?? '',
      system_lop_days: systemLop,
      sheet_lop_days: sheetLop,
      difference_days:
        sheetLop !== null && systemLop !== null ? Math.round((sheetLop - systemLop) * 100) / 100 : null,
      lop_reversal_days: v.lop_reversal_days ?? 0,
      lop_reversal_month: back ?? null,
    });
    if (e && !errs.bad.has(r.row)) {
      clean.push({
        employee_id: e.id,
        lop_days: v.lop_days!,
        lop_reversal_days: v.lop_reversal_days ?? 0,
        lop_reversal_month: back ?? null,
      });
    }
  }
  const employees = given?.employees ?? inPeriod;
  const left = employees.length - byRow.size;
  const differ = previews.filter((p) => p.difference_days !== null && p.difference_days !== 0).length;
  const notes = [
    `${differ} row${differ === 1 ? '' : 's'} differ${differ === 1 ? 's' : ''} from the system’s loss-of-pay days.`,
  ];
  if (left > 0) {
    notes.push(
      `${left} employee${left === 1 ? '' : 's'} of ${period.label} ${left === 1 ? 'is' : 'are'} not in the sheet: confirming attendance takes the system’s figures for them.`,
    );
  }
  return { previews, clean, errors: errs.sorted(ATTENDANCE_SPEC), notes };
}

export const attendanceSheet: RunSheet<Preview, AttendanceSheetLine> = {
  kind: 'payrun_attendance',
  what: 'the attendance sheet',
  spec: ATTENDANCE_SPEC,

  async template(tx, run) {
    const period = monthPeriod(run.month);
    const settings = await readPayrunSettings(tx);
    const { rows: employees } = await payrollEmployeesIn(tx, period.from, period.to);
    const system = await payableDaysOf(tx, run.company_id, run.month, employees, settings);
    const reversals = await automaticReversals(tx, run, employees);
    return {
      rows: employees.map((e) => {
        const lop = system.get(e.id)!.lop_days;
        const back = reversals.get(e.id);
        return {
          employee_code: e.code,
          employee_name: e.name,
          system_lop_days: lop,
          lop_days: lop,
          lop_reversal_days: back?.days ?? null,
          lop_reversal_month: back ? monthLabel(back.month) : null,
        };
      }),
      notes: [
        `Attendance of ${period.label}: one row per employee of the month, pre-filled with the system’s loss-of-pay (LOP) days (approved unpaid leave, late-mark and early-exit penalties${settings.absent_as_lop ? ', days absent without leave' : ''}).`,
        'Change LOP days where the run should pay differently: whole or half days (such as 2 or 1.5), from 0 up to the days the employee was employed in the month.',
        'Employee name and System LOP days are there for reading: the upload does not read them.',
        'An employee left out of the sheet keeps the system’s figure when attendance is confirmed; a row must not repeat an employee.',
        'LOP reversal days and LOP reversal month (optional): loss of pay of an earlier month paid back in this run, such as 2 and Oct 2026 (or 2026-10).',
        'They are pre-filled with the loss of pay of a confirmed month that approved regularisations or cancelled unpaid leave took back (the earliest such month; a later one follows in the next run). A row that leaves them empty takes the same; a row that names that month pays the days it gives for it.',
        'Upload the sheet, check the preview (each row’s errors, and the sheet’s LOP beside the system’s), then confirm attendance.',
      ],
    };
  },

  check: (tx, run, rows) => checkAttendance(tx, run, rows),

  // The sheet's rows live in its import until attendance is confirmed; a new sheet means the run's
  // attendance is taken again.
  async apply(tx, run) {
    await clearAttendance(tx, run.id);
  },
  async clear(tx, run) {
    await clearAttendance(tx, run.id);
  },
};

/** Attendance back to pending: the rows taken at confirm are deleted. */
export async function clearAttendance(tx: Queryable, runId: string): Promise<void> {
  await tx.query('DELETE FROM pay_run_attendance WHERE run_id = $1', [runId]);
  await tx.query(`UPDATE pay_runs SET attendance_status = 'pending', updated_at = now() WHERE id = $1`, [
    runId,
  ]);
}

type AutoReversal = {
  /** The earliest month with corrections not yet paid back, its days and corrections. */
  month: string;
  days: number;
  ids: string[];
  /** Every such month's corrections (a sheet row may name another). */
  byMonth: Map<string, AttendanceCorrection[]>;
};

/**
 * The LOP reversal each employee's corrections make (attendance's approved regularisations and
 * cancelled unpaid leave on days of confirmed months not yet paid back): one month a run, the
 * earliest; the others stay for the following runs.
 */
async function automaticReversals(
  tx: Queryable,
  run: RunRow,
  employees: PayrollEmployee[],
): Promise<Map<string, AutoReversal>> {
  const out = new Map<string, AutoReversal>();
  const corrections = await unsettledCorrections(
    tx,
    employees.map((e) => e.id),
    run.month,
  );
  for (const c of corrections) {
    let a = out.get(c.employee_id);
    if (!a) {
      // Sorted by date: the first correction is of the earliest month.
      a = { month: c.month, days: 0, ids: [], byMonth: new Map() };
      out.set(c.employee_id, a);
    }
    const list = a.byMonth.get(c.month) ?? [];
    a.byMonth.set(c.month, list);
    list.push(c);
    if (c.month === a.month) {
      a.days = Math.round((a.days + c.lop_days) * 100) / 100;
      a.ids.push(c.id);
    }
  }
  return out;
}

/**
 * Takes the run's attendance: one row per employee of the month, the sheet's LOP where the sheet
 * has the employee ('sheet') and the system's otherwise ('system'); the system's figure and the
 * payable-days detail are kept with each. `sheet` is the current sheet's checked rows, if any.
 */
export async function takeAttendance(
  tx: Queryable,
  run: RunRow,
  employees: PayrollEmployee[],
  system: Map<string, PayableDaysDetail>,
  sheet: AttendanceSheetLine[],
): Promise<{ fromSheet: number; fromSystem: number }> {
  const bySheet = new Map(sheet.map((s) => [s.employee_id, s]));
  const auto = await automaticReversals(tx, run, employees);
  // A sheet row with a reversal month pays its own days for that month (its corrections are paid
  // by it); a row without one, and the system's rows, pay the corrections of the earliest month.
  const reversalOf = (e: PayrollEmployee): { days: number; month: string | null; ids: string[] } => {
    const s = bySheet.get(e.id);
    const a = auto.get(e.id);
    if (s?.lop_reversal_month && s.lop_reversal_days > 0) {
      const ids = (a?.byMonth.get(s.lop_reversal_month) ?? []).map((c) => c.id);
      return { days: s.lop_reversal_days, month: s.lop_reversal_month, ids };
    }
    if (a) return { days: a.days, month: a.month, ids: a.ids };
    return { days: 0, month: null, ids: [] };
  };
  await tx.query('DELETE FROM pay_run_attendance WHERE run_id = $1', [run.id]);
  const BATCH = 1000;
  for (let i = 0; i < employees.length; i += BATCH) {
    const chunk = employees.slice(i, i + BATCH);
    const col = <T>(f: (e: PayrollEmployee) => T) => chunk.map(f);
    await tx.query(
      `INSERT INTO pay_run_attendance (run_id, company_id, employee_id, source, system_lop_days, lop_days,
         lop_reversal_days, lop_reversal_month, lop_reversal_corrections, detail)
       SELECT $1::uuid, $2::uuid, e, s, sl, l, rd, rm::date, coalesce(string_to_array(nullif(rc, ''), ',')::uuid[], '{}'), d::jsonb
         FROM unnest($3::uuid[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[], $9::text[], $10::text[])
           AS t(e, s, sl, l, rd, rm, d, rc)`,
      [
        run.id,
        run.company_id,
        col((e) => e.id),
        col((e) => (bySheet.has(e.id) ? 'sheet' : 'system')),
        col((e) => system.get(e.id)!.lop_days),
        col((e) => bySheet.get(e.id)?.lop_days ?? system.get(e.id)!.lop_days),
        col((e) => reversalOf(e).days),
        col((e) => {
          const m = reversalOf(e).month;
          return m ? `${m}-01` : null;
        }),
        col((e) => JSON.stringify(system.get(e.id)!)),
        col((e) => reversalOf(e).ids.join(',')),
      ],
    );
  }
  await tx.query(`UPDATE pay_runs SET attendance_status = 'confirmed', updated_at = now() WHERE id = $1`, [
    run.id,
  ]);
  return { fromSheet: bySheet.size, fromSystem: employees.length - bySheet.size };
}
