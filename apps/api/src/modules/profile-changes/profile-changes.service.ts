import {
  PROFILE_CHANGE_FIELDS,
  PROFILE_CHANGE_LABELS,
  type ProfileChangeField,
  type ProfileChangeQueueQuery,
  type ProfileChangeRequest,
  type ProfileChangeRequestInput,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { type FieldCrypto, lastFour, masked } from '../../lib/field-crypto';
import type { Actor } from '../../plugins/auth';
import { type ApprovalEngine, auditOf, type HookContext, type RequestTypeDefinition } from '../approvals';
import * as repo from './profile-changes.repo';

/** The request type this module registers with the approval engine. */
export const PROFILE_CHANGE_TYPE = 'profile_change';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** Masked display of a sensitive value from its last four characters. */
const MASK_LENGTH: Partial<Record<ProfileChangeField, number>> = {
  bank_account_number: 10,
  pan: 10,
  aadhaar: 12,
};
const isSensitive = (f: ProfileChangeField) => f in MASK_LENGTH;
const maskOf = (f: ProfileChangeField, last4: string | null) => masked(last4, MASK_LENGTH[f]);

/** The current (masked where sensitive) value of each field. */
function currentValues(p: repo.CurrentProfile): Record<ProfileChangeField, string | null> {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    date_of_birth: p.date_of_birth,
    bank_name: p.bank_name,
    bank_ifsc: p.bank_ifsc,
    bank_holder_name: p.bank_holder_name,
    bank_account_number: maskOf('bank_account_number', p.bank_account_last4),
    pan: maskOf('pan', p.pan_last4),
    aadhaar: maskOf('aadhaar', p.aadhaar_last4),
  };
}

/** Before and after of every field, masked: for the audit log and responses. */
function maskedDiff(changes: repo.StoredChanges) {
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  for (const [f, c] of Object.entries(changes)) {
    before[f] = c.before;
    after[f] = c.after;
  }
  return { before, after };
}

export type QueueMode = 'team' | 'admin' | 'mine';

