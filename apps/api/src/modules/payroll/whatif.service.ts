import type { TemplateLineBody, WhatIfBody, WhatIfFacts, WhatIfResult } from '@hr/contract';
import {
  computePayslip,
  type EarlierInYear,
  ENGINE_VERSION,
  epsEligibleAtJoining,
  type PayslipInput,
  STATUTORY_RULES,
  type StatutoryRules,
} from '@hr/payroll-engine';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type EmployeePayrollFacts, employeeNameOf, employeePayrollFacts } from '../employees';
import { companyToday } from '../org';
import { benefitCode, componentFlags, engineEpf, engineSalary, pfWageOf, stateCode } from './engine-input';
import { revisionsForMonth } from './salary.service';
import { readSettings } from './statutory';
import * as templates from './templates.repo';
import { componentsOf, type TemplatesService } from './templates.service';

export { stateCode } from './engine-input';

// The message is the words a person reads (the web may show it whole); the path places it on the form.
const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', message, { errors: [{ path, message }] });

/** Each fact the engine cannot do without, in words, with what it is needed for. */
const FACT_WORDS = {
  state: { name: 'work state', verb: 'choose', for: 'professional tax and labour welfare fund' },
  gender: { name: 'gender', verb: 'choose', for: 'professional tax' },
  date_of_birth: { name: 'date of birth', verb: 'enter', for: 'EPS and senior-citizen tax' },
  joining_date: { name: 'joining date', verb: 'enter', for: 'EPS membership and the months already paid' },
} as const;

function missingFact(k: keyof typeof FACT_WORDS, employeeName: string | null): AppError {
  const w = FACT_WORDS[k];
  const message = employeeName
    ? `The ${w.name} is not on ${employeeName}'s record: ${w.verb} it here to work out ${w.for}`
    : `${w.verb[0]!.toUpperCase()}${w.verb.slice(1)} the ${w.name}: it is needed to work out ${w.for}`;
  return invalid(`facts.${k}`, message);
}

type EmployeeRow = EmployeePayrollFacts;

const EMPTY_EARLIER: EarlierInYear = {
  monthsPaid: 0,
  gross: 0,
  paid: { grossPaise: 0 },
  tds: 0,
  grossThisHalfYear: 0,
  ptThisHalfYear: 0,
  esiCoveredThisPeriod: false,
};

const monthAdd = (ym: string, n: number) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * "What will this person take home": one month's payslip from the engine, from facts and lines,
 * saving nothing. The months of the financial year before it (from April, or the joining month)
 * are taken as paid at the same salary with no LOP, so that TDS and PT see a steady year; the
 * result says so in its notes.
 */
