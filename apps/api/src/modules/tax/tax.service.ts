import type {
  RegimeComparisonView,
  TaxDeclaration,
  TaxDeclarationItem,
  TaxDeclarationListQuery,
  TaxDeclarationRow,
  TaxProofReviewBody,
  TaxWindow,
  TaxWindowBody,
} from '@hr/contract';
import { compareRegimes, formatInr, incomeTaxRulesFor, type RegimeSide } from '@hr/payroll-engine';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { financialYearOf } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { employeeNameOf, employeePayrollFacts } from '../employees';
import { isDocumentOf } from '../files';
import { companyToday } from '../org';
import {
  type DeclarationFields,
  EMPTY_FIELDS,
  engineDeclarations,
  enginePreviousEmployer,
  NEEDS_PROOF,
  proofWindowState,
  windowDateProblems,
  windowState,
} from './tax.domain';
import * as repo from './tax.repo';

/** The what-if projection of an employee's year (the payroll module's, passed in by app.ts). */
export type ProjectYear = (
  actor: Actor,
  employeeId: string,
  fy: string,
) => Promise<{
  annual: {
    grossPaise: number;
    hraPaise?: number;
    basicDaPaise?: number;
    employeePfPaise?: number;
    professionalTaxPaise?: number;
    employerNpsPaise?: number;
  };
  monthsPaid: number;
  dateOfBirth: string;
  joiningDate: string;
}>;

const noEmployee = () =>
  notFound('Your sign-in is not linked to an employee record, so there is no declaration');

