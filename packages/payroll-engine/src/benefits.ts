/**
 * Pre-tax benefits inside CTC (issue 14): employer NPS and flexible benefit items.
 *
 * Reading of statutory-rules.md used here (the file names only 80CCD(2) for benefits):
 * - Employer NPS is paid by the employer into the employee's NPS account: an employer line, inside
 *   CTC, not in gross or net. It is salary for tax (a perquisite) and then deducted u/s 80CCD(2) up
 *   to the regime's cap of Basic + DA (§5.1: 14% in the new regime; the old regime's 10% is the
 *   dated data's figure). So it lowers TDS in both regimes up to the cap.
 * - A flexible benefit item (LTA 10(5), allowances 10(14), perquisites 17(2)) is paid with the
 *   salary: an earning, prorated for LOP, in gross. Its exemption is an old-regime exemption (§5.1
 *   allows no exemptions but the standard deduction and 80CCD(2) in the new regime), so it is
 *   taxable in the new regime and exempt in the old one up to the amount claimed (`claimedMonthly`,
 *   capped at the item's amount; absent = fully claimed, bills are not modelled). It is not EPF wage; it is not ESI wage (reimbursement-type pay, §2).
 */
import { prorate } from './earnings';
import { formatInr } from './money';
import type { IncomeTaxYearRules } from './tax/types';
import type { PayDays, PayslipInput, PayslipLine, PreTaxBenefit, SalaryLine } from './types';

const EXEMPTION_WORDS: Record<PreTaxBenefit['exemption'], string> = {
  '80CCD(2)': 's.80CCD(2)',
  '10(5)': 's.10(5) (leave travel)',
  '10(14)': 's.10(14) (special allowances)',
  '17(2)': 's.17(2) (perquisites)',
  none: 'no exemption',
};

function check(b: PreTaxBenefit): void {
  if (!Number.isSafeInteger(b.monthly) || b.monthly < 0) {
    throw new RangeError(`benefit ${b.code}: monthly must be whole paise ≥ 0`);
  }
  if (b.claimedMonthly !== undefined && (!Number.isSafeInteger(b.claimedMonthly) || b.claimedMonthly < 0)) {
    throw new RangeError(`benefit ${b.code}: claimedMonthly must be whole paise ≥ 0`);
  }
}

/** The monthly amount exempt in the old regime when only part is claimed; null when fully claimed. */
function partialClaim(b: PreTaxBenefit): number | null {
  if (b.claimedMonthly === undefined || b.claimedMonthly >= b.monthly) return null;
  return b.claimedMonthly;
}

/** Flexible benefit items as salary lines: taxable unless exempt in the old regime. */
export function flexibleSalaryLines(input: PayslipInput): SalaryLine[] {
  const out: SalaryLine[] = [];
  for (const b of input.benefits ?? []) {
    if (b.kind !== 'flexible') continue;
    check(b);
    const taxed = input.tax.regime === 'new' || b.exemption === 'none';
    const claimed = taxed ? null : partialClaim(b);
    const line: SalaryLine = {
      code: b.code,
      label: b.label,
      monthly: b.monthly,
      category: 'other',
      flags: {
        // Exempt when fully claimed; partly claimed, taxable but for the claimed part.
        taxable: taxed || claimed !== null,
        epfWage: 'never',
        esiWage: false,
        prorated: b.prorated ?? true,
        showOnPayslip: true,
      },
    };
    if (claimed !== null) line.exemptMonthly = claimed;
    out.push(line);
  }
  return out;
}

/** Words added to a flexible benefit's earning line: how the tax treats it. */
export function flexibleTaxWords(b: PreTaxBenefit, regime: 'new' | 'old'): string {
  if (b.exemption === 'none') return ' Flexible benefit item with no exemption: taxable.';
  const claimed = regime === 'old' ? partialClaim(b) : null;
  if (claimed !== null) {
    return ` Flexible benefit item, exempt u/s ${EXEMPTION_WORDS[b.exemption]} in the old regime up to the ${formatInr(claimed)} a month claimed of ${formatInr(b.monthly)}: the rest, ${formatInr(b.monthly - claimed)} a month, is taxable (in a month with LOP, what is paid above the claimed amount).`;
  }
  return regime === 'old'
    ? ` Flexible benefit item exempt u/s ${EXEMPTION_WORDS[b.exemption]} in the old regime (${b.claimedMonthly === undefined ? 'taken as fully claimed' : `claimed in full, ${formatInr(b.claimedMonthly)} a month`}): not in taxable pay.`
    : ` Flexible benefit item: the ${EXEMPTION_WORDS[b.exemption]} exemption is not available in the new regime, so it is taxable.`;
}

export interface NpsResult {
  line: PayslipLine | null;
  /** This month's contribution (prorated) and a regular month's, for the TDS projection. */
  earned: number;
  monthly: number;
}

/** Employer NPS: one employer line; its amount also feeds the TDS projection as 80CCD(2). */
export function employerNps(input: PayslipInput, days: PayDays, year: IncomeTaxYearRules): NpsResult {
  let monthly = 0;
  let earned = 0;
  const labels: string[] = [];
  for (const b of input.benefits ?? []) {
    if (b.kind !== 'nps-employer') continue;
    check(b);
    monthly += b.monthly;
    earned += (b.prorated ?? true) ? prorate(b.monthly, days) : b.monthly;
    labels.push(b.label);
  }
  if (labels.length === 0) return { line: null, earned: 0, monthly: 0 };
  const cap = year.regimes[input.tax.regime].employerNpsPercentOfBasicDa;
  const full = days.payable === days.basis;
  return {
    earned,
    monthly,
    line: {
      code: 'NPS_ER',
      label: 'Employer NPS contribution',
      kind: 'employer',
      base: monthly,
      rate: null,
      amount: earned,
      rounding: full ? 'none' : 'paisa-half-up',
      rule: {
        section: '§5.1',
        source: cap.source,
        law: `Income-tax Act: employer's contribution to NPS deductible u/s 80CCD(2) up to ${cap.value}% of Basic + DA (${input.tax.regime} regime)`,
      },
      inputs: [
        {
          name: 'monthly contribution',
          value: monthly,
          unit: 'paise',
          from: `salary structure, pre-tax benefit ${labels.join(', ')}`,
        },
        { name: 'payable days', value: days.payable, from: 'attendance' },
      ],
      explain: `Employer NPS contribution (pre-tax benefit, paid into the employee's NPS account, inside CTC, not in net pay): ${full ? formatInr(monthly) : `${formatInr(monthly)} × ${days.payable}/${days.basis} payable days = ${formatInr(earned)}`}. For income tax it is added to salary and deducted u/s 80CCD(2) up to ${cap.value}% of Basic + DA (${input.tax.regime} regime), which lowers TDS.`,
      show: true,
    },
  };
}
