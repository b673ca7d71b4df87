import type {
  ApprovalDelegationInput,
  ApprovalFlowInput,
  ApprovalRequestType,
  FieldError,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type AuditContext, insertAudit } from '../audit';
import type { ApprovalEngine } from './approval-engine';
import * as repo from './approvals.repo';

/** Audit entry in the caller's transaction, by a signed-in actor or a company plus request facts. */
export function auditOf(
  tx: Queryable,
  actor: AuditContext,
  e: { action: string; entity: string; entity_id: string | null; changes: Record<string, unknown> },
) {
  return insertAudit(tx, {
    companyId: actor.companyId,
    actorUserId: actor.userId,
    action: e.action,
    entity: e.entity,
    entityId: e.entity_id,
    changes: e.changes,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

const invalid = (errors: FieldError[]) =>
  new AppError('VALIDATION', `Validation failed: ${errors.map((e) => e.path).join(', ')}`, { errors });

export function createApprovalsService(deps: { db: Db; engine: ApprovalEngine }) {
  const { db, engine } = deps;

  async function validateFlow(tx: Queryable, input: ApprovalFlowInput, id: string | null) {
    const errors: FieldError[] = [];
    for (const [i, l] of input.levels.entries()) {
      if (l.approver_kind === 'reporting_role' && l.reporting_role_id) {
        if ((await repo.missingReportingRoles(tx, [l.reporting_role_id])).length > 0) {
          errors.push({ path: `levels.${i}.reporting_role_id`, message: 'Unknown reporting role' });
        }
      }
      if (l.approver_kind === 'employee') {
        const missing = await repo.missingEmployees(tx, l.approver_employee_ids ?? []);
        if (missing.length > 0) {
          errors.push({
            path: `levels.${i}.approver_employee_ids`,
            message: `Unknown employee ${missing[0]}`,
          });
        }
      }
    }
    if (errors.length) throw invalid(errors);
    if (await repo.flowNameTaken(tx, input.name, id)) {
      throw new AppError('CONFLICT', `A flow named “${input.name}” already exists`, {
        errors: [{ path: 'name', message: 'Name already used' }],
      });
    }
  }

  async function getFlow(tx: Queryable, id: string) {
    const flow = (await repo.listFlows(tx, { id }))[0];
    if (!flow) throw notFound('Approval flow');
    return flow;
  }

  return {
    engine,

    /** Requests of every registered type waiting on the caller, summarised, with abilities. */
    inbox: (actor: Actor) => db.tenant(actor.companyId, (tx) => engine.inbox(tx, actor)),

    listFlows: (actor: Actor, q: { request_type?: ApprovalRequestType }) =>
      db.tenant(actor.companyId, (tx) => repo.listFlows(tx, q)),

    getFlow: (actor: Actor, id: string) => db.tenant(actor.companyId, (tx) => getFlow(tx, id)),

    createFlow: (actor: Actor, input: ApprovalFlowInput) =>
      db.tenant(actor.companyId, async (tx) => {
        await validateFlow(tx, input, null);
        const id = await repo.saveFlow(tx, null, input);
        await auditOf(tx, actor, {
          action: 'approval.flow_created',
          entity: 'approval_flow',
          entity_id: id,
          changes: { after: input },
        });
        return getFlow(tx, id);
      }),

    updateFlow: (actor: Actor, id: string, input: ApprovalFlowInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const before = await getFlow(tx, id);
        // A flow's request type is fixed once created: master policies point at a flow for one
        // request type, and a flow that changed type under them would decide another type's
        // requests (or none). A different type is a new flow.
        if (input.request_type !== before.request_type) {
          throw new AppError(
            'CONFLICT',
            `An approval flow's request type cannot be changed (it is ${before.request_type}); create a new flow for ${input.request_type}`,
            {
              errors: [
                { path: 'request_type', message: 'The request type is fixed once the flow is created' },
              ],
            },
          );
        }
        await validateFlow(tx, input, id);
        await repo.saveFlow(tx, id, input);
        await auditOf(tx, actor, {
          action: 'approval.flow_updated',
          entity: 'approval_flow',
          entity_id: id,
          changes: { before: { ...before, created_at: undefined, updated_at: undefined }, after: input },
        });
        return getFlow(tx, id);
      }),

    deleteFlow: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const before = await getFlow(tx, id);
        await repo.deleteFlow(tx, id);
        await auditOf(tx, actor, {
          action: 'approval.flow_deleted',
          entity: 'approval_flow',
          entity_id: id,
          changes: { before: { name: before.name, request_type: before.request_type } },
        });
      }),

    myDelegations: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { given: [], received: [] };
        const today = await engine.today(tx);
        return {
          given: await repo.listDelegations(tx, today, { approverId: actor.employeeId }),
          received: await repo.listDelegations(tx, today, { delegateId: actor.employeeId }),
        };
      }),

    /** An approver hands their approvals to someone; admins (approval_flow.edit) may do it for anyone. */
    createDelegation: (actor: Actor, input: ApprovalDelegationInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const approverId = input.approver_id ?? actor.employeeId;
        if (!approverId) throw forbidden();
        if (approverId !== actor.employeeId && !actor.permissions.includes('approval_flow.edit')) {
          throw forbidden();
        }
        const errors: FieldError[] = [];
        if (input.approver_id && (await repo.missingEmployees(tx, [input.approver_id])).length) {
          errors.push({ path: 'approver_id', message: 'Unknown employee' });
        }
        if ((await repo.missingEmployees(tx, [input.delegate_id])).length) {
          errors.push({ path: 'delegate_id', message: 'Unknown employee' });
        } else if (input.delegate_id === approverId) {
          errors.push({ path: 'delegate_id', message: 'Choose someone other than the approver' });
        }
        if (errors.length) throw invalid(errors);
        const id = await repo.insertDelegation(tx, {
          approverId,
          delegateId: input.delegate_id,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          reason: input.reason ?? null,
        });
        await auditOf(tx, actor, {
          action: 'approval.delegation_created',
          entity: 'approval_delegation',
          entity_id: id,
          changes: { after: { ...input, approver_id: approverId } },
        });
        return (await repo.listDelegations(tx, await engine.today(tx), { id }))[0]!;
      }),

    deleteDelegation: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const d = (await repo.listDelegations(tx, await engine.today(tx), { id }))[0];
        const mayAdmin = actor.permissions.includes('approval_flow.edit');
        if (!d || (d.approver_id !== actor.employeeId && !mayAdmin)) throw notFound('Delegation');
        await repo.deleteDelegation(tx, id);
        await auditOf(tx, actor, {
          action: 'approval.delegation_deleted',
          entity: 'approval_delegation',
          entity_id: id,
          changes: { before: d },
        });
      }),
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
