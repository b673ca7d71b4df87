import {
  ONETIME_PAYOUT_TYPES,
  type OnetimePayoutType,
  type OnetimeSheetInput,
  OnetimeSheetInputSchema,
  type OnetimeSheetRowSchema,
} from '@hr/contract';
import type { z } from 'zod';
import { checkRows, rowErrors, type SheetSpec } from '../../../lib/sheet-import';
import { payrollEmployeesIn } from '../../employees';
import { asNumber, matchEmployees, monthPeriod } from './common';
import type { RunSheet } from './run-sheet';

type Preview = z.infer<typeof OnetimeSheetRowSchema>;
type Item = {
  employee_id: string;
  kind: 'earning' | 'deduction';
  code: string;
  label: string;
  amount_paise: number;
  taxable: boolean;
  epf_wage: boolean;
  esi_wage: boolean;
  explain: string;
};

/**
 * Each type's statutory treatment (rules: /work/shared/payroll/statutory-rules.md), the reading
 * taken where the rules leave a choice, written in the template's notes too:
 * - Bonus: taxable salary; not EPF wage (PF wage is Basic + DA, §1.2; bonus is among the excluded
 *   items, §1.6); not ESI wage (annual bonus is excluded from ESI wages, §2).
 * - Incentive: taxable; not EPF wage (not Basic + DA); ESI wage (incentives paid at intervals of up
 *   to two months are ESI wages, §2: an item of a monthly run is read as such).
 * - Arrears: taxable; read as arrears of Basic + DA for earlier months, so EPF wage and ESI wage
 *   (contributions are due on wages when paid). Arrears of allowances go under "Other earning".
 * - Other earning: taxable; not EPF wage; ESI wage (ESI wages are all cash remuneration apart
 *   from the excluded items, §2: an excluded item such as travel allowance does not belong here).
 * - Deduction: taken from net pay (a recovery, an advance); it reduces no taxable or statutory wage.
 */
export const PAYOUT_TREATMENT: Record<
  OnetimePayoutType,
  { kind: 'earning' | 'deduction'; taxable: boolean; epf_wage: boolean; esi_wage: boolean; words: string }
> = {
  bonus: {
    kind: 'earning',
    taxable: true,
    epf_wage: false,
    esi_wage: false,
    words: 'taxable; not EPF wage (PF wage is Basic + DA); not ESI wage (annual bonus is excluded)',
  },
  incentive: {
    kind: 'earning',
    taxable: true,
    epf_wage: false,
    esi_wage: true,
    words: 'taxable; not EPF wage; ESI wage (an incentive paid within two months counts)',
  },
  arrears: {
    kind: 'earning',
    taxable: true,
    epf_wage: true,
    esi_wage: true,
    words: 'arrears of Basic + DA: taxable, EPF wage and ESI wage (arrears of allowances: use Other earning)',
  },
  other_earning: {
    kind: 'earning',
    taxable: true,
    epf_wage: false,
    esi_wage: true,
    words:
      'taxable; not EPF wage; ESI wage (all cash pay is, apart from excluded items such as travel allowance)',
  },
  deduction: {
    kind: 'deduction',
    taxable: false,
    epf_wage: false,
    esi_wage: false,
    words: 'taken from net pay; reduces no taxable, EPF or ESI wage',
  },
};

export const ONETIME_SPEC: SheetSpec = {
  sheetName: 'One-time payouts',
  noun: 'payout rows',
  maxRows: 100_000,
  dataColumns: ['payout_type', 'description', 'amount'],
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
      key: 'payout_type',
      header: 'Type',
      required: true,
      note: `One of: ${Object.values(ONETIME_PAYOUT_TYPES).join(', ')}`,
    },
    { key: 'description', header: 'Description', required: true, width: 32, note: 'Shown on the payslip' },
    { key: 'amount', header: 'Amount (₹)', required: true, note: 'Rupees, up to two decimals' },
  ],
};

