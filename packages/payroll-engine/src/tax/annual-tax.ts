import { assertPaise, formatRupees, percentOf, roundToRupee, roundToTenRupees } from './money';
import type {
  AgeBand,
  AnnualTaxResult,
  IncomeTaxYearRules,
  RegimeRules,
  SlabTable,
  TaxRegime,
  TaxStep,
} from './types';

interface SlabPart {
  fromPaise: number;
  toPaise: number;
  ratePercent: number;
  taxPaise: number;
}

function slabParts(income: number, table: SlabTable): SlabPart[] {
  const parts: SlabPart[] = [];
  for (const slab of table.slabs) {
    if (income <= slab.fromPaise) break;
    const top = slab.toPaise === null ? income : Math.min(income, slab.toPaise);
    parts.push({
      fromPaise: slab.fromPaise,
      toPaise: top,
      ratePercent: slab.ratePercent,
      taxPaise: percentOf(top - slab.fromPaise, slab.ratePercent),
    });
  }
  return parts;
}

function slabTax(income: number, table: SlabTable): number {
  return slabParts(income, table).reduce((sum, p) => sum + p.taxPaise, 0);
}

/** Tax after the 87A rebate; the rebate is what it took away. */
function afterRebate(income: number, tax: number, rules: RegimeRules): { tax: number; rebate: number } {
  const r = rules.rebate87A;
  if (income <= r.incomeLimitPaise) {
    const rebate = Math.min(tax, r.maxRebatePaise);
    return { tax: tax - rebate, rebate };
  }
  if (r.marginalRelief && tax > income - r.incomeLimitPaise) {
    return { tax: income - r.incomeLimitPaise, rebate: tax - (income - r.incomeLimitPaise) };
  }
  return { tax, rebate: 0 };
}

function surchargeRateAt(income: number, rules: RegimeRules): number {
  let rate = 0;
  for (const band of rules.surcharge.bands) if (income > band.abovePaise) rate = band.ratePercent;
  return rate;
}

function taxAndSurchargeAt(income: number, table: SlabTable, rules: RegimeRules): number {
  const tax = afterRebate(income, slabTax(income, table), rules).tax;
  return tax + percentOf(tax, surchargeRateAt(income, rules));
}

const pct = (n: number) => `${n}%`;

/**
 * Annual income tax on total (taxable) income in one regime: slabs, rebate u/s 87A (with marginal
 * relief where the regime has it), surcharge with marginal relief, cess, then the year's rounding.
 */