/** Tax declarations (issue 23): the window, an employee's declaration and the regime comparison. */
export function createTaxService(deps: { db: Db; clock: Clock; projectYear: ProjectYear }) {
  const { db, clock } = deps;

  async function yearAndToday(tx: Queryable, fy: string | undefined) {
    const { today } = await companyToday(tx, clock.now());
    return { fy: fy ?? financialYearOf(today), today };
  }

  async function view(tx: Queryable, employeeId: string, fy: string, today: string): Promise<TaxDeclaration> {
    const [facts, name] = await Promise.all([
      employeePayrollFacts(tx, employeeId),
      employeeNameOf(tx, employeeId),
    ]);
    if (!facts || name === null) throw notFound('Employee');
    const [window, stored] = await Promise.all([
      repo.readWindow(tx, fy),
      repo.readDeclaration(tx, employeeId, fy),
    ]);
    const state = windowState(fy, window, today);
    const proofState = proofWindowState(fy, window, today);
    const storedItems = stored?.items ?? [];
    const proofs = await repo.proofsOf(
      tx,
      storedItems.map((i) => i.id),
    );
    const items: TaxDeclarationItem[] = storedItems.map((i) => ({
      id: i.id,
      kind: i.kind,
      label: i.label,
      amount_paise: i.amount_paise,
      needs_proof: NEEDS_PROOF.has(i.kind),
      proof_status: i.proof_status,
      verified_paise: i.verified_paise,
      review_reason: i.review_reason,
      reviewed_by_name: i.reviewed_by_name,
      reviewed_at: i.reviewed_at,
      proofs: proofs
        .filter((p) => p.item_id === i.id)
        .map(({ id, document_id, file_name, uploaded_at }) => ({ id, document_id, file_name, uploaded_at })),
    }));
    return {
      id: stored?.id ?? null,
      financial_year: fy,
      employee_id: employeeId,
      employee_name: name,
      status: stored?.status ?? 'not_started',
      submitted_at: stored?.submitted_at ?? null,
      updated_at: stored?.updated_at ?? null,
      ...(stored?.fields ?? EMPTY_FIELDS(facts.tax_regime)),
      window,
      window_open: state.open,
      window_message: state.message,
      abilities: {
        edit: state.open,
        submit: state.open && stored !== null,
        send_proofs: proofState.open && stored?.status === 'submitted',
      },
      items,
      proof_window_open: proofState.open,
      proof_window_message: proofState.message,
    };
  }

  async function assertOpen(tx: Queryable, fy: string, today: string) {
    const state = windowState(fy, await repo.readWindow(tx, fy), today);
    if (!state.open) throw new AppError('CONFLICT', state.message);
  }

  return {
    myDeclaration: (actor: Actor, fy?: string): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw noEmployee();
        const y = await yearAndToday(tx, fy);
        return view(tx, actor.employeeId, y.fy, y.today);
      }),

    saveMine: (actor: Actor, fy: string, fields: DeclarationFields): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw noEmployee();
        const { today } = await yearAndToday(tx, fy);
        await assertOpen(tx, fy, today);
        await repo.saveDeclaration(tx, actor.companyId, actor.employeeId, fy, fields);
        return view(tx, actor.employeeId, fy, today);
      }),

    submitMine: (actor: Actor, fy: string): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw noEmployee();
        const { today } = await yearAndToday(tx, fy);
        await assertOpen(tx, fy, today);
        if (!(await repo.submitDeclaration(tx, actor.employeeId, fy))) {
          throw new AppError('CONFLICT', `Save your declaration for ${fy} before submitting it`);
        }
        return view(tx, actor.employeeId, fy, today);
      }),

    myComparison: async (actor: Actor, fy?: string): Promise<RegimeComparisonView> => {
      if (!actor.employeeId) throw noEmployee();
      const employeeId = actor.employeeId;
      const decl = await db.tenant(actor.companyId, async (tx) => {
        const y = await yearAndToday(tx, fy);
        return view(tx, employeeId, y.fy, y.today);
      });
      const year = decl.financial_year;
      let rules: ReturnType<typeof incomeTaxRulesFor>;
      try {
        rules = incomeTaxRulesFor(`${year.slice(0, 4)}-04`);
      } catch {
        throw new AppError('VALIDATION', `The payroll engine has no income-tax figures for ${year} yet`, {
          errors: [{ path: 'financial_year', message: `No income-tax figures for ${year} yet` }],
        });
      }
      let projected: Awaited<ReturnType<ProjectYear>>;
      try {
        projected = await deps.projectYear(actor, employeeId, year);
      } catch (err) {
        if (err instanceof AppError && err.code === 'VALIDATION') {
          throw new AppError(
            'CONFLICT',
            `Your salary for ${year} cannot be projected yet: ${err.message.replace(/^./, (c) => c.toLowerCase())}`,
          );
        }
        throw err;
      }
      return comparisonView(decl, projected, rules);
    },

    window: (actor: Actor, fy: string): Promise<TaxWindow | null> =>
      db.tenant(actor.companyId, (tx) => repo.readWindow(tx, fy)),

    setWindow: (actor: Actor, fy: string, body: TaxWindowBody): Promise<TaxWindow> =>
      db.tenant(actor.companyId, async (tx) => {
        const problems = windowDateProblems(fy, body);
        if (problems.length > 0) {
          throw new AppError('VALIDATION', problems.map((p) => p.message).join('; '), { errors: problems });
        }
        return repo.writeWindow(tx, actor.companyId, actor.userId, fy, body);
      }),

    list: (
      actor: Actor,
      q: TaxDeclarationListQuery,
    ): Promise<{ rows: TaxDeclarationRow[]; total: number; financial_year: string }> =>
      db.tenant(actor.companyId, async (tx) => {
        const { fy } = await yearAndToday(tx, q.financial_year);
        return { ...(await repo.listDeclarations(tx, fy, q)), financial_year: fy };
      }),

    employeeDeclaration: (actor: Actor, employeeId: string, fy?: string): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        const y = await yearAndToday(tx, fy);
        return view(tx, employeeId, y.fy, y.today);
      }),

    /**
     * Attaches one of the employee's own documents (uploaded through the files module's checks) as
     * a proof of an item of their submitted declaration, in the proof window; the item goes back
     * for review. Another employee's item or document: 404, as if it did not exist.
     */
    attachProof: (actor: Actor, itemId: string, documentId: string): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw noEmployee();
        const item = await repo.lockItem(tx, itemId);
        if (!item || item.employee_id !== actor.employeeId) throw notFound('Declaration item');
        if (!(await isDocumentOf(tx, documentId, actor.employeeId))) throw notFound('Document');
        const { today } = await yearAndToday(tx, item.financial_year);
        const state = proofWindowState(
          item.financial_year,
          await repo.readWindow(tx, item.financial_year),
          today,
        );
        if (!state.open) throw new AppError('CONFLICT', state.message);
        if (item.status !== 'submitted') {
          throw new AppError(
            'CONFLICT',
            `Submit your declaration for ${item.financial_year} before sending proofs`,
          );
        }
        if (!NEEDS_PROOF.has(item.kind)) {
          throw new AppError('CONFLICT', `${item.label} is not a claim, so it needs no proof`);
        }
        if (item.proof_status === 'verified') {
          throw new AppError('CONFLICT', `The proof of ${item.label} is verified already`);
        }
        await repo.attachProof(tx, actor.companyId, itemId, documentId, actor.userId);
        return view(tx, actor.employeeId, item.financial_year, today);
      }),

    /**
     * Verifies an item's proof (at the declared amount or less) or rejects it with a reason, once:
     * the item's row is locked, so a second decision sent at the same time finds it decided.
     */
    review: (actor: Actor, itemId: string, body: TaxProofReviewBody): Promise<TaxDeclaration> =>
      db.tenant(actor.companyId, async (tx) => {
        const item = await repo.lockItem(tx, itemId);
        if (!item) throw notFound('Declaration item');
        if (item.proof_status === 'none') {
          throw new AppError('CONFLICT', `No proof has been sent for ${item.label} yet`);
        }
        if (item.proof_status !== 'pending') {
          throw new AppError('CONFLICT', `The proof of ${item.label} is ${item.proof_status} already`);
        }
        let verified: number | null = null;
        if (body.decision === 'verify') {
          verified = body.verified_paise ?? item.amount_paise;
          if (verified > item.amount_paise) {
            const message = `At most the ${formatInr(item.amount_paise)} declared`;
            throw new AppError(
              'VALIDATION',
              `The verified amount can be at most the ${formatInr(item.amount_paise)} declared`,
              {
                errors: [{ path: 'verified_paise', message }],
              },
            );
          }
        }
        await repo.recordReview(tx, itemId, {
          status: body.decision === 'verify' ? 'verified' : 'rejected',
          verified_paise: verified,
          reason: body.reason?.trim() || null,
          userId: actor.userId,
        });
        const { today } = await yearAndToday(tx, item.financial_year);
        return view(tx, item.employee_id, item.financial_year, today);
      }),

    /** The proof's document id when the actor may read it: their own, or an administrator's (company). */
    proofDocument: (actor: Actor, proofId: string, own: boolean): Promise<string> =>
      db.tenant(actor.companyId, async (tx) => {
        const p = await repo.findProof(tx, proofId);
        if (!p || (own && p.employee_id !== actor.employeeId)) throw notFound('Proof');
        return p.document_id;
      }),
  };
}
export type TaxService = ReturnType<typeof createTaxService>;

