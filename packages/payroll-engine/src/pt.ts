/**
 * Professional tax (rules §3) on the month's earned gross (half-year gross in Tamil Nadu), with the
 * February amounts and the ₹2,500 annual cap (Art. 276(2)).
 */
import { daysInMonth, iso, parseDate } from './dates';
import { inForce } from './figures';
import { formatInr } from './money';
import type { PayslipInput, PayslipLine, PtSlab, PtTable, StatutoryRules } from './types';

export function findPtTable(rules: StatutoryRules, input: PayslipInput, date: string): PtTable | undefined {
  const e = input.employee;
  let best: PtTable | undefined;
  let bestScore = -1;
  for (const t of rules.pt) {
    if (t.state !== e.state || !inForce(t, date)) continue;
    if (t.city && t.city.toLowerCase() !== (e.city ?? '').trim().toLowerCase()) continue;
    if (t.gender && t.gender !== e.gender) continue;
    const score = (t.city ? 2 : 0) + (t.gender ? 1 : 0);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

export function slabFor(table: PtTable, base: number): PtSlab | undefined {
  return table.slabs.find((s) => s.upTo === undefined || base <= s.upTo);
}

function slabText(table: PtTable, slab: PtSlab): string {
  const i = table.slabs.indexOf(slab);
  const lo = i > 0 ? table.slabs[i - 1]!.upTo! + 1 : 0;
  if (slab.upTo === undefined) return `${formatInr(lo)} and above`;
  return i === 0 ? `up to ${formatInr(slab.upTo)}` : `${formatInr(lo)}–${formatInr(slab.upTo)}`;
}

export interface PtResult {
  line: PayslipLine | null;
  amount: number;
  /** Deducted by half-year (carried in ytd.ptThisHalfYear). */
  halfYearly?: boolean;
}

function info(code: string, explain: string, section: string, source: string): PtResult {
  return {
    amount: 0,
    line: {
      code,
      label: 'Professional tax',
      kind: 'info',
      base: null,
      rate: null,
      amount: 0,
      rounding: 'none',
      rule: { section, source },
      inputs: [],
      explain,
      show: false,
    },
  };
}

/**
 * `gross` is the month's earned gross; `regular` asks for a normal month's amount for the TDS
 * projection (no February amount, half-yearly spread as a sixth).
 */
export function computePt(
  input: PayslipInput,
  rules: StatutoryRules,
  gross: number,
  y: number,
  m: number,
  regular = false,
): PtResult {
  const e = input.employee;
  const monthEnd = iso(y, m, daysInMonth(y, m));
  const place = e.city ? `${e.city}, ${e.state}` : e.state;
  if (e.ptExempt)
    return info(
      'PT_INFO',
      'Professional tax: nil — exempt (employee facts).',
      '§3',
      'statutory-rules.md §3 (exemptions)',
    );
  const table = findPtTable(rules, input, monthEnd);
  if (!table) {
    return info(
      'PT_INFO',
      `Professional tax: not deducted — the statutory data has no slab table for ${place} on ${monthEnd}${e.state === 'TN' ? ' (Tamil Nadu PT is set by each local body; only Greater Chennai Corporation is in the data)' : ''}.`,
      '§3',
      'statutory-rules.md §3',
    );
  }
  if (table.frequency === 'none') {
    return info(
      'PT_INFO',
      `Professional tax: none in ${place} (${table.source}).`,
      table.section,
      table.source,
    );
  }
  const ytd = input.earlier.paid.professionalTaxPaise ?? 0;
  const capLeft = Math.max(0, table.annualCap - ytd);
  const inputs = [
    { name: 'gross this month', value: gross, from: 'earnings on this payslip' },
    { name: 'PT deducted earlier this FY', value: ytd, from: 'earlier.paid.professionalTaxPaise' },
    {
      name: 'slab table',
      value: `${table.state}${table.city ? ` ${table.city}` : ''}${table.gender ? ` (${table.gender})` : ''}`,
      from: `statutory data PT (${table.source})`,
    },
  ];
  if (table.frequency === 'half-yearly') {
    const exitThisMonth =
      e.exitDate !== undefined && parseDate(e.exitDate).y === y && parseDate(e.exitDate).m === m;
    const newHalf = m === 4 || m === 10;
    const halfGross = (newHalf ? 0 : input.earlier.grossThisHalfYear) + gross;
    const deducted = newHalf ? 0 : input.earlier.ptThisHalfYear;
    if (regular) {
      const slab = slabFor(table, gross * 6);
      return { line: null, amount: slab ? Math.floor(slab.amount / 6) : 0 };
    }
    if (!(m === 9 || m === 3 || exitThisMonth)) {
      return info(
        'PT_INFO',
        `Professional tax (${place}): half-yearly — deducted with the September and March salary (or on exit) on the half-year's gross; gross so far this half-year ${formatInr(halfGross)} (${table.source}).`,
        table.section,
        table.source,
      );
    }
    const slab = slabFor(table, halfGross)!;
    const due = Math.max(0, slab.amount - deducted);
    const amount = Math.min(due, capLeft);
    return {
      amount,
      halfYearly: true,
      line: {
        code: 'PT',
        label: 'Professional tax',
        kind: 'deduction',
        base: halfGross,
        rate: null,
        amount,
        rounding: 'none',
        rule: { section: table.section, source: table.source },
        inputs: [
          ...inputs,
          { name: 'half-year gross', value: halfGross, from: 'earlier.grossThisHalfYear + this month' },
        ],
        explain: `Professional tax (${place}, half-yearly): half-year gross ${formatInr(halfGross)} falls in the slab ${slabText(table, slab)} → ${formatInr(slab.amount)}${deducted ? `, less ${formatInr(deducted)} already deducted this half-year` : ''}${amount < due ? `, limited to the ${formatInr(table.annualCap)} annual cap` : ''} = ${formatInr(amount)} (${table.source}).`,
        show: true,
      },
    };
  }
  if (gross <= 0) {
    return info(
      'PT',
      `Professional tax: nil — no salary earned this month (rules §6).`,
      table.section,
      table.source,
    );
  }
  const slab = slabFor(table, gross)!;
  const feb = !regular && m === 2 && slab.february !== undefined;
  const slabAmount = feb ? slab.february! : slab.amount;
  const amount = regular ? slabAmount : Math.min(slabAmount, capLeft);
  if (regular) return { line: null, amount };
  const genderText = table.gender === 'female' ? ' (women’s slabs)' : '';
  return {
    amount,
    line: {
      code: 'PT',
      label: 'Professional tax',
      kind: 'deduction',
      base: gross,
      rate: null,
      amount,
      rounding: 'none',
      rule: { section: table.section, source: table.source },
      inputs,
      explain: `Professional tax (${place}${genderText}): gross ${formatInr(gross)} falls in the slab ${slabText(table, slab)} → ${formatInr(slabAmount)}${feb ? ' (February amount)' : ''}${amount < slabAmount ? `, limited to ${formatInr(amount)} by the ${formatInr(table.annualCap)} annual cap (${formatInr(ytd)} already deducted this FY)` : ''} (${table.source}).`,
      show: true,
    },
  };
}
