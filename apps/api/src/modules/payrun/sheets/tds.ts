import { type TdsSheetInput, TdsSheetInputSchema, type TdsSheetRowSchema } from '@hr/contract';
import type { z } from 'zod';
import { checkRows, rowErrors, type SheetSpec } from '../../../lib/sheet-import';
import { payrollEmployeesIn } from '../../employees';
import { asNumber, matchEmployees, monthPeriod } from './common';
import type { RunSheet } from './run-sheet';

type Preview = z.infer<typeof TdsSheetRowSchema>;
type Override = { employee_id: string; tds_paise: number; reason: string };

export const TDS_SPEC: SheetSpec = {
  sheetName: 'TDS',
  noun: 'TDS rows',
  maxRows: 100_000,
  dataColumns: ['tds', 'reason'],
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
      key: 'tds',
      header: 'TDS for the month (₹)',
      required: true,
      width: 22,
      note: 'Rupees to deduct this month instead of the computed TDS (0 deducts none)',
    },
    {
      key: 'reason',
      header: 'Reason',
      required: true,
      width: 40,
      note: 'Why the computed TDS is overridden',
    },
  ],
};

/**
 * TDS overrides: the TDS to deduct this month for an employee instead of the computed figure, with
 * the reason (the payslip's TDS line names both). Zero is a figure here: an employee whose
 * declarations leave no tax for the year is deducted none, which is why ₹0 is not refused as other
 * sheets' amounts are.
 */
export const tdsSheet: RunSheet<Preview, Override> = {
  kind: 'payrun_tds',
  what: 'the TDS sheet',
  spec: TDS_SPEC,

  async template(tx, run, current) {
    const period = monthPeriod(run.month);
    const { rows: employees } = await payrollEmployeesIn(tx, period.from, period.to);
    const filled = new Map(
      (current ?? []).map((r) => [(r.values.employee_code ?? '').toLowerCase(), r.values]),
    );
    return {
      rows: employees.map((e) => {
        const v = filled.get(e.code.toLowerCase());
        return {
          employee_code: e.code,
          employee_name: e.name,
          tds: v ? asNumber(v.tds) : null,
          reason: v?.reason ?? null,
        };
      }),
      notes: [
        `TDS overrides of ${period.label}: the income tax to deduct this month instead of the computed figure.`,
        'The sheet lists every employee of the month: fill in TDS and Reason for those whose TDS you override; rows left empty keep the computed TDS.',
        'TDS for the month: rupees, 0 (deduct none) up to ₹1,00,00,000, up to two decimals. It is still capped at the pay left after other deductions.',
        'Reason: required (at least 3 characters); the payslip’s TDS line shows it beside the computed figure.',
        'Uploading a sheet replaces the run’s previous TDS sheet; the same sheet uploaded again changes nothing.',
      ],
    };
  },

  async check(tx, run, raw) {
    const checked = checkRows(raw, TdsSheetInputSchema);
    const errs = rowErrors(checked.errors);
    const { byRow } = await matchEmployees(tx, checked.rows, monthPeriod(run.month), errs.fail);
    const previews: Preview[] = [];
    const clean: Override[] = [];
    for (const r of checked.rows) {
      const v: Partial<TdsSheetInput> = r.value;
      const e = byRow.get(r.row);
      previews.push({
        row: r.row,
        employee_id: e?.id ?? null,
        employee_code: e?.code ?? r.raw.employee_code ?? '',
        employee_name: e?.name ?? '',
        tds_paise: v.tds ?? null,
        reason: v.reason ?? r.raw.reason ?? '',
      });
      if (e && !errs.bad.has(r.row)) clean.push({ employee_id: e.id, tds_paise: v.tds!, reason: v.reason! });
    }
    return {
      previews,
      clean,
      errors: errs.sorted(TDS_SPEC),
      notes: [`${clean.length} employee${clean.length === 1 ? '' : 's'} with a TDS override.`],
    };
  },

  async apply(tx, run, clean, importId) {
    await tx.query('DELETE FROM pay_run_tds_overrides WHERE run_id = $1', [run.id]);
    const BATCH = 1000;
    for (let i = 0; i < clean.length; i += BATCH) {
      const chunk = clean.slice(i, i + BATCH);
      await tx.query(
        `INSERT INTO pay_run_tds_overrides (run_id, company_id, employee_id, tds_paise, reason, sheet_import_id)
         SELECT $1::uuid, $2::uuid, e, t, r, $3::uuid FROM unnest($4::uuid[], $5::bigint[], $6::text[]) AS x(e, t, r)`,
        [
          run.id,
          run.company_id,
          importId,
          chunk.map((c) => c.employee_id),
          chunk.map((c) => c.tds_paise),
          chunk.map((c) => c.reason),
        ],
      );
    }
  },

  async clear(tx, run) {
    await tx.query('DELETE FROM pay_run_tds_overrides WHERE run_id = $1', [run.id]);
  },
};