function ageBandOn(dob: string, fyEnd: string): 'below60' | '60to80' | '80plus' {
  let age = Number(fyEnd.slice(0, 4)) - Number(dob.slice(0, 4));
  if (fyEnd.slice(5) < dob.slice(5)) age -= 1;
  return age >= 80 ? '80plus' : age >= 60 ? '60to80' : 'below60';
}

const sideView = (s: RegimeSide) => ({
  regime: s.regime,
  gross_paise: s.grossPaise,
  deductions_paise: s.deductionsPaise,
  taxable_income_paise: s.taxableIncomePaise,
  slab_tax_paise: s.annualTax.slabTaxPaise,
  rebate_paise: s.annualTax.rebate87APaise,
  surcharge_paise: s.annualTax.surchargePaise - s.annualTax.surchargeReliefPaise,
  cess_paise: s.annualTax.cessPaise,
  tax_paise: s.annualTax.totalTaxPaise,
  deductions: s.deductionSteps.map((x) => ({
    key: x.key,
    label: x.label,
    amount_paise: x.amountPaise,
    detail: x.detail,
  })),
  tax_steps: s.annualTax.steps.map((x) => ({
    key: x.key,
    label: x.label,
    amount_paise: x.amountPaise,
    detail: x.detail,
  })),
});

