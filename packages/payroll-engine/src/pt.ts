/**
 * Professional tax (rules §3) on the month's earned gross (half-year gross in Tamil Nadu), with the
 * February amounts and the ₹2,500 annual cap (Art. 276(2)).
 */
import { fyStartYear, MONTH_NAMES, monthEndIso, parseDate } from './dates';
import { inForce } from './figures';
import { formatInr } from './money';
import type { LineInput, PayslipInput, PayslipLine, PtSlab, PtTable, StatutoryRules } from './types';

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

function info(code: string, explain: string, rule: PayslipLine['rule']): PtResult {
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
      rule,
      inputs: [],
      explain,
      show: false,
    },
  };
}

/**
 * `gross` is the month's earned gross the slabs are read on (every earning except one-time items
 * flagged `ptWage: false`).
 */
export function computePt(
  input: PayslipInput,
  rules: StatutoryRules,
  gross: number,
  y: number,
  m: number,
): PtResult {
  const e = input.employee;
  const monthEnd = monthEndIso(y, m);
  const place = e.city ? `${e.city}, ${e.state}` : e.state;
  if (e.ptExempt)
    return info('PT_INFO', 'Professional tax: nil — exempt (employee record).', {
      section: '§3',
      source: 'statutory-rules.md §3 (exemptions)',
      law: `the exemptions of the professional tax law of ${place} (employee record: exempt)`,
    });
  const table = findPtTable(rules, input, monthEnd);
  if (!table) {
    return info(
      'PT_INFO',
      `Professional tax: not deducted — the payroll engine has no professional tax slabs for ${place} on ${monthEnd}${e.state === 'TN' ? ' (Tamil Nadu PT is set by each local body; only Greater Chennai Corporation is in the engine)' : ''}.`,
      { section: '§3', source: 'statutory-rules.md §3', law: `the professional tax law of ${place}` },
    );
  }
  if (table.frequency === 'none') {
    return info('PT_INFO', `Professional tax: none in ${place}.`, {
      section: table.section,
      source: table.source,
      law: table.law,
    });
  }
  const ytd = input.earlier.paid.professionalTaxPaise ?? 0;
  const capLeft = Math.max(0, table.annualCap - ytd);
  const inputs: LineInput[] = [
    {
      name: 'gross this month',
      value: gross,
      unit: 'paise',
      from: input.oneTime.some((o) => o.kind === 'earning' && o.ptWage === false)
        ? 'earnings on this payslip, less one-time items outside the professional tax gross'
        : 'earnings on this payslip',
    },
    {
      name: 'professional tax already paid this year',
      value: ytd,
      unit: 'paise',
      from: "this employee's payslips earlier this financial year",
    },
    {
      name: 'slab table',
      value: `${table.state}${table.city ? ` ${table.city}` : ''}${table.gender ? ` (${table.gender})` : ''}`,
      from: table.law,
    },
  ];
  if (table.frequency === 'half-yearly') {
    const exitThisMonth =
      e.exitDate !== undefined && parseDate(e.exitDate).y === y && parseDate(e.exitDate).m === m;
    const newHalf = m === 4 || m === 10;
    const halfGross = (newHalf ? 0 : input.earlier.grossThisHalfYear) + gross;
    const deducted = newHalf ? 0 : input.earlier.ptThisHalfYear;
    if (!(m === 9 || m === 3 || exitThisMonth)) {
      return info(
        'PT_INFO',
        `Professional tax (${place}): half-yearly — deducted with the September and March salary (or on exit) on the half-year's gross; gross so far this half-year ${formatInr(halfGross)}.`,
        { section: table.section, source: table.source, law: table.law },
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
        rule: { section: table.section, source: table.source, law: table.law },
        inputs: [
          ...inputs,
          {
            name: 'half-year gross',
            value: halfGross,
            unit: 'paise',
            from: 'gross paid earlier this half-year plus this month',
          },
        ],
        explain: `Professional tax (${place}, half-yearly): half-year gross ${formatInr(halfGross)} falls in the slab ${slabText(table, slab)} → ${formatInr(slab.amount)}${deducted ? `, less ${formatInr(deducted)} already deducted this half-year` : ''}${amount < due ? `, limited to the ${formatInr(table.annualCap)} annual cap` : ''} = ${formatInr(amount)}.`,
        show: true,
      },
    };
  }
  if (gross <= 0) {
    return info('PT', 'Professional tax: nil — no salary earned this month.', {
      section: table.section,
      source: table.source,
      law: table.law,
    });
  }
  const slab = slabFor(table, gross)!;
  const feb = m === 2 && slab.february !== undefined;
  const slabAmount = feb ? slab.february! : slab.amount;
  const amount = Math.min(slabAmount, capLeft);
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
      rule: { section: table.section, source: table.source, law: table.law },
      inputs,
      explain: `Professional tax (${place}${genderText}): gross ${formatInr(gross)} falls in the slab ${slabText(table, slab)} → ${formatInr(slabAmount)}${feb ? ' (February amount)' : ''}${amount < slabAmount ? `, limited to ${formatInr(amount)} by the ${formatInr(table.annualCap)} annual cap (${formatInr(ytd)} already deducted this FY)` : ''}.`,
      show: true,
    },
  };
}

export interface PtAhead {
  /** PT of the months after this one, to March or the exit month, in paise. */
  amount: number;
  /** How it was made, e.g. "9 × ₹200 + ₹300 in February"; '' when no month after this one has PT. */
  words: string;
}

