import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
  type Expense,
  type ExpenseCategoryInput,
  ExpenseCategoryInputSchema,
  type ExpenseDecisionContext,
  type ExpenseDuplicateCheck,
  type ExpenseDuplicateCheckInput,
  ExpenseDuplicateCheckInputSchema,
  ExpenseInputSchema,
  type ExpenseListQuery,
  type ExpensePayoutInput,
  type ExpenseSaveInput,
  ExpenseSaveSchema,
  type ExpenseSummary,
  type ReimbursementQueueQuery,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { dayWords } from '../../lib/dates';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import {
  type ApprovalEngine,
  auditOf,
  ensureDefaultFlow,
  type HookContext,
  type RequestTypeDefinition,
} from '../approvals';
import { checkClaim, claimAmount, rupees } from './expense-rules';
import * as repo from './expenses.repo';

/** The request type this module registers with the approval engine. */
export const EXPENSE_TYPE = 'expense';

export type QueueMode = 'team' | 'admin' | 'mine';

/** A claim above this (₹10,000) also goes to the administrators, after the manager. */
export const ADMIN_LEVEL_ABOVE_PAISE = 1_000_000;

/**
 * The company's starting reimbursement flow, written on its first claim: the first-line manager
 * (the first reporting role, else the primary manager), then the administrators for a claim above
 * ₹10,000. The company changes the amount (or the levels) on the approval flows screen; a company
 * that already has a default reimbursement flow keeps it.
 */
async function ensureExpenseFlow(tx: Queryable): Promise<void> {
  const role = (
    await tx.query<{ id: string }>('SELECT id FROM reporting_roles ORDER BY priority, name, id LIMIT 1')
  ).rows[0];
  await ensureDefaultFlow(tx, {
    name: 'Reimbursements',
    request_type: EXPENSE_TYPE,
    levels: [
      role
        ? { approver_kind: 'reporting_role', reporting_role_id: role.id, rule: 'any' }
        : { approver_kind: 'manager', rule: 'any' },
      { approver_kind: 'administrators', rule: 'any', min_amount_paise: ADMIN_LEVEL_ABOVE_PAISE },
    ],
  });
}

const receiptUrl = (id: string | null) => (id ? `/api/employee/document/${id}/download` : null);
const invalid = (errors: { path: string; message: string }[]) =>
  new AppError('VALIDATION', `Validation failed: ${[...new Set(errors.map((e) => e.path))].join(', ')}`, {
    errors,
  });