export const onetimeSheet: RunSheet<Preview, Item> = {
  kind: 'payrun_onetime',
  what: 'the one-time payout sheet',
  spec: ONETIME_SPEC,

  async template(tx, run, current) {
    const period = monthPeriod(run.month);
    const { rows: employees } = await payrollEmployeesIn(tx, period.from, period.to);
    const names = new Map(employees.map((e) => [e.code.toLowerCase(), e.name]));
    const filled = (current ?? []).map((r) => ({
      employee_code: r.values.employee_code ?? '',
      employee_name: names.get((r.values.employee_code ?? '').toLowerCase()) ?? '',
      payout_type: r.values.payout_type ?? '',
      description: r.values.description ?? '',
      amount: asNumber(r.values.amount),
    }));
    const inSheet = new Set(filled.map((r) => r.employee_code.toLowerCase()));
    const blank = employees
      .filter((e) => !inSheet.has(e.code.toLowerCase()))
      .map((e) => ({ employee_code: e.code, employee_name: e.name }));
    return {
      rows: [...filled, ...blank],
      sheets: [
        {
          name: 'Types',
          columns: [
            { header: 'Type', key: 'type', width: 16 },
            { header: 'Paid as', key: 'kind', width: 12 },
            { header: 'Treatment', key: 'words', width: 100 },
          ],
          rows: (Object.keys(ONETIME_PAYOUT_TYPES) as OnetimePayoutType[]).map((t) => ({
            type: ONETIME_PAYOUT_TYPES[t],
            kind: PAYOUT_TREATMENT[t].kind,
            words: PAYOUT_TREATMENT[t].words,
          })),
        },
      ],
      notes: [
        `One-time payouts and deductions of ${period.label}: one row per item, paid as entered (not prorated).`,
        'The sheet lists every employee of the month: fill in Type, Description and Amount for those who get an item; rows left empty are skipped. Copy a row for a second item of the same employee.',
        `Type: ${Object.values(ONETIME_PAYOUT_TYPES).join(', ')} (see the Types sheet for how each is taxed and whether it is EPF or ESI wage).`,
        'Description: the words on the payslip line (up to 100 characters). Amount: rupees, more than 0 and at most ₹1,00,00,000, up to two decimals.',
        'Uploading a sheet replaces the run’s previous one-time payout sheet; the same sheet uploaded again changes nothing.',
      ],
    };
  },

  async check(tx, run, raw, fileName) {
    const checked = checkRows(raw, OnetimeSheetInputSchema);
    const errs = rowErrors(checked.errors);
    const { byRow } = await matchEmployees(
      tx,
      checked.rows,
      monthPeriod(run.month),
      errs.fail,
      (r, e) =>
        r.value.payout_type && r.value.description
          ? `${e.id}|${r.value.payout_type}|${r.value.description.toLowerCase()}`
          : null,
      'employee, type and description',
    );
    const previews: Preview[] = [];
    const clean: Item[] = [];
    const codes = new Map<string, number>();
    for (const r of checked.rows) {
      const v: Partial<OnetimeSheetInput> = r.value;
      const e = byRow.get(r.row);
      const t = v.payout_type ? PAYOUT_TREATMENT[v.payout_type] : null;
      previews.push({
        row: r.row,
        employee_id: e?.id ?? null,
        employee_code: e?.code ?? r.raw.employee_code ?? '',
        employee_name: e?.name ?? '',
        payout_type: v.payout_type ?? r.raw.payout_type ?? '',
        label: v.description ?? r.raw.description ?? '',
        amount_paise: v.amount ?? null,
        taxable: t?.taxable ?? false,
        epf_wage: t?.epf_wage ?? false,
        esi_wage: t?.esi_wage ?? false,
      });
      if (e && t && !errs.bad.has(r.row)) {
        // Line codes are unique on a payslip (the engine refuses a repeat): a second item of a type
        // for one employee is numbered.
        const base = `SHEET_${v.payout_type!.toUpperCase()}`;
        const n = (codes.get(`${e.id}|${base}`) ?? 0) + 1;
        codes.set(`${e.id}|${base}`, n);
        clean.push({
          employee_id: e.id,
          kind: t.kind,
          code: n === 1 ? base : `${base}_${n}`,
          label: v.description!,
          amount_paise: v.amount!,
          taxable: t.taxable,
          epf_wage: t.epf_wage,
          esi_wage: t.esi_wage,
          explain: `${ONETIME_PAYOUT_TYPES[v.payout_type!]} from the one-time payout sheet ${fileName}, row ${r.row}`,
        });
      }
    }
    const earnings = clean.filter((c) => c.kind === 'earning').reduce((n, c) => n + c.amount_paise, 0);
    const deductions = clean.filter((c) => c.kind === 'deduction').reduce((n, c) => n + c.amount_paise, 0);
    const inr = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
    return {
      previews,
      clean,
      errors: errs.sorted(ONETIME_SPEC),
      notes: [`Valid rows: earnings ${inr(earnings)}, deductions ${inr(deductions)}.`],
    };
  },

  async apply(tx, run, clean, importId) {
    await tx.query(`DELETE FROM pay_run_items WHERE run_id = $1 AND source = 'sheet'`, [run.id]);
    const BATCH = 1000;
    for (let i = 0; i < clean.length; i += BATCH) {
      const chunk = clean.slice(i, i + BATCH);
      const col = <T>(f: (c: Item) => T) => chunk.map(f);
      await tx.query(
        `INSERT INTO pay_run_items (run_id, company_id, employee_id, source, kind, code, label, amount_paise,
           taxable, epf_wage, esi_wage, explain, sheet_import_id)
         SELECT $1::uuid, $2::uuid, e, 'sheet', k, c, l, a, tx, ep, es, ex, $3::uuid
           FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::boolean[], $10::boolean[],
             $11::boolean[], $12::text[]) AS t(e, k, c, l, a, tx, ep, es, ex)`,
        [
          run.id,
          run.company_id,
          importId,
          col((c) => c.employee_id),
          col((c) => c.kind),
          col((c) => c.code),
          col((c) => c.label),
          col((c) => c.amount_paise),
          col((c) => c.taxable),
          col((c) => c.epf_wage),
          col((c) => c.esi_wage),
          col((c) => c.explain),
        ],
      );
    }
  },

  async clear(tx, run) {
    await tx.query(`DELETE FROM pay_run_items WHERE run_id = $1 AND source = 'sheet'`, [run.id]);
  },
};
