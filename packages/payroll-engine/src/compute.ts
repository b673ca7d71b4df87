/**
 * computePayslip: the one entry point. Pure: the same input and rules give the same payslip; no
 * clock, database or environment. Order: earnings → EPF → ESI → PT → LWF → TDS (TDS needs the
 * month's PF and PT for the old regime) → totals and year-to-date.
 */

import { employerNps, flexibleSalaryLines, flexibleTaxWords } from './benefits';
import { ageOn, daysInMonth, monthEndIso, parseDate, parseMonth } from './dates';
import { payDays } from './days';
import { finishExplain, oneTimeLine, salaryLineEarning } from './earnings';
import { computeEpf, type Wages } from './epf';
import { computeEsi } from './esi';
import { computeLwf } from './lwf';
import { formatInr } from './money';
import { computePt, ptAhead } from './pt';
import { computeMonthlyTds, incomeTaxRulesFor } from './tax';
import type { AgeBand, SalaryFigures, TdsInput } from './tax/types';
import type { Payslip, PayslipInput, PayslipLine, StatutoryRules } from './types';

/** Where the figures of earlier months come from, in words. */
const EARLIER_PAYSLIPS = "this employee's payslips earlier this financial year";

export function methodText(input: PayslipInput): string {
  const m = input.attendance.method;
  if (m.kind === 'calendar') return 'calendar days';
  if (m.kind === 'fixed') return `fixed ${m.days} days`;
  return 'working days';
}

function ageBand(dob: string, y: number, m: number): AgeBand {
  const fyEnd = monthEndIso(m >= 4 ? y + 1 : y, 3);
  const age = ageOn(dob, fyEnd);
  return age >= 80 ? '80plus' : age >= 60 ? '60to80' : 'below60';
}

function taxFigures(wages: Wages, employeePf: number, pt: number): SalaryFigures {
  let gross = 0;
  let hra = 0;
  let basicDa = 0;
  for (const { line, earned } of wages.lines) {
    if (!line.flags.taxable) continue;
    const exempt = line.exemptMonthly;
    gross += exempt === undefined ? earned : exempt >= earned ? 0 : earned - exempt;
    if (line.category === 'hra') hra += earned;
    if (line.category === 'basic' || line.category === 'da') basicDa += earned;
  }
  for (const o of wages.oneTime) if (o.kind === 'earning' && o.taxable !== false) gross += o.amount;
  return {
    grossPaise: gross,
    hraPaise: hra,
    basicDaPaise: basicDa,
    employeePfPaise: employeePf,
    professionalTaxPaise: pt,
  };
}

/** Whether an employer line is inside CTC: EPF per the EPF settings; ESI and LWF always. */
function inCtc(l: PayslipLine, input: PayslipInput): boolean {
  const s = input.epf;
  if (l.code === 'EPF_ER' || l.code === 'EPS_ER') return s.employerInCtc;
  if (l.code === 'NPS_ER') return true;
  if (l.code === 'EDLI_ER') return s.employerInCtc && s.edliInCtc === true;
  if (l.code === 'EPF_ADMIN') return s.employerInCtc && s.adminInCtc === true;
  return true;
}

const RESERVED = new Set([
  'EPF_EE',
  'VPF_EE',
  'EPF_ER',
  'EPS_ER',
  'EDLI_ER',
  'EPF_ADMIN',
  'EPF_INFO',
  'ESI_EE',
  'ESI_ER',
  'ESI_INFO',
  'PT',
  'PT_INFO',
  'LWF_EE',
  'LWF_ER',
  'TDS',
  'NPS_ER',
]);

/** Line codes must be unique and must not collide with the statutory lines' codes. */
function checkCodes(input: PayslipInput): void {
  const seen = new Set<string>();
  const check = (code: string) => {
    if (RESERVED.has(code)) throw new RangeError(`line code ${code} is reserved for a statutory line`);
    if (seen.has(code)) throw new RangeError(`line code ${code} appears twice`);
    seen.add(code);
  };
  for (const l of input.salary) check(l.code);
  for (const o of input.oneTime) check(o.code);
  for (const b of input.benefits ?? []) check(b.code);
}