export function createExpensesService(deps: { db: Db; engine: ApprovalEngine }) {
  const { db, engine } = deps;

  async function toItems(
    tx: Queryable,
    rows: repo.ExpenseRow[],
    caller: Pick<Actor, 'employeeId' | 'permissions' | 'scope'>,
    mode: QueueMode,
  ): Promise<Expense[]> {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      EXPENSE_TYPE,
      rows.map((r) => r.id),
    );
    const ids = [...approvalIds.values()];
    const states = new Map((await engine.states(tx, ids)).map((s) => [s.request_id, s]));
    const abilities = await engine.abilities(tx, caller, ids, { asAdmin: mode === 'admin' });
    const payer = mode === 'admin' && caller.permissions.includes('reimbursements_requests.edit');
    return rows.map((r) => {
      const approvalId = approvalIds.get(r.id);
      const mine = r.employee_id === caller.employeeId;
      const own = mine && r.status === 'pending';
      const draft = mine && r.status === 'draft' && mode === 'mine';
      const a = (approvalId && abilities.get(approvalId)) || {
        approve: false,
        reject: false,
        withdraw: false,
      };
      return {
        ...r,
        receipt_url: receiptUrl(r.receipt_file_id),
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: {
          ...a,
          withdraw: own,
          edit: (own && mode === 'mine') || draft,
          delete: (own && mode === 'mine') || draft,
          pay: payer && r.status === 'approved',
        },
      };
    });
  }

  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: QueueMode) {
    const row = await repo.getExpense(tx, id);
    // Another user's draft does not exist for them (an administrator's too).
    if (!row || (row.status === 'draft' && row.employee_id !== caller.employeeId)) {
      throw notFound('Expense');
    }
    return (await toItems(tx, [row], caller, mode))[0]!;
  }

  async function approvalIdOf(tx: Queryable, id: string): Promise<string | null> {
    return (await engine.requestIdsBySubject(tx, EXPENSE_TYPE, [id])).get(id) ?? null;
  }

  /**
   * The caller's own claim (pending, or a draft), for a change: 404 for anyone else's, 409 once it
   * is decided.
   */
  async function ownPending(tx: Queryable, actor: Actor, id: string) {
    const row = await repo.getExpense(tx, id, true);
    if (!row || !actor.employeeId || row.employee_id !== actor.employeeId) throw notFound('Expense');
    if (row.status !== 'pending' && row.status !== 'draft') {
      throw new AppError(
        'CONFLICT',
        `This claim is already ${EXPENSE_STATUS_LABELS[row.status].toLowerCase()}`,
      );
    }
    return row;
  }

  /** Validates a claim against its category and the employee's other claims; the stored values. */
  async function validate(
    tx: Queryable,
    employeeId: string,
    input: ReturnType<typeof ExpenseInputSchema.parse>,
    exceptId: string | null,
  ): Promise<repo.ClaimValues> {
    await repo.ensureDefaultCategories(tx);
    const category = await repo.getCategory(tx, input.category_id);
    if (!category) throw invalid([{ path: 'category_id', message: 'Choose a category' }]);
    if (input.receipt_file_id && !(await repo.receiptOf(tx, input.receipt_file_id, employeeId))) {
      throw invalid([
        { path: 'receipt_file_id', message: 'Upload the receipt again: the file was not found' },
      ]);
    }
    const monthSoFar = await repo.monthTotal(tx, employeeId, category.id, input.expense_date, exceptId);
    const { amount, errors } = checkClaim(category, input, { today: await engine.today(tx), monthSoFar });
    if (errors.length > 0 || amount == null) throw invalid(errors);
    if (
      input.bill_number &&
      (await repo.sameBill(tx, employeeId, input.bill_number, amount, input.expense_date, exceptId))
    ) {
      throw new AppError(
        'CONFLICT',
        'You have already claimed this bill (same bill number, amount and date)',
        {
          errors: [{ path: 'bill_number', message: 'Already claimed' }],
        },
      );
    }
    return {
      category_id: category.id,
      expense_date: input.expense_date,
      amount_paise: amount,
      merchant: input.merchant,
      description: input.description,
      bill_number: input.bill_number,
      receipt_file_id: input.receipt_file_id,
      travel_from: category.requires_travel ? input.travel_from : null,
      travel_to: category.requires_travel ? input.travel_to : null,
      distance_km: category.requires_travel ? input.distance_km : null,
    };
  }

  /**
   * A draft's checks: the category is required; the date, amount, distance and receipt are checked
   * when given (not the month's limit: a draft is counted nowhere until it is submitted).
   */
  async function validateDraft(
    tx: Queryable,
    employeeId: string,
    input: ReturnType<typeof ExpenseSaveSchema.parse>,
  ): Promise<repo.DraftValues> {
    await repo.ensureDefaultCategories(tx);
    const category = await repo.getCategory(tx, input.category_id);
    if (!category) throw invalid([{ path: 'category_id', message: 'Choose a category' }]);
    const errors: { path: string; message: string }[] = [];
    if (input.receipt_file_id && !(await repo.receiptOf(tx, input.receipt_file_id, employeeId))) {
      errors.push({ path: 'receipt_file_id', message: 'Upload the receipt again: the file was not found' });
    }
    if (input.expense_date && input.expense_date > (await engine.today(tx))) {
      errors.push({ path: 'expense_date', message: 'The date cannot be in the future' });
    }
    const amount = claimAmount(category, { ...input, expense_date: input.expense_date ?? '' });
    if (amount != null && category.max_per_claim_paise != null && amount > category.max_per_claim_paise) {
      errors.push({
        path: 'amount_paise',
        message: `${category.name} claims are limited to ${rupees(category.max_per_claim_paise)} each`,
      });
    }
    if (errors.length > 0) throw invalid(errors);
    return {
      category_id: category.id,
      expense_date: input.expense_date,
      amount_paise: amount,
      merchant: input.merchant,
      description: input.description,
      bill_number: input.bill_number,
      receipt_file_id: input.receipt_file_id,
      travel_from: category.requires_travel ? input.travel_from : null,
      travel_to: category.requires_travel ? input.travel_to : null,
      distance_km: category.requires_travel ? input.distance_km : null,
    };
  }

  /** The full claim of a save that submits: each missing or wrong field named (400). */
  function claimInput(body: ExpenseSaveInput) {
    const { submit: _submit, ...claim } = body;
    const parsed = ExpenseInputSchema.safeParse(claim);
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((i) => ({
          path: i.path.join('.') || 'body',
          message: i.path[0] === 'expense_date' && claim.expense_date == null ? 'Enter the date' : i.message,
        })),
      );
    }
    return parsed.data;
  }

  /** Raises the approval request of a claim just filed (or a draft just submitted). */
  async function route(tx: Queryable, actor: Actor, id: string, values: repo.ClaimValues) {
    // Routed on the amount now; the resolved levels stay with the request (a later change of
    // the flow does not reroute it).
    await ensureExpenseFlow(tx);
    await engine.raise(tx, {
      type: EXPENSE_TYPE,
      subjectId: id,
      requesterId: actor.employeeId!,
      amountPaise: values.amount_paise,
      onDate: values.expense_date,
    });
    await auditOf(tx, actor, {
      action: 'expense.claimed',
      entity: 'expense',
      entity_id: id,
      changes: { after: values },
    });
  }

  const alreadyClaimed = () =>
    new AppError('CONFLICT', 'You have already claimed this bill (same bill number, amount and date)', {
      errors: [{ path: 'bill_number', message: 'Already claimed' }],
    });

  /** Submits the caller's draft `id` with `values` (already validated): pending and routed. */
  async function submitDraft(tx: Queryable, actor: Actor, id: string, values: repo.ClaimValues) {
    if (!(await repo.submitDraft(tx, id, values))) throw alreadyClaimed();
    await route(tx, actor, id, values);
    return itemOf(tx, id, actor, 'mine');
  }

  /** The caller's draft, locked after the employee (so two submissions at once run one by one). */
  async function ownDraft(tx: Queryable, actor: Actor, id: string) {
    if (!actor.employeeId) throw notFound('Expense');
    await repo.lockEmployee(tx, actor.employeeId);
    const row = await ownPending(tx, actor, id);
    if (row.status !== 'draft') throw new AppError('CONFLICT', 'This claim is already submitted');
    return row;
  }

  const auditActor = (ctx: HookContext) => ({
    companyId: ctx.request.companyId,
    userId: ctx.actor.userId ?? null,
    ip: ctx.actor.ip ?? null,
    requestId: ctx.actor.requestId ?? null,
  });

  const requestType: RequestTypeDefinition = {
    type: EXPENSE_TYPE,
    teamPermissions: { view: 'reimbursements_requests.view', edit: 'reimbursements_requests.edit' },
    adminPermissions: { view: 'reimbursements_requests.view', edit: 'reimbursements_requests.edit' },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const r of await repo.getExpenses(tx, subjectIds)) {
        out.set(r.id, {
          title: `Reimbursement: ${r.employee_name}`,
          summary: `${r.category_name} ${rupees(r.amount_paise ?? 0)} on ${r.expense_date}${r.merchant ? ` (${r.merchant})` : ''}`,
        });
      }
      return out;
    },
    async notice(tx, subjectId, today) {
      const [r] = await repo.getExpenses(tx, [subjectId]);
      if (!r) return null;
      return {
        owner: r.employee_name,
        item: `reimbursement of ${rupees(r.amount_paise ?? 0)} for ${r.category_name}${r.expense_date ? ` on ${dayWords(r.expense_date, today)}` : ''}`,
      };
    },
    link: (audience) =>
      ({
        approver: '/team/requests/reimbursements',
        admin: '/admin/requests/reimbursements',
        requester: '/user/salary/expenses',
      })[audience],
    async onApproved(ctx) {
      await repo.setStatus(ctx.tx, ctx.request.subjectId, 'approved');
      await auditOf(ctx.tx, auditActor(ctx), {
        action: 'expense.approved',
        entity: 'expense',
        entity_id: ctx.request.subjectId,
        changes: { comment: ctx.comment, as_admin: ctx.asAdmin },
      });
    },
    async onRejected(ctx) {
      await repo.setStatus(ctx.tx, ctx.request.subjectId, 'rejected');
      await auditOf(ctx.tx, auditActor(ctx), {
        action: 'expense.rejected',
        entity: 'expense',
        entity_id: ctx.request.subjectId,
        changes: { comment: ctx.comment, as_admin: ctx.asAdmin },
      });
    },
    onWithdrawn: (ctx) => repo.setStatus(ctx.tx, ctx.request.subjectId, 'cancelled'),
  };
  engine.registry.register(requestType);

  const requireCompanyScope = (actor: Actor) => {
    if (actor.scope !== 'company') throw forbidden();
  };

  return {
    dropdowns: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        await repo.ensureDefaultCategories(tx);
        return {
          categories: await repo.listCategories(tx, true),
          statuses: EXPENSE_STATUSES.map((value) => ({ value, label: EXPENSE_STATUS_LABELS[value] })),
          today: await engine.today(tx),
        };
      }),

    list: (actor: Actor, q: ExpenseListQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const page = await repo.ownPage(tx, actor.employeeId, q);
        return { rows: await toItems(tx, page.rows, actor, 'mine'), total: page.total };
      }),

    get: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const item = await itemOf(tx, id, actor, 'mine');
        if (item.employee_id !== actor.employeeId) throw notFound('Expense');
        return item;
      }),

    /**
     * Files a claim and raises its approval request. With an idempotency key a retry returns the
     * claim the first attempt stored; without one the same bill is refused as a duplicate.
     */
    add: (actor: Actor, body: ExpenseSaveInput, idempotencyKey: string | null) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        if (body.submit === false) {
          // A draft: no approval request, no routing, counted nowhere. With an idempotency key a
          // retry returns the draft the first attempt stored (the employee lock orders twins).
          await repo.lockEmployee(tx, actor.employeeId);
          if (idempotencyKey) {
            const earlier = await repo.byIdempotencyKey(tx, actor.employeeId, idempotencyKey);
            if (earlier) return { created: false, item: await itemOf(tx, earlier, actor, 'mine') };
          }
          const values = await validateDraft(tx, actor.employeeId, ExpenseSaveSchema.parse(body));
          const id = await repo.insertDraft(tx, actor.employeeId, values, idempotencyKey);
          await auditOf(tx, actor, {
            action: 'expense.draft_saved',
            entity: 'expense',
            entity_id: id,
            changes: { after: values },
          });
          return { created: true, item: await itemOf(tx, id, actor, 'mine') };
        }
        const input = claimInput(body);
        await repo.lockEmployee(tx, actor.employeeId);
        if (idempotencyKey) {
          const earlier = await repo.byIdempotencyKey(tx, actor.employeeId, idempotencyKey);
          if (earlier) return { created: false, item: await itemOf(tx, earlier, actor, 'mine') };
        }
        const values = await validate(tx, actor.employeeId, input, null);
        const id = await repo.insertExpense(tx, actor.employeeId, values, idempotencyKey);
        if (!id) {
          const earlier =
            idempotencyKey && (await repo.byIdempotencyKey(tx, actor.employeeId, idempotencyKey));
          if (earlier) return { created: false, item: await itemOf(tx, earlier, actor, 'mine') };
          throw alreadyClaimed();
        }
        await route(tx, actor, id, values);
        return { created: true, item: await itemOf(tx, id, actor, 'mine') };
      }),

    /**
     * Replaces a pending claim or a draft of the caller's (fields left out become null). A draft
     * stays one with `submit: false`, else it is submitted (the full checks and routing of a new
     * claim); a submitted claim cannot go back to a draft (409).
     */
    update: (actor: Actor, id: string, body: ExpenseSaveInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const current = await repo.getExpense(tx, id);
        if (current?.status === 'draft' && current.employee_id === actor.employeeId) {
          const before = await ownDraft(tx, actor, id);
          if (body.submit === false) {
            const values = await validateDraft(tx, before.employee_id, ExpenseSaveSchema.parse(body));
            await repo.updateExpense(tx, id, values);
            await auditOf(tx, actor, {
              action: 'expense.draft_saved',
              entity: 'expense',
              entity_id: id,
              changes: { after: values },
            });
            return itemOf(tx, id, actor, 'mine');
          }
          const values = await validate(tx, before.employee_id, claimInput(body), id);
          return submitDraft(tx, actor, id, values);
        }
        const before = await ownPending(tx, actor, id);
        if (before.status === 'draft') throw new AppError('CONFLICT', 'This claim is already submitted');
        if (body.submit === false) {
          throw new AppError('CONFLICT', 'A submitted claim cannot be saved as a draft');
        }
        const input = claimInput(body);
        const values = await validate(tx, before.employee_id, input, id);
        // A new amount re-routes the claim while nobody has acted on it (409 after).
        const approvalId = await approvalIdOf(tx, id);
        if (approvalId) await engine.reroute(tx, approvalId, values.amount_paise);
        await repo.updateExpense(tx, id, values);
        await auditOf(tx, actor, {
          action: 'expense.updated',
          entity: 'expense',
          entity_id: id,
          changes: { after: values },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    /** Submits the caller's draft as it is saved: the checks, limits and routing of a new claim. */
    submit: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const draft = await ownDraft(tx, actor, id);
        const values = await validate(
          tx,
          draft.employee_id,
          claimInput({
            category_id: draft.category_id,
            expense_date: draft.expense_date,
            amount_paise: draft.amount_paise,
            merchant: draft.merchant,
            description: draft.description,
            bill_number: draft.bill_number,
            receipt_file_id: draft.receipt_file_id,
            travel_from: draft.travel_from,
            travel_to: draft.travel_to,
            distance_km: draft.distance_km,
          }),
          id,
        );
        return submitDraft(tx, actor, id, values);
      }),

    /** Withdraws a pending claim of the caller's (or deletes a draft) and removes it from their list. */
    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        await ownPending(tx, actor, id);
        const approvalId = await approvalIdOf(tx, id);
        if (approvalId) await engine.withdraw(tx, actor, approvalId);
        await repo.markDeleted(tx, id);
        await auditOf(tx, actor, {
          action: 'expense.deleted',
          entity: 'expense',
          entity_id: id,
          changes: {},
        });
      }),

    /** The caller's standing claims that look like this one, asked by the form before it submits. */
    duplicateCheck: (actor: Actor, body: ExpenseDuplicateCheckInput) =>
      db.tenant(actor.companyId, async (tx): Promise<ExpenseDuplicateCheck> => {
        const input = ExpenseDuplicateCheckInputSchema.parse(body);
        if (!actor.employeeId) return { duplicates: [], blocking: false };
        const duplicates = await repo.possibleDuplicates(tx, actor.employeeId, {
          date: input.expense_date,
          amount: input.amount_paise,
          bill: input.bill_number,
          receipt: input.receipt_file_id,
          exceptId: input.expense_id,
        });
        return { duplicates, blocking: duplicates.some((d) => d.reason === 'same_bill') };
      }),

    summary: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx): Promise<ExpenseSummary> => {
        const out: ExpenseSummary = {
          pending: { count: 0, amount_paise: 0 },
          approved: { count: 0, amount_paise: 0 },
          rejected: { count: 0, amount_paise: 0 },
          paid: { count: 0, amount_paise: 0 },
        };
        if (!actor.employeeId) return out;
        for (const r of await repo.summary(tx, actor.employeeId)) {
          if (r.status in out)
            out[r.status as keyof ExpenseSummary] = { count: r.count, amount_paise: r.amount };
        }
        return out;
      }),

    monthWise: (actor: Actor, year: number) =>
      db.tenant(actor.companyId, async (tx) => {
        const found = actor.employeeId ? await repo.monthWise(tx, actor.employeeId, year) : [];
        const byMonth = new Map(found.map((m) => [m.month, m]));
        return {
          year,
          months: Array.from({ length: 12 }, (_, i) => {
            const m = byMonth.get(i + 1);
            return { month: i + 1, pending_paise: m?.pending ?? 0, approved_paise: m?.approved ?? 0 };
          }),
          by_category: actor.employeeId ? await repo.categoryWise(tx, actor.employeeId, year) : [],
        };
      }),

    /** Team queue: claims waiting on me (or on someone I stand in for today), any status filter. */
    teamQueue: (actor: Actor, q: ReimbursementQueueQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const onlyIds = await engine.awaitingSubjects(tx, EXPENSE_TYPE, actor.employeeId);
        const page = await repo.queuePage(tx, { ...q, status: undefined }, onlyIds);
        return { rows: await toItems(tx, page.rows, actor, 'team'), total: page.total };
      }),

    /** Admin queue: every claim of the company. */
    adminQueue: (actor: Actor, q: ReimbursementQueueQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const page = await repo.queuePage(tx, q);
        return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
      }),

    /** One claim from a queue: an admin, or one of its approvers (others: 404). */
    queueItem: (actor: Actor, id: string, mode: Exclude<QueueMode, 'mine'>) =>
      db.tenant(actor.companyId, async (tx) => {
        if (mode === 'admin') requireCompanyScope(actor);
        const item = await itemOf(tx, id, actor, mode);
        if (item.status === 'draft') throw notFound('Expense');
        if (mode === 'admin') return item;
        const approvalId = item.approval?.request_id;
        if (!approvalId || !(await engine.isParticipant(tx, approvalId, actor.employeeId))) {
          throw notFound('Expense');
        }
        return item;
      }),

    /**
     * What approving a claim means: the category's limits and what the employee has claimed that
     * month (in the category and in all). For the same callers as the claim in the queue.
     */
    decisionContext: (actor: Actor, id: string, mode: Exclude<QueueMode, 'mine'>) =>
      db.tenantRead(actor.companyId, async (tx): Promise<ExpenseDecisionContext> => {
        if (mode === 'admin') requireCompanyScope(actor);
        const row = await repo.getExpense(tx, id);
        if (!row || row.status === 'draft' || !row.expense_date) throw notFound('Expense');
        if (mode === 'team') {
          const approvalId = await approvalIdOf(tx, id);
          if (!approvalId || !(await engine.isParticipant(tx, approvalId, actor.employeeId))) {
            throw notFound('Expense');
          }
        }
        const category = await repo.getCategory(tx, row.category_id);
        const month = await repo.monthClaims(tx, row.employee_id, row.expense_date);
        return {
          month: row.expense_date.slice(0, 7),
          category: {
            name: row.category_name,
            max_per_claim_paise: category?.max_per_claim_paise ?? null,
            max_per_month_paise: category?.max_per_month_paise ?? null,
            month_total_paise: await repo.monthTotal(
              tx,
              row.employee_id,
              row.category_id,
              row.expense_date,
              null,
            ),
          },
          month_claims: month,
        };
      }),

    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: Exclude<QueueMode, 'mine'>,
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        if (mode === 'admin') requireCompanyScope(actor);
        const row = await repo.getExpense(tx, id);
        const approvalId = row && row.status !== 'draft' && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Expense');
        if (mode === 'admin' && !actor.employeeId) {
          throw new AppError('FORBIDDEN', 'Your sign-in has no employee record to decide with');
        }
        if (row.employee_id === actor.employeeId)
          throw new AppError('FORBIDDEN', 'You cannot decide your own claim');
        // The engine locks the request: of two approvers at once, the second finds it settled (409).
        await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: EXPENSE_TYPE,
        });
        return itemOf(tx, id, actor, mode);
      }),

    /** An administrator records that an approved claim was paid (through payroll or outside it). */
    pay: (actor: Actor, id: string, input: ExpensePayoutInput) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const row = await repo.getExpense(tx, id, true);
        if (!row || row.status === 'draft') throw notFound('Expense');
        if (row.status !== 'approved') {
          throw new AppError(
            'CONFLICT',
            `Only an approved claim can be paid; this one is ${EXPENSE_STATUS_LABELS[row.status].toLowerCase()}`,
          );
        }
        if (input.paid_on > (await engine.today(tx))) {
          throw invalid([{ path: 'paid_on', message: 'The payout date cannot be in the future' }]);
        }
        await repo.markPaid(tx, id, {
          mode: input.payout_mode,
          reference: input.payout_reference,
          paidOn: input.paid_on,
          by: actor.userId,
        });
        await auditOf(tx, actor, {
          action: 'expense.paid',
          entity: 'expense',
          entity_id: id,
          changes: { ...input },
        });
        return itemOf(tx, id, actor, 'admin');
      }),

    categories: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        await repo.ensureDefaultCategories(tx);
        return repo.listCategories(tx, false);
      }),

    saveCategory: (actor: Actor, id: string | null, body: ExpenseCategoryInput) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const input = ExpenseCategoryInputSchema.parse(body);
        await repo.ensureDefaultCategories(tx);
        let code = '';
        if (id) {
          if (!(await repo.getCategory(tx, id))) throw notFound('Expense category');
        } else {
          const base =
            input.name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '_')
              .replace(/^_+|_+$/g, '')
              .replace(/^(?![a-z])/, 'c_')
              .slice(0, 30) || 'category';
          code = base;
          for (let n = 2; await repo.categoryCodeTaken(tx, code); n++) code = `${base}_${n}`;
        }
        const saved = await repo.saveCategory(tx, id, input, code);
        await auditOf(tx, actor, {
          action: 'expense.category_saved',
          entity: 'expense_category',
          entity_id: saved,
          changes: { after: input },
        });
        return (await repo.getCategory(tx, saved))!;
      }),
  };
}
export type ExpensesService = ReturnType<typeof createExpensesService>;
