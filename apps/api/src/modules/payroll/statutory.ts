import type { EpfSettings, EpfUpdateBody, EsiSettings, EsiUpdateBody } from '@hr/contract';
import type { Queryable } from '../../db/client';
import type { BreakupStatutory } from './breakup';

/**
 * The statutory figures in force on a date, as this module needs them. They come from the payroll
 * engine's dated data (`@hr/payroll-engine`), adapted in figures.ts; nothing here holds a rate.
 */
export type StatutoryNumbers = {
  date: string;
  epf: { employeeRateBp: number; employerRateBp: number; ceilingPaise: number };
  esi: { employeeRateBp: number; employerRateBp: number; ceilingPaise: number };
  /** Every figure with its source, for the screens. */
  epfFigures: { label: string; value: string; source: string }[];
  esiFigures: { label: string; value: string; source: string }[];
};
export type FiguresOn = (date: string) => StatutoryNumbers;

/** The company's settings; the table's defaults when it never saved any. */
export async function readSettings(tx: Queryable): Promise<{ epf: EpfSettings; esi: EsiSettings }> {
  const { rows } = await tx.query<{
    epf_enabled: boolean;
    epf_establishment_code: string | null;
    epf_employee_base: 'actual' | 'restricted';
    epf_employer_base: 'actual' | 'restricted';
    epf_employer_in_ctc: boolean;
    epf_lop_prorate_restricted: boolean;
    epf_lop_consider_all_below_ceiling: boolean;
    esi_enabled: boolean;
    esi_code: string | null;
    esi_employer_in_ctc: boolean;
  }>(
    // RLS gives this company's row only.
    'SELECT * FROM payroll_statutory_settings',
  );
  // No row yet: the column defaults of the migration.
  const saved = rows.length > 0;
  const r = rows[0] ?? ({} as (typeof rows)[number]);
  return {
    epf: {
      enabled: saved ? r.epf_enabled : true,
      establishment_code: saved ? r.epf_establishment_code : null,
      employee_base: saved ? r.epf_employee_base : 'restricted',
      employer_base: saved ? r.epf_employer_base : 'restricted',
      employer_in_ctc: saved ? r.epf_employer_in_ctc : true,
      lop_prorate_restricted: saved ? r.epf_lop_prorate_restricted : false,
      lop_consider_all_below_ceiling: saved ? r.epf_lop_consider_all_below_ceiling : false,
    },
    esi: {
      enabled: saved ? r.esi_enabled : true,
      esi_code: saved ? r.esi_code : null,
      employer_in_ctc: saved ? r.esi_employer_in_ctc : true,
    },
  };
}

const COLUMNS = {
  epf_enabled: 'epf_enabled',
  establishment_code: 'epf_establishment_code',
  employee_base: 'epf_employee_base',
  employer_base: 'epf_employer_base',
  employer_in_ctc_epf: 'epf_employer_in_ctc',
  lop_prorate_restricted: 'epf_lop_prorate_restricted',
  lop_consider_all_below_ceiling: 'epf_lop_consider_all_below_ceiling',
  esi_enabled: 'esi_enabled',
  esi_code: 'esi_code',
  employer_in_ctc_esi: 'esi_employer_in_ctc',
} as const;

/** Upserts the given columns only; one statement, so two saves at once cannot lose a row. */
export async function saveSettings(
  tx: Queryable,
  companyId: string,
  changes: Partial<Record<keyof typeof COLUMNS, unknown>>,
) {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [
    keyof typeof COLUMNS,
    unknown,
  ][];
  if (entries.length === 0) {
    await tx.query('INSERT INTO payroll_statutory_settings (company_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      companyId,
    ]);
    return;
  }
  const cols = entries.map(([k]) => COLUMNS[k]);
  const values = entries.map(([, v]) => v);
  await tx.query(
    `INSERT INTO payroll_statutory_settings (company_id, ${cols.join(', ')})
     VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})
     ON CONFLICT (company_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()`,
    [companyId, ...values],
  );
}

export const epfChanges = (b: EpfUpdateBody) => ({
  establishment_code: b.establishment_code,
  employee_base: b.employee_base,
  employer_base: b.employer_base,
  employer_in_ctc_epf: b.employer_in_ctc,
  lop_prorate_restricted: b.lop_prorate_restricted,
  lop_consider_all_below_ceiling: b.lop_consider_all_below_ceiling,
});
export const esiChanges = (b: EsiUpdateBody) => ({
  esi_code: b.esi_code,
  employer_in_ctc_esi: b.employer_in_ctc,
});

/** What the breakup counts in CTC: the employer shares of the schemes that are on and in CTC. */
export function breakupStatutory(
  s: { epf: EpfSettings; esi: EsiSettings },
  n: StatutoryNumbers,
): BreakupStatutory {
  return {
    date: n.date,
    epf:
      s.epf.enabled && s.epf.employer_in_ctc
        ? {
            employerRateBp: n.epf.employerRateBp,
            ceilingPaise: n.epf.ceilingPaise,
            employerBase: s.epf.employer_base,
          }
        : null,
    esi:
      s.esi.enabled && s.esi.employer_in_ctc
        ? { employerRateBp: n.esi.employerRateBp, ceilingPaise: n.esi.ceilingPaise }
        : null,
    figures: [...(s.epf.enabled ? n.epfFigures : []), ...(s.esi.enabled ? n.esiFigures : [])],
  };
}