export function createWhatIfService(deps: {
  db: Db;
  clock: Clock;
  templates: TemplatesService;
  rules?: StatutoryRules;
}) {
  const { db, clock } = deps;
  const rules = deps.rules ?? STATUTORY_RULES;

  async function linesOf(tx: Queryable, body: WhatIfBody, employeeId: string | undefined, monthEnd: string) {
    if (body.lines) return { annual: body.annual_ctc_paise!, lines: body.lines };
    if (body.template_id) {
      const t = await templates.getTemplate(tx, body.template_id);
      if (!t) throw invalid('template_id', 'No such salary template');
      const lines = await templates.templateLines(tx, t.id);
      return {
        annual: body.annual_ctc_paise!,
        lines: lines.map(
          (l): TemplateLineBody => ({
            ...(l.earning_id ? { earning_id: l.earning_id } : { benefit_id: l.benefit_id! }),
            value_type: l.value_type,
            amount_paise: l.amount_paise,
            percent: l.percent,
          }),
        ),
      };
    }
    // The employee's salary in force at the end of the month.
    const { rows } = await tx.query<{
      annual: number;
      lines: { component_id: string | null; group: string; code: string; monthly_paise: number }[];
    }>(
      `SELECT annual_ctc_paise::float8 AS annual, lines FROM employee_salaries
        WHERE employee_id = $1 AND effective_from <= $2 ORDER BY effective_from DESC LIMIT 1`,
      [employeeId, monthEnd],
    );
    if (!rows[0]) throw invalid('employee_id', 'This employee has no salary in force in that month');
    return {
      annual: rows[0].annual,
      // The saved revision's amounts, as fixed monthly lines.
      lines: rows[0].lines
        .filter((l) => (l.group === 'earning' || l.group === 'benefit') && l.component_id)
        .map(
          (l): TemplateLineBody =>
            l.group === 'benefit'
              ? { benefit_id: l.component_id!, value_type: 'fixed_amount', amount_paise: l.monthly_paise }
              : l.code === 'special_allowance'
                ? { earning_id: l.component_id!, value_type: 'balancing' }
                : { earning_id: l.component_id!, value_type: 'fixed_amount', amount_paise: l.monthly_paise },
        ),
    };
  }

  /** The month's payslip after the earlier months of its financial year, as `compute` explains it. */
  async function payslipFor(tx: Queryable, body: WhatIfBody) {
    const { today } = await companyToday(tx, clock.now());
    const month = body.month ?? today.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);

    let emp: EmployeeRow | null = null;
    if (body.employee_id) {
      emp = await employeePayrollFacts(tx, body.employee_id);
      if (!emp) throw notFound('Employee');
    }
    const given = body.facts ?? {};
    const gender =
      given.gender ??
      (emp?.gender === 'male' || emp?.gender === 'female' ? emp.gender : emp ? 'other' : undefined);
    const facts: Partial<WhatIfFacts> = {
      state: given.state ?? stateCode(emp?.pt_state ?? null),
      gender,
      date_of_birth: given.date_of_birth ?? emp?.date_of_birth ?? undefined,
      joining_date: given.joining_date ?? emp?.date_of_joining,
      disabled: given.disabled ?? emp?.has_disability ?? false,
      lwf_applicable: given.lwf_applicable ?? emp?.lwf_applicable ?? false,
      tax_regime: given.tax_regime ?? emp?.tax_regime ?? 'new',
    };
    for (const k of ['state', 'gender', 'date_of_birth', 'joining_date'] as const) {
      if (!facts[k]) {
        throw missingFact(k, body.employee_id ? await employeeNameOf(tx, body.employee_id) : null);
      }
    }
    const f = facts as WhatIfFacts;

    const src = await linesOf(tx, body, body.employee_id, monthEnd);
    const comps = await componentsOf(tx, src.lines);
    const breakup = await deps.templates.breakupOf(tx, src.annual, comps, monthEnd, 'month');
    deps.templates.refuseNegative(breakup);
    const componentIds = breakup.lines.flatMap((l) => (l.component_id ? [l.component_id] : []));
    const flags = await componentFlags(tx, componentIds);
    const { salary, benefits } = engineSalary(breakup.lines, flags);
    // A partly claimed flexible item: exempt up to the amount claimed (the engine caps it).
    const claims = new Map((body.benefit_claims ?? []).map((c) => [c.benefit_id, c.claimed_monthly_paise]));
    for (const b of benefits) {
      const id = breakup.lines.find(
        (l) => l.component_id && benefitCode(l.component_id) === b.code,
      )?.component_id;
      const claimed = id ? claims.get(id) : undefined;
      if (claimed !== undefined && b.kind === 'flexible') b.claimedMonthly = claimed;
    }
    const benefitLines = breakup.lines.filter(
      (l) => l.group === 'benefit' && l.component_id && l.monthly_paise > 0,
    );
    const plans = flags.benefits;
    (body.benefit_claims ?? []).forEach((c, i) => {
      const b = benefitLines.find((l) => l.component_id === c.benefit_id);
      if (!b || plans.get(c.benefit_id)!.benefit_plan === 'nps_employer') {
        throw invalid(`benefit_claims.${i}.benefit_id`, 'Not a flexible benefit item of this salary');
      }
    });

    const settings = await readSettings(tx);
    // EPS membership is settled when the member first joins EPF (rules §1.3): for an employee on
    // record, on the PF wage of their first salary, as the pay run reads it, not on the salary
    // tried here (a raise over the ceiling does not end membership). A new hire: this salary.
    let epsWage = pfWageOf(salary);
    if (body.employee_id) {
      const first = (await revisionsForMonth(tx, [body.employee_id], '0001-01-01', monthEnd)).get(
        body.employee_id,
      )?.[0];
      if (first) {
        const ids = first.lines.flatMap((l) => (l.component_id ? [l.component_id] : []));
        try {
          epsWage = pfWageOf(engineSalary(first.lines, await componentFlags(tx, ids)).salary);
        } catch {
          // A first salary the engine cannot read any more (a component since removed): this one.
        }
      }
    }
    const base: Omit<PayslipInput, 'month' | 'attendance' | 'earlier'> = {
      employee: {
        state: f.state,
        gender: f.gender,
        dateOfBirth: f.date_of_birth,
        disabled: f.disabled,
        epsEligible: epsEligibleAtJoining(f.joining_date, epsWage, rules),
        joiningDate: f.joining_date,
        lwfApplicable: f.lwf_applicable,
      },
      salary,
      oneTime: [],
      benefits,
      epf: engineEpf(settings.epf, emp?.epf_applicable ?? true),
      esi: { applicable: settings.esi.enabled },
      tax: { regime: f.tax_regime },
    };
    // Earlier months of the financial year, as if paid at this salary with no LOP.
    const fyStart = `${m >= 4 ? y : y - 1}-04`;
    const joined = f.joining_date.slice(0, 7);
    let from = joined > fyStart ? joined : fyStart;
    if (from > month) throw invalid('month', 'The month is before the joining date');
    let earlier = EMPTY_EARLIER;
    let slip: ReturnType<typeof computePayslip>;
    try {
      // At most 11 earlier months: `from` starts in this month's financial year.
      for (; from < month; from = monthAdd(from, 1)) {
        const p = computePayslip(
          { ...base, month: from, attendance: { method: { kind: 'calendar' }, lopDays: 0 }, earlier },
          rules,
        );
        earlier = p.ytd;
      }
      slip = computePayslip(
        { ...base, month, attendance: { method: { kind: 'calendar' }, lopDays: body.lop_days }, earlier },
        rules,
      );
    } catch (err) {
      // The engine refuses inputs it cannot compute (a month outside its tax rules, LOP beyond
      // the month), for this month or an earlier one of its financial year.
      if (err instanceof Error) throw invalid('month', err.message);
      throw err;
    }
    return { month, f, slip, earlier, benefits, claims };
  }

  return {
    compute: (actor: Actor, body: WhatIfBody): Promise<WhatIfResult> =>
      db.tenant(actor.companyId, async (tx) => {
        const { month, f, slip, earlier, benefits, claims } = await payslipFor(tx, body);
        const notes = [...slip.notes];
        if (earlier.monthsPaid > 0) {
          notes.push(
            `The ${earlier.monthsPaid} earlier month(s) of this financial year are taken as paid at this salary with no loss of pay.`,
          );
        }
        if (benefits.some((b) => b.kind === 'flexible' && b.exemption !== 'none')) {
          notes.push(
            f.tax_regime === 'old'
              ? claims.size > 0
                ? 'Flexible benefit items are exempt up to the amounts claimed, the rest taxed; items without a claim are taken as fully claimed (with bills).'
                : 'Flexible benefit items are taken as fully claimed (with bills) and so exempt.'
              : 'Flexible benefit exemptions are not available in the new regime: those items are taxed.',
          );
        }
        return {
          month,
          facts: f,
          lines: slip.lines.map((l) => ({
            code: l.code,
            label: l.label,
            kind: l.kind,
            base: l.base,
            rate: l.rate,
            amount: l.amount,
            explain: l.explain,
            rule: l.rule,
            show: l.show,
          })),
          gross_paise: slip.gross,
          deductions_paise: slip.deductions,
          net_paise: slip.net,
          employer_contributions_paise: slip.employerContributions,
          cost_to_company_paise: slip.costToCompany,
          notes,
          engine_version: ENGINE_VERSION,
        };
      }),

    /**
     * The employee's year in the tax computation's shape: every month of the financial year `fy`
     * (from April, or the joining month) at the salary on record at its end, without loss of pay,
     * as the what-if payslip takes the earlier months. For the regime comparison (issue 23).
     */
    projectYear: (actor: Actor, employeeId: string, fy: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const march = `${Number(fy.slice(0, 4)) + 1}-03`;
        const { f, slip } = await payslipFor(tx, { employee_id: employeeId, month: march, lop_days: 0 });
        return {
          annual: slip.ytd.paid,
          monthsPaid: slip.ytd.monthsPaid,
          dateOfBirth: f.date_of_birth,
          joiningDate: f.joining_date,
        };
      }),
  };
}
export type WhatIfService = ReturnType<typeof createWhatIfService>;