const NO_PT_AHEAD: PtAhead = { amount: 0, words: '' };

/**
 * PT for the months after this one, for the TDS projection (old regime, s.16(iii)): each month to
 * March (or the exit month) at that month's own slab amount, from the table in force on its last
 * day, read on the regular monthly gross (`regularGross`: full salary, no LOP, no one-time items,
 * as the rest of the projection): February's own amount (KA, MH ₹300); half-yearly tables (Tamil
 * Nadu) charge the half-year's slab in September and March, or in the exit month, on the half-year
 * gross so far (earlier + this month + the regular months to come), less what that half-year has
 * already deducted; every month is limited by the annual cap (Art. 276(2)) left after PT already
 * deducted this FY (`earlier.paid.professionalTaxPaise`, which carries any opening figure) and
 * this month's `thisMonth`.
 */
export function ptAhead(
  input: PayslipInput,
  rules: StatutoryRules,
  regularGross: number,
  thisMonth: PtResult,
  thisMonthGross: number,
  y: number,
  m: number,
): PtAhead {
  const e = input.employee;
  if (e.ptExempt) return NO_PT_AHEAD;
  const fyStart = fyStartYear(y, m);
  const index = (y - fyStart) * 12 + m - 3; // April = 1 … March = 12
  let last = 12;
  if (e.exitDate !== undefined) {
    const exit = parseDate(e.exitDate);
    const exitIndex = (exit.y - fyStart) * 12 + exit.m - 3;
    if (exitIndex < last) last = exitIndex;
  }
  if (last <= index) return NO_PT_AHEAD;
  const newHalf = m === 4 || m === 10;
  // The half-year as it stands after this month (what ytd will carry).
  let halfGross = (newHalf ? 0 : input.earlier.grossThisHalfYear) + thisMonthGross;
  let halfDeducted =
    (newHalf ? 0 : input.earlier.ptThisHalfYear) + (thisMonth.halfYearly ? thisMonth.amount : 0);
  let used = (input.earlier.paid.professionalTaxPaise ?? 0) + thisMonth.amount;
  let amount = 0;
  let cappedAt = 0;
  // Regular months grouped by amount ("9 × ₹200"); February amounts and half-year deductions named.
  let groupAmounts: number[] | null = null;
  let groupCounts: number[] | null = null;
  let named = '';
  // Usually one table covers the rest of the year: look it up once unless a table of the state
  // ends or starts inside the months ahead (then each month takes the table in force on its last day).
  const fyEnd = monthEndIso(fyStart + 1, 3);
  const thisEnd = monthEndIso(y, m);
  let changes = false;
  for (const t of rules.pt) {
    if (t.state !== e.state) continue;
    if ((t.from > thisEnd && t.from <= fyEnd) || (t.to !== undefined && t.to >= thisEnd && t.to < fyEnd)) {
      changes = true;
      break;
    }
  }
  const yearTable = changes ? undefined : findPtTable(rules, input, thisEnd);
  for (let i = index + 1; i <= last; i++) {
    const cm = ((i + 2) % 12) + 1;
    const cy = cm >= 4 ? fyStart : fyStart + 1;
    if (cm === 4 || cm === 10) {
      halfGross = 0;
      halfDeducted = 0;
    }
    halfGross += regularGross;
    const table = changes ? findPtTable(rules, input, monthEndIso(cy, cm)) : yearTable;
    if (!table || table.frequency === 'none') continue;
    const capLeft = table.annualCap > used ? table.annualCap - used : 0;
    let due: number;
    let special: boolean;
    const halfYearly = table.frequency === 'half-yearly';
    if (halfYearly) {
      // `last` is March, or the exit month when the employee leaves before March.
      if (!(cm === 9 || cm === 3 || i === last)) continue;
      const slab = slabFor(table, halfGross);
      due = slab && slab.amount > halfDeducted ? slab.amount - halfDeducted : 0;
      special = true;
    } else {
      const slab = slabFor(table, regularGross);
      if (!slab) continue;
      special = cm === 2 && slab.february !== undefined;
      due = special ? slab.february! : slab.amount;
    }
    const month = due > capLeft ? capLeft : due;
    if (month < due) cappedAt = table.annualCap;
    used += month;
    if (halfYearly) halfDeducted += month;
    amount += month;
    if (special) named += ` + ${formatInr(month)} in ${MONTH_NAMES[cm - 1]}`;
    else {
      if (!groupAmounts) {
        groupAmounts = [];
        groupCounts = [];
      }
      const g = groupAmounts.indexOf(month);
      if (g === -1) {
        groupAmounts.push(month);
        groupCounts!.push(1);
      } else groupCounts![g]! += 1;
    }
  }
  let words = '';
  if (groupAmounts) {
    for (let g = 0; g < groupAmounts.length; g++) {
      words += `${words ? ' + ' : ''}${groupCounts![g]} × ${formatInr(groupAmounts[g]!)}`;
    }
    // Counted months do not say where they end: name the exit month when it is not March.
    if (last < 12) words += ` (to the exit month, ${MONTH_NAMES[(last + 2) % 12]})`;
  }
  words = words ? words + named : named.slice(3);
  if (cappedAt) words += ` (limited by the ${formatInr(cappedAt)} annual cap, Art. 276(2))`;
  return { amount, words };
}