/** Both regimes on the projected year and the declaration, with the figures used in words. */
export function comparisonView(
  decl: TaxDeclaration,
  projected: Awaited<ReturnType<ProjectYear>>,
  rules: ReturnType<typeof incomeTaxRulesFor>,
): RegimeComparisonView {
  const fields: DeclarationFields = decl;
  const prev = enginePreviousEmployer(fields);
  const ageBand = ageBandOn(projected.dateOfBirth, rules.effectiveTo);
  const c = compareRegimes(
    {
      annual: projected.annual,
      ...(prev ? { previousEmployer: prev } : {}),
      declarations: engineDeclarations(fields),
      ageBand,
    },
    rules,
  );
  const a = projected.annual;
  const months = projected.monthsPaid;
  const used: RegimeComparisonView['figures_used'] = [
    {
      label: 'Salary for the year',
      amount_paise: a.grossPaise,
      detail: `${months} month(s) of ${decl.financial_year} at the salary on your record, without loss of pay`,
    },
    { label: 'Basic + DA', amount_paise: a.basicDaPaise ?? 0, detail: 'for the HRA limits and employer NPS' },
    { label: 'HRA received', amount_paise: a.hraPaise ?? 0, detail: 'the HRA of those months' },
    {
      label: 'Employee PF',
      amount_paise: a.employeePfPaise ?? 0,
      detail: 'counts towards 80C in the old regime',
    },
    {
      label: 'Professional tax',
      amount_paise: a.professionalTaxPaise ?? 0,
      detail: 'deductible in the old regime',
    },
  ];
  if (a.employerNpsPaise) {
    used.push({
      label: 'Employer NPS',
      amount_paise: a.employerNpsPaise,
      detail: 'deductible u/s 80CCD(2) in both',
    });
  }
  if (prev) {
    used.push({
      label: 'Previous employer (Form 12B)',
      amount_paise: prev.grossPaise,
      detail: `salary from ${decl.previous_employer!.employer_name} this year, added to this employer's`,
    });
  }
  if (decl.other_income_paise > 0) {
    used.push({
      label: 'Other income',
      amount_paise: decl.other_income_paise,
      detail: 'taxed in both regimes',
    });
  }
  used.push({
    label: 'Age band',
    amount_paise: null,
    detail:
      ageBand === 'below60'
        ? 'below 60 on 31 March'
        : ageBand === '60to80'
          ? '60 to 80 on 31 March (old-regime senior slabs)'
          : '80 or more on 31 March (old-regime very senior slabs)',
  });
  used.push({
    label: 'Declarations',
    amount_paise: null,
    detail:
      decl.status === 'not_started'
        ? 'nothing declared yet: the old regime has only the standard deduction and PT'
        : `your ${decl.status === 'submitted' ? 'submitted' : 'saved draft'} declaration (the new regime ignores all but other income)`,
  });
  return {
    financial_year: decl.financial_year,
    chosen_regime: decl.regime,
    new: sideView(c.new),
    old: sideView(c.old),
    cheaper: c.cheaper,
    difference_paise: c.differencePaise,
    summary: c.summary,
    figures_used: used,
  };
}