/** An uploaded TDS figure: whole rupees (TDS is deducted to the rupee, rules §5.5 step 4) and a reason. */
function checkOverride(o: { amountPaise: number; reason: string }): void {
  if (!Number.isSafeInteger(o.amountPaise) || o.amountPaise < 0 || o.amountPaise % 100 !== 0) {
    throw new RangeError(
      `tax.override.amountPaise must be whole rupees in paise, ≥ 0 (TDS is deducted to the rupee), got ${o.amountPaise}`,
    );
  }
  if (typeof o.reason !== 'string' || o.reason.trim() === '') {
    throw new RangeError('tax.override.reason must say why the TDS figure is overridden');
  }
}

export function computePayslip(input: PayslipInput, rules: StatutoryRules): Payslip {
  checkCodes(input);
  const { y, m } = parseMonth(input.month);
  const days = payDays(y, m, input.employee, input.attendance);
  const mt = methodText(input);
  const notes: string[] = [];
  const lines: PayslipLine[] = [];

  // Flexible benefit items are paid as earnings; without benefits `salary` is the input's own array.
  const flexible = input.benefits ? flexibleSalaryLines(input) : [];
  const salary = flexible.length ? [...input.salary, ...flexible] : input.salary;
  const wageLines = salary.map((line) => {
    const l = salaryLineEarning(line, days, mt);
    lines.push(l);
    return { line, earned: l.amount };
  });
  if (flexible.length) {
    for (const b of input.benefits!) {
      const l = b.kind === 'flexible' ? lines.find((x) => x.code === b.code) : undefined;
      if (l) l.explain += flexibleTaxWords(b, input.tax.regime);
    }
  }
  for (const o of input.oneTime) lines.push(oneTimeLine(o));
  const wages: Wages = { lines: wageLines, oneTime: input.oneTime, days };
  const gross = lines.reduce((a, l) => a + (l.kind === 'earning' ? l.amount : 0), 0);

  const epf = computeEpf(input, rules, wages, y, m);
  lines.push(...epf.lines);
  const esi = computeEsi(input, rules, wages, y, m);
  lines.push(...esi.lines);
  // PT slabs are read on the month's gross less one-time items the caller keeps out of it (a
  // reimbursement of expenses is not salary).
  let ptGross = gross;
  for (const o of input.oneTime) if (o.kind === 'earning' && o.ptWage === false) ptGross -= o.amount;
  const pt = computePt(input, rules, ptGross, y, m);
  if (pt.line) lines.push(pt.line);
  lines.push(...computeLwf(input, rules, gross, y, m));

  // The TDS projection needs a regular full month: same salary, no LOP, no one-time items.
  const fullDays = { basis: days.basis, outsideEmployment: 0, lop: 0, payable: days.basis };
  const regularWages: Wages = {
    lines: salary.map((line) => ({ line, earned: line.monthly })),
    oneTime: [],
    days: fullDays,
  };
  const regularEpf = computeEpf(input, rules, regularWages, y, m, false).employee;
  const regularGross = salary.reduce((a, s) => a + s.monthly, 0);
  // PT differs from month to month (February, half-years), so the months ahead are projected one
  // by one (ptAhead) rather than as a regular month's PT times the months left.
  // Only the old regime deducts PT (s.16(iii)); the new regime's tax does not read it.
  const ahead = input.tax.regime === 'old' ? ptAhead(input, rules, regularGross, pt, ptGross, y, m) : null;
  const thisMonth = taxFigures(wages, epf.employee, pt.amount);
  const regular = taxFigures(regularWages, regularEpf, 0);
  const yearRules = incomeTaxRulesFor(input.month, rules.incomeTax);
  const nps = input.benefits ? employerNps(input, days, yearRules) : null;
  if (nps?.line) {
    lines.push(nps.line);
    thisMonth.employerNpsPaise = nps.earned;
    regular.employerNpsPaise = nps.monthly;
  }
  const tax = input.tax;
  const tdsInput: TdsInput = {
    month: input.month,
    regime: tax.regime,
    ageBand: ageBand(input.employee.dateOfBirth, y, m),
    paidSoFar: input.earlier.paid,
    thisMonth,
    regularMonthly: regular,
    tdsDeductedSoFarPaise: input.earlier.tds,
  };
  if (ahead) tdsInput.professionalTaxAhead = { amountPaise: ahead.amount, words: ahead.words };
  if (tax.previousEmployer) tdsInput.previousEmployer = tax.previousEmployer;
  if (tax.expectedOneTime) tdsInput.oneTimeItems = tax.expectedOneTime;
  if (tax.declarations) tdsInput.declarations = tax.declarations;
  if (input.employee.exitDate) tdsInput.exitMonth = input.employee.exitDate.slice(0, 7);
  const tds = computeMonthlyTds(tdsInput, yearRules);
  // s.192/s.392 deduct tax from the salary paid: TDS is capped at what is left of this month's pay
  // after every other deduction, in whole rupees; the shortfall is not deducted now and, since the
  // projection subtracts only TDS actually deducted (earlier.tds), later months recover it (ADR 0014).
  let otherDeductions = 0;
  for (const l of lines) if (l.kind === 'deduction') otherDeductions += l.amount;
  const payLeft = gross - otherDeductions;
  const tdsRoom = payLeft > 0 ? payLeft - (payLeft % 100) : 0;
  // An administrator's uploaded figure replaces the projection's for this month only; the cap
  // still applies, and ytd.tds carries what was deducted, so the next months' projections take up
  // (or give back) the difference by themselves.
  const override = tax.override;
  if (override) checkOverride(override);
  const wanted = override ? override.amountPaise : tds.tdsPaise;
  const tdsDeducted = wanted > tdsRoom ? tdsRoom : wanted;
  const shortfall = wanted - tdsDeducted;
  const tdsInputs: PayslipLine['inputs'] = [
    { name: 'regime', value: tax.regime, from: 'employee record › Tax regime' },
    {
      name: 'taxable pay this month',
      value: thisMonth.grossPaise,
      unit: 'paise',
      from: 'earnings counted as taxable',
    },
    {
      name: 'regular monthly taxable pay',
      value: regular.grossPaise,
      unit: 'paise',
      from: 'taxable salary components, full month',
    },
    {
      name: 'taxable pay already paid this year',
      value: input.earlier.paid.grossPaise,
      unit: 'paise',
      from: EARLIER_PAYSLIPS,
    },
    {
      name: 'TDS already deducted this year',
      value: input.earlier.tds,
      unit: 'paise',
      from: EARLIER_PAYSLIPS,
    },
  ];
  if (tax.regime === 'old') {
    tdsInputs.push({
      name: 'PT for the year',
      value: (input.earlier.paid.professionalTaxPaise ?? 0) + pt.amount + (ahead?.amount ?? 0),
      unit: 'paise',
      from: 'professional tax already paid this year, this month and the months ahead by their slabs',
    });
  }
  let overrideWords = '';
  if (override) {
    tdsInputs.push(
      { name: 'TDS computed by the engine', value: tds.tdsPaise, unit: 'paise', from: 'projection method' },
      {
        name: 'TDS override',
        value: override.amountPaise,
        unit: 'paise',
        from: `TDS figure uploaded by an administrator: ${override.reason}`,
      },
    );
    overrideWords = `override ${formatInr(override.amountPaise)} uploaded by an administrator (reason: ${override.reason.trim()}) instead of the ${formatInr(tds.tdsPaise)} the engine computed; the year-to-date TDS carries what is deducted, so later months' projections recover or give back the difference. The engine's computation: `;
    notes.push(
      `TDS overridden: ${formatInr(override.amountPaise)} instead of the computed ${formatInr(tds.tdsPaise)} (${override.reason.trim()}).`,
    );
  }
  let shortfallWords = '';
  if (shortfall > 0) {
    tdsInputs.push({
      name: 'pay left after other deductions',
      value: payLeft > 0 ? payLeft : 0,
      unit: 'paise',
      from: 'gross less the other deductions of this payslip',
    });
    shortfallWords = ` ${formatInr(shortfall)} could not be deducted this month: pay left after other deductions was ${formatInr(payLeft > 0 ? payLeft : 0)}; it is recovered in later months by the projection. TDS deducted: ${formatInr(tdsDeducted)} of the ${formatInr(wanted)} ${override ? 'overridden' : 'computed'}, in whole rupees (tax is deducted from the salary paid, s.192/s.392).`;
    notes.push(
      `TDS capped at the pay left: ${formatInr(shortfall)} of this month's ${formatInr(wanted)} could not be deducted; later months recover it.`,
    );
  }
  // Which figures the old regime's claims are, so the payslip says it (the caller decides them).
  const from = tax.regime === 'old' ? tax.declarations?.claimsFrom : undefined;
  const claimsWords = from
    ? from === 'verified proofs'
      ? ', claims from verified proofs'
      : ', claims as declared'
    : '';
  lines.push({
    code: 'TDS',
    label: 'Income tax (TDS)',
    kind: 'deduction',
    base: tds.projectedGrossPaise,
    rate: null,
    amount: tdsDeducted,
    rounding: override ? 'none' : 'rupee-nearest',
    rule: {
      section: '§5.5',
      source: `${yearRules.tdsSection}; FY ${yearRules.financialYear} income-tax data`,
      law: `${yearRules.tdsSection}: tax deducted from salary at the average rate on the year's estimated income, by the income-tax rates of FY ${yearRules.financialYear}`,
    },
    inputs: tdsInputs,
    explain: `Income tax (TDS, ${tax.regime} regime, projection method${claimsWords}): ${overrideWords}${tds.explanation}${shortfallWords}`,
    show: true,
  });

  for (const l of lines) finishExplain(l);
  let deductions = 0;
  let employerContributions = 0;
  let employerInCtc = 0;
  for (const l of lines) {
    if (l.kind === 'deduction') deductions += l.amount;
    else if (l.kind === 'employer') {
      employerContributions += l.amount;
      if (inCtc(l, input)) employerInCtc += l.amount;
    }
  }
  const net = gross - deductions;
  if (net < 0) notes.push(`Deductions exceed gross by ${formatInr(-net)}: net pay is negative.`);

  const costToCompany = gross + employerInCtc;

  const e = input.earlier;
  const p = e.paid;
  // Half-yearly PT (Tamil Nadu, rules §3) runs April–September and October–March.
  const newHalf = m === 4 || m === 10;
  const exit = input.employee.exitDate ? parseDate(input.employee.exitDate) : null;
  if (exit && exit.y === y && exit.m === m && exit.d < daysInMonth(y, m)) {
    notes.push(`Leaver: exit on ${input.employee.exitDate}; days after it are unpaid.`);
  }
  return {
    month: input.month,
    days,
    lines,
    gross,
    deductions,
    employerContributions,
    net,
    costToCompany,
    ytd: {
      gross: e.gross + gross,
      paid: {
        grossPaise: p.grossPaise + thisMonth.grossPaise,
        hraPaise: (p.hraPaise ?? 0) + (thisMonth.hraPaise ?? 0),
        basicDaPaise: (p.basicDaPaise ?? 0) + (thisMonth.basicDaPaise ?? 0),
        employeePfPaise: (p.employeePfPaise ?? 0) + epf.employee,
        professionalTaxPaise: (p.professionalTaxPaise ?? 0) + pt.amount,
        employerNpsPaise: (p.employerNpsPaise ?? 0) + (nps?.earned ?? 0),
      },
      tds: e.tds + tdsDeducted,
      grossThisHalfYear: (newHalf ? 0 : e.grossThisHalfYear) + ptGross,
      ptThisHalfYear: (newHalf ? 0 : e.ptThisHalfYear) + (pt.halfYearly ? pt.amount : 0),
      esiCoveredThisPeriod: esi.covered,
      monthsPaid: e.monthsPaid + (gross > 0 ? 1 : 0),
    },
    notes,
  };
}