export function createProfileChangesService(deps: { db: Db; engine: ApprovalEngine; crypto: FieldCrypto }) {
  const { db, engine, crypto } = deps;

  async function toItems(
    tx: Queryable,
    rows: repo.RequestRow[],
    caller: Pick<Actor, 'employeeId' | 'permissions'>,
    mode: QueueMode,
  ): Promise<ProfileChangeRequest[]> {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      PROFILE_CHANGE_TYPE,
      rows.map((r) => r.id),
    );
    const ids = [...approvalIds.values()];
    const states = new Map((await engine.states(tx, ids)).map((s) => [s.request_id, s]));
    const abilities = await engine.abilities(tx, caller, ids, { asAdmin: mode === 'admin' });
    return rows.map((r) => {
      const changes: repo.StoredChanges =
        typeof r.changes === 'string' ? JSON.parse(r.changes) : (r.changes ?? {});
      const approvalId = approvalIds.get(r.id);
      const open = r.status === 'pending';
      return {
        id: r.id,
        employee_id: r.employee_id,
        employee_code: r.employee_code,
        employee_name: r.employee_name,
        changes: PROFILE_CHANGE_FIELDS.filter((f) => changes[f]).map((f) => ({
          field: f,
          label: PROFILE_CHANGE_LABELS[f],
          before: changes[f]!.before,
          after: changes[f]!.after,
        })),
        reason: r.reason,
        status: r.status,
        created_at: iso(r.created_at)!,
        applied_at: iso(r.applied_at),
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: (approvalId && abilities.get(approvalId)) || {
          approve: false,
          reject: false,
          withdraw: open && r.employee_id === caller.employeeId,
        },
      };
    });
  }

  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: QueueMode) {
    const row = await repo.getRequest(tx, id);
    if (!row) throw notFound('Profile change request');
    return (await toItems(tx, [row], caller, mode))[0]!;
  }

  async function approvalIdOf(tx: Queryable, id: string): Promise<string | null> {
    return (await engine.requestIdsBySubject(tx, PROFILE_CHANGE_TYPE, [id])).get(id) ?? null;
  }

  /** Who the audit entry names: the acting sign-in, in the request's company. */
  const auditActor = (ctx: HookContext) => ({
    companyId: ctx.request.companyId,
    userId: ctx.actor.userId ?? null,
    ip: ctx.actor.ip ?? null,
    requestId: ctx.actor.requestId ?? null,
  });

  /** Applies an approved request to the employee row, in the deciding transaction, and audits it. */
  async function apply(ctx: HookContext) {
    const { tx } = ctx;
    const row = await repo.getRequest(tx, ctx.request.subjectId);
    if (!row) throw notFound('Profile change request');
    const stored: repo.StoredChanges =
      typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
    const current = await repo.currentProfile(tx, row.employee_id);
    if (!current) throw notFound('Employee');
    const now = currentValues(current);
    // "before" becomes the value replaced at application time.
    const changes: repo.StoredChanges = {};
    for (const [f, c] of Object.entries(stored) as [ProfileChangeField, repo.StoredChange][]) {
      changes[f] = { ...c, before: now[f] };
    }
    await repo.applyToEmployee(tx, row.employee_id, changes);
    await repo.setStatus(tx, row.id, 'approved', { applied: true, changes });
    await auditOf(tx, auditActor(ctx), {
      action: 'profile.change_applied',
      entity: 'employee',
      entity_id: row.employee_id,
      changes: { request_id: row.id, ...maskedDiff(changes) },
    });
  }

  /** Profile changes are the first type the approval engine serves. */
  const requestType: RequestTypeDefinition = {
    type: PROFILE_CHANGE_TYPE,
    teamPermissions: { view: 'profile_update_requests.view', edit: 'profile_update_requests.edit' },
    adminPermissions: { view: 'profile_change_requests.view', edit: 'profile_change_requests.edit' },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const row of await repo.getRequests(tx, subjectIds)) {
        const changes: repo.StoredChanges =
          typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
        const fields = PROFILE_CHANGE_FIELDS.filter((f) => changes[f]).map((f) => PROFILE_CHANGE_LABELS[f]);
        out.set(row.id, {
          title: `Profile change: ${row.employee_name}`,
          summary: `${fields.join(', ')}${row.reason ? ` (${row.reason})` : ''}`,
        });
      }
      return out;
    },
    async notice(tx, subjectId) {
      const [row] = await repo.getRequests(tx, [subjectId]);
      if (!row) return null;
      const changes: repo.StoredChanges =
        typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
      const fields = PROFILE_CHANGE_FIELDS.filter((f) => changes[f]).map((f) => PROFILE_CHANGE_LABELS[f]);
      return { owner: row.employee_name, item: `profile change (${fields.join(', ')})` };
    },
    // Approvers act in the team queue, administrators in the admin queue; the requester sees the
    // outcome on their profile.
    link: (audience) =>
      ({
        approver: '/team/requests/profile-update',
        admin: '/admin/requests/profile-change',
        requester: '/user/profile',
      })[audience],
    onApproved: apply,
    onRejected: (ctx) => repo.setStatus(ctx.tx, ctx.request.subjectId, 'rejected'),
    onWithdrawn: (ctx) => repo.setStatus(ctx.tx, ctx.request.subjectId, 'cancelled'),
  };
  engine.registry.register(requestType);

  return {
    /** The caller asks for changes to their own record; raises an approval request. */
    request: (actor: Actor, input: ProfileChangeRequestInput) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        const current = await repo.currentProfile(tx, actor.employeeId);
        if (!current) throw notFound('Employee');
        if (await repo.hasPending(tx, actor.employeeId)) {
          throw new AppError(
            'CONFLICT',
            'You already have a pending profile change request; cancel it or wait for a decision',
          );
        }
        const now = currentValues(current);
        const last4: Record<string, string | null> = {
          bank_account_number: current.bank_account_last4,
          pan: current.pan_last4,
          aadhaar: current.aadhaar_last4,
        };
        const changes: repo.StoredChanges = {};
        for (const f of PROFILE_CHANGE_FIELDS) {
          const value = input.changes[f];
          if (value === undefined) continue;
          if (isSensitive(f)) {
            const l4 = lastFour(value);
            // Only the last four are known in clear: a value ending the same may be unchanged, so
            // it is still recorded (the approver sees the masked value).
            changes[f] = {
              before: maskOf(f, last4[f] ?? null),
              after: maskOf(f, l4),
              after_enc: crypto.encrypt(value),
              after_last4: l4,
            };
          } else if (value !== now[f]) {
            changes[f] = { before: now[f], after: value };
          }
        }
        if (Object.keys(changes).length === 0) {
          throw new AppError('VALIDATION', 'Validation failed: changes', {
            errors: [{ path: 'changes', message: 'Nothing differs from your current profile' }],
          });
        }
        const id = await repo.insertRequest(tx, {
          employeeId: actor.employeeId,
          changes,
          reason: input.reason,
        });
        await engine.raise(tx, { type: PROFILE_CHANGE_TYPE, subjectId: id, requesterId: actor.employeeId });
        await auditOf(tx, actor, {
          action: 'profile.change_requested',
          entity: 'profile_change_request',
          entity_id: id,
          changes: maskedDiff(changes),
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    mine: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return [];
        return toItems(tx, await repo.listForEmployee(tx, actor.employeeId), actor, 'mine');
      }),

    cancel: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const row = await repo.getRequest(tx, id);
        if (!row || !actor.employeeId || row.employee_id !== actor.employeeId) {
          throw notFound('Profile change request');
        }
        if (row.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${row.status}`);
        const approvalId = await approvalIdOf(tx, id);
        // The engine's onWithdrawn hook marks the row cancelled.
        if (approvalId) await engine.withdraw(tx, actor, approvalId);
        else await repo.setStatus(tx, id, 'cancelled');
        await auditOf(tx, actor, {
          action: 'profile.change_cancelled',
          entity: 'profile_change_request',
          entity_id: id,
          changes: {},
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    /** Team queue: pending requests waiting on me (or on someone I stand in for today). */
    teamQueue: (actor: Actor, q: ProfileChangeQueueQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const onlyIds = await engine.awaitingSubjects(tx, PROFILE_CHANGE_TYPE, actor.employeeId);
        const page = await repo.listPage(tx, { ...q, status: undefined }, { onlyIds });
        return { rows: await toItems(tx, page.rows, actor, 'team'), total: page.total };
      }),

    /** Admin queue: every request of the company, with a status filter and search. */
    adminQueue: (actor: Actor, q: ProfileChangeQueueQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        const page = await repo.listPage(tx, q);
        return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
      }),

    /** One request: its employee, an admin, or one of its approvers (others: 404). */
    get: (actor: Actor, id: string, mode: Exclude<QueueMode, 'mine'>) =>
      db.tenant(actor.companyId, async (tx) => {
        const item = await itemOf(tx, id, actor, mode);
        if (mode === 'admin') return item;
        const approvalId = item.approval?.request_id;
        if (!approvalId || !(await engine.isParticipant(tx, approvalId, actor.employeeId))) {
          throw notFound('Profile change request');
        }
        return item;
      }),

    /**
     * Approve or reject: from the team queue as an approver of the current level (or a delegate),
     * or from the admin queue (an admin decision that settles the request). An approval that
     * completes the flow applies the change in the same transaction.
     */
    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: Exclude<QueueMode, 'mine'>,
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        const row = await repo.getRequest(tx, id);
        const approvalId = row && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Profile change request');
        if (mode === 'admin' && !actor.employeeId) {
          throw new AppError('FORBIDDEN', 'Your sign-in has no employee record to decide with');
        }
        if (row.employee_id === actor.employeeId) {
          throw new AppError('FORBIDDEN', 'You cannot decide your own request');
        }
        // A decision that settles the request runs this type's hook (apply, or mark rejected) here.
        const result = await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: PROFILE_CHANGE_TYPE,
        });
        await auditOf(tx, actor, {
          action: `profile.change_${decision}`,
          entity: 'profile_change_request',
          entity_id: id,
          changes: {
            comment,
            as_admin: mode === 'admin',
            on_behalf_of: result.on_behalf_of,
            status: result.status,
          },
        });
        return itemOf(tx, id, actor, mode);
      }),
  };
}
export type ProfileChangesService = ReturnType<typeof createProfileChangesService>;