export function annualTax(
  taxableIncomePaise: number,
  regime: TaxRegime,
  yearRules: IncomeTaxYearRules,
  ageBand: AgeBand = 'below60',
): AnnualTaxResult {
  assertPaise('taxableIncomePaise', taxableIncomePaise);
  const rules = yearRules.regimes[regime];
  const table = rules.slabs[ageBand];
  const steps: TaxStep[] = [];
  const regimeName = regime === 'new' ? 'new regime' : 'old regime';

  let income = taxableIncomePaise;
  if (yearRules.rounding.totalIncome === 'nearest-10-rupees') {
    income = roundToTenRupees(taxableIncomePaise);
    steps.push({
      key: 'income-rounding',
      label: 'Total income rounded to ₹10',
      amountPaise: income,
      detail: `${formatRupees(taxableIncomePaise)} rounded to the nearest ₹10 (s.288A) = ${formatRupees(income)}`,
      source: yearRules.rounding.source,
    });
  }

  const parts = slabParts(income, table);
  for (const p of parts) {
    steps.push({
      key: `slab-${p.fromPaise}`,
      label: `Slab ${formatRupees(p.fromPaise)}–${formatRupees(p.toPaise)} at ${pct(p.ratePercent)}`,
      amountPaise: p.taxPaise,
      detail: `${pct(p.ratePercent)} of ${formatRupees(p.toPaise - p.fromPaise)} (income from ${formatRupees(p.fromPaise)} to ${formatRupees(p.toPaise)}) = ${formatRupees(p.taxPaise)}`,
      source: table.source,
    });
  }
  const slab = parts.reduce((sum, p) => sum + p.taxPaise, 0);
  steps.push({
    key: 'slab-tax',
    label: 'Tax on slabs',
    amountPaise: slab,
    detail: `tax on ${formatRupees(income)} by the ${yearRules.financialYear} ${regimeName} slabs = ${formatRupees(slab)}`,
    source: table.source,
  });

  const r87 = rules.rebate87A;
  const { tax: afterRebateTax, rebate } = afterRebate(income, slab, rules);
  if (rebate > 0) {
    const within = income <= r87.incomeLimitPaise;
    steps.push({
      key: within ? 'rebate-87a' : 'rebate-87a-marginal-relief',
      label: within ? 'Rebate u/s 87A' : 'Rebate u/s 87A (marginal relief)',
      amountPaise: rebate,
      detail: within
        ? `rebate u/s 87A: income ${formatRupees(income)} is within ${formatRupees(r87.incomeLimitPaise)}, so rebate = tax, at most ${formatRupees(r87.maxRebatePaise)} = ${formatRupees(rebate)}`
        : `rebate u/s 87A with marginal relief: income ${formatRupees(income)} is above ${formatRupees(r87.incomeLimitPaise)} by ${formatRupees(income - r87.incomeLimitPaise)}; tax may not exceed that excess, so relief = ${formatRupees(slab)} − ${formatRupees(income - r87.incomeLimitPaise)} = ${formatRupees(rebate)}`,
      source: r87.source,
    });
  } else if (income > r87.incomeLimitPaise && slab > 0) {
    steps.push({
      key: 'rebate-87a',
      label: 'Rebate u/s 87A',
      amountPaise: 0,
      detail: `no rebate u/s 87A: income ${formatRupees(income)} is above ${formatRupees(r87.incomeLimitPaise)}`,
      source: r87.source,
    });
  }

  const rate = surchargeRateAt(income, rules);
  const surcharge = percentOf(afterRebateTax, rate);
  let relief = 0;
  if (rate > 0) {
    const band = [...rules.surcharge.bands].reverse().find((b) => income > b.abovePaise)!;
    steps.push({
      key: 'surcharge',
      label: `Surcharge ${pct(rate)}`,
      amountPaise: surcharge,
      detail: `surcharge ${pct(rate)} (income above ${formatRupees(band.abovePaise)}) of ${formatRupees(afterRebateTax)} = ${formatRupees(surcharge)}`,
      source: rules.surcharge.source,
    });
    if (rules.surcharge.marginalRelief) {
      const atThreshold = taxAndSurchargeAt(band.abovePaise, table, rules);
      const cap = atThreshold + (income - band.abovePaise);
      if (afterRebateTax + surcharge > cap) {
        relief = afterRebateTax + surcharge - cap;
        steps.push({
          key: 'surcharge-marginal-relief',
          label: 'Marginal relief on surcharge',
          amountPaise: relief,
          detail: `marginal relief on surcharge: tax + surcharge ${formatRupees(afterRebateTax + surcharge)} may not exceed tax + surcharge on ${formatRupees(band.abovePaise)} (${formatRupees(atThreshold)}) + income above it (${formatRupees(income - band.abovePaise)}) = ${formatRupees(cap)}; relief ${formatRupees(relief)}`,
          source: rules.surcharge.source,
        });
      }
    }
  }

  const beforeCess = afterRebateTax + surcharge - relief;
  const cessRate = yearRules.cessPercent.value;
  const cess = percentOf(beforeCess, cessRate);
  if (beforeCess > 0) {
    steps.push({
      key: 'cess',
      label: `Health and education cess ${pct(cessRate)}`,
      amountPaise: cess,
      detail: `cess ${pct(cessRate)} of ${formatRupees(beforeCess)} = ${formatRupees(cess)}`,
      source: yearRules.cessPercent.source,
    });
  }

  const unrounded = beforeCess + cess;
  const byTen = yearRules.rounding.annualTax === 'nearest-10-rupees';
  const total = byTen ? roundToTenRupees(unrounded) : roundToRupee(unrounded);
  steps.push({
    key: 'annual-tax',
    label: 'Annual tax',
    amountPaise: total,
    detail:
      total === unrounded
        ? `annual tax ${formatRupees(total)}`
        : `${formatRupees(unrounded)} rounded to the nearest ${byTen ? '₹10 (s.288B)' : 'rupee (half-up)'} = ${formatRupees(total)}`,
    source: yearRules.rounding.source,
  });

  return {
    regime,
    taxableIncomePaise: income,
    slabTaxPaise: slab,
    rebate87APaise: rebate,
    surchargePaise: surcharge,
    surchargeReliefPaise: relief,
    taxBeforeCessPaise: beforeCess,
    cessPaise: cess,
    totalTaxPaise: total,
    steps,
  };
}
