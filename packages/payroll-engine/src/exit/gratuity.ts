/**
 * Gratuity at exit (rules file §6): 15 × last drawn monthly wages (basic + DA) × years ÷ 26, a
 * final part year of more than six months counting as a year, at most the ceiling; payable after
 * five years' continuous service (a fixed-term employee: one year from 21 Nov 2025).
 */
import { figureOn } from '../figures';
import { divHalfUp, formatInr, formatRate } from '../money';
import type { LineInput } from '../types';
import { dateWords, serviceLength, serviceText } from './service';
import type { ExitFigures, GratuityInput, GratuityResult } from './types';

/** Wages for gratuity: basic + DA, plus the exclusions above half of all pay from 21 Nov 2025. */
function gratuityWages(
  input: GratuityInput,
  figures: ExitFigures,
): { wages: number; addBack: number; capBp: number | null } {
  const base = input.basic + input.da;
  const cap = figures.wagesExclusionCapBp.find(
    (f) => f.from <= input.lastWorkingDay && (f.to === undefined || input.lastWorkingDay <= f.to),
  );
  if (!cap || input.totalRemuneration === undefined)
    return { wages: base, addBack: 0, capBp: cap?.value ?? null };
  const total = input.totalRemuneration;
  const exclusions = total - base;
  const allowed = divHalfUp(total * cap.value, 10_000);
  const addBack = Math.max(0, exclusions - allowed);
  return { wages: base + addBack, addBack, capBp: cap.value };
}

export function computeGratuity(input: GratuityInput, figures: ExitFigures): GratuityResult {
  for (const [v, what] of [
    [input.basic, 'basic pay'],
    [input.da, 'dearness allowance'],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${what} must be a whole number of paise, 0 or more`);
  }
  const day = input.lastWorkingDay;
  const service = serviceLength(input.joinedOn, day);
  const minList = input.fixedTerm ? figures.gratuityMinimumYearsFixedTerm : figures.gratuityMinimumYears;
  const minimum = figureOn(
    minList,
    day,
    input.fixedTerm ? 'gratuity minimum years (fixed term)' : 'gratuity minimum years',
  );
  const ceiling = figureOn(figures.gratuityCeiling, day, 'gratuity ceiling');
  const partCounts = service.months > 6 || (service.months === 6 && service.days > 0);
  const yearsCounted = service.years + (partCounts ? 1 : 0);
  const { wages, addBack, capBp } = gratuityWages(input, figures);
  const eligible = service.years >= minimum.value;
  const formula = eligible ? divHalfUp(15 * wages * yearsCounted, 26) : 0;
  const amount = Math.min(formula, ceiling.value);

  const inputs: LineInput[] = [
    { name: 'Joined on', value: input.joinedOn, from: 'employee record' },
    { name: 'Last working day', value: day, from: 'exit record' },
    { name: 'Service', value: serviceText(service), from: 'joining day to last working day, both counted' },
    { name: 'Basic', value: input.basic, unit: 'paise', from: 'salary structure' },
    { name: 'Dearness allowance', value: input.da, unit: 'paise', from: 'salary structure' },
  ];
  if (addBack > 0)
    inputs.push({
      name: 'Added to wages',
      value: addBack,
      unit: 'paise',
      from: 'Code on Social Security 2020, s.2(88)',
    });

  const who = input.fixedTerm ? 'a fixed-term employee' : 'an employee';
  const rule = {
    section: '§6',
    source: [minimum.source, ceiling.source].join('; '),
    law: `${minimum.law}; ${ceiling.law}`,
  };
  let explain: string;
  if (!eligible) {
    explain =
      `No gratuity: ${who} is paid gratuity after ${minimum.value} year${minimum.value === 1 ? '' : 's'} of continuous service ` +
      `(the rule in force on the last working day, ${dateWords(day)}), and the service from ${dateWords(input.joinedOn)} to ${dateWords(day)} is ${serviceText(service)}. ` +
      'The rounding of a part year of more than six months counts only for the amount, not for the right to it.';
  } else {
    const wagesText =
      addBack > 0
        ? `wages ${formatInr(wages)} (basic ${formatInr(input.basic)} + DA ${formatInr(input.da)}, plus ${formatInr(addBack)} because allowances above ${formatRate(capBp ?? 0)} of the total pay of ${formatInr(input.totalRemuneration ?? 0)} count as wages under the Code on Social Security)`
        : `wages ${formatInr(wages)} (last drawn basic ${formatInr(input.basic)} + DA ${formatInr(input.da)})`;
    const yearsText = partCounts
      ? `${yearsCounted} years (${serviceText(service)}: the part year of more than six months counts as a full year)`
      : service.months > 0 || service.days > 0
        ? `${yearsCounted} years (${serviceText(service)}: a part year of six months or less does not count)`
        : `${yearsCounted} years`;
    explain = `Gratuity: 15 × ${wagesText} × ${yearsText} ÷ 26 = ${formatInr(formula)}`;
    explain +=
      formula > ceiling.value
        ? `, more than the ceiling of ${formatInr(ceiling.value)}, so ${formatInr(amount)} is paid.`
        : ', rounded to the paisa.';
    explain += ` ${minimum.law}.`;
  }
  return {
    line: {
      code: 'GRATUITY',
      label: 'Gratuity',
      kind: 'earning',
      amount,
      // The s.10(10)(ii) exemption of a non-government employee: the statutory amount up to the ceiling.
      exempt: amount,
      rule,
      inputs,
      explain,
    },
    eligible,
    service,
    yearsCounted,
    wages,
  };
}
