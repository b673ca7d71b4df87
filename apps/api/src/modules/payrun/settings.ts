import type { PayRunSettings, PayRunSettingsBody } from '@hr/contract';
import type { ProrationMethod } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';

const DEFAULTS: PayRunSettings = {
  proration: 'calendar',
  proration_fixed_days: null,
  absent_as_lop: true,
  net_change_threshold_percent: 20,
  bank_cooling_off_days: 30,
  maker_checker: false,
  payslip_password: false,
  mail_payslips: true,
  legal_name: null,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  postal_code: null,
  pan: null,
  tan: null,
  debit_account_number: null,
  debit_ifsc: null,
  debit_bank_name: null,
};

const TEXT_KEYS = [
  'legal_name',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'pan',
  'tan',
  'debit_account_number',
  'debit_ifsc',
  'debit_bank_name',
] as const;

/** The company's pay-run settings (the defaults where it has saved none). Caller's tenant transaction. */
export async function readPayrunSettings(tx: Queryable): Promise<PayRunSettings> {
  const { rows } = await tx.query<Record<string, unknown>>('SELECT * FROM payrun_settings LIMIT 1');
  const r = rows[0];
  if (!r) return { ...DEFAULTS };
  const out: PayRunSettings = {
    ...DEFAULTS,
    proration: r.proration as PayRunSettings['proration'],
    proration_fixed_days: (r.proration_fixed_days as number | null) ?? null,
    absent_as_lop: r.absent_as_lop as boolean,
    net_change_threshold_percent: Number(r.net_change_threshold_bp) / 100,
    bank_cooling_off_days: Number(r.bank_cooling_off_days),
    maker_checker: r.maker_checker as boolean,
    payslip_password: r.payslip_password as boolean,
    mail_payslips: r.mail_payslips as boolean,
  };
  for (const k of TEXT_KEYS) out[k] = (r[k] as string | null) ?? null;
  return out;
}

/** Saves the given fields (absent ones keep their value). Caller's tenant transaction. */
export async function writePayrunSettings(
  tx: Queryable,
  companyId: string,
  body: PayRunSettingsBody,
): Promise<PayRunSettings> {
  const next = { ...(await readPayrunSettings(tx)) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) if (v !== undefined) next[k] = v === '' ? null : v;
  const s = next as PayRunSettings;
  if (s.proration !== 'fixed') s.proration_fixed_days = null;
  await tx.query(
    `INSERT INTO payrun_settings (company_id, proration, proration_fixed_days, absent_as_lop, net_change_threshold_bp,
       bank_cooling_off_days, maker_checker, payslip_password, mail_payslips, ${TEXT_KEYS.join(', ')}, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${TEXT_KEYS.map((_, i) => `$${i + 10}`).join(', ')}, now())
     ON CONFLICT (company_id) DO UPDATE SET proration = EXCLUDED.proration,
       proration_fixed_days = EXCLUDED.proration_fixed_days, absent_as_lop = EXCLUDED.absent_as_lop,
       net_change_threshold_bp = EXCLUDED.net_change_threshold_bp, bank_cooling_off_days = EXCLUDED.bank_cooling_off_days,
       maker_checker = EXCLUDED.maker_checker, payslip_password = EXCLUDED.payslip_password,
       mail_payslips = EXCLUDED.mail_payslips, ${TEXT_KEYS.map((k) => `${k} = EXCLUDED.${k}`).join(', ')}, updated_at = now()`,
    [
      companyId,
      s.proration,
      s.proration_fixed_days,
      s.absent_as_lop,
      Math.round(s.net_change_threshold_percent * 100),
      s.bank_cooling_off_days,
      s.maker_checker,
      s.payslip_password,
      s.mail_payslips,
      ...TEXT_KEYS.map((k) => s[k]),
    ],
  );
  return readPayrunSettings(tx);
}

/** The engine's proration method; `nonWorkingDays` (days of the month) only for working days. */
export function prorationOf(s: PayRunSettings, nonWorkingDays: number[]): ProrationMethod {
  if (s.proration === 'fixed') return { kind: 'fixed', days: s.proration_fixed_days ?? 30 };
  if (s.proration === 'working') return { kind: 'working', nonWorkingDays };
  return { kind: 'calendar' };
}
