import type { AuditListQuery } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { insertAudit, listAudit } from './audit.repo';

/**
 * `<module>.<what happened>`, e.g. `auth.login`, `access.role_changed`, `employee.updated`,
 * `org.unit_employees_moved`, `profile.change_applied`. Each module names its own actions.
 */
export type AuditAction = `${string}.${string}`;

/** Who did it: a signed-in actor, or just a company plus request facts (sign-in, reset link). */
export type AuditContext =
  | Actor
  | { companyId: string; userId: string | null; ip: string | null; requestId: string | null };

export type AuditEvent = {
  actor: AuditContext;
  action: AuditAction;
  entity: string;
  entity_id?: string | null;
  changes?: Record<string, unknown>;
};

export function createAuditService(deps: { db: Db }) {
  return {
    /** Written with `tx`, the caller's tenant transaction, so the entry commits or rolls back with the change. */
    record(tx: Queryable, e: AuditEvent): Promise<void> {
      return insertAudit(tx, {
        companyId: e.actor.companyId,
        actorUserId: e.actor.userId,
        action: e.action,
        entity: e.entity,
        entityId: e.entity_id ?? null,
        changes: e.changes ?? {},
        ip: e.actor.ip,
        requestId: e.actor.requestId,
      });
    },
    list(actor: Actor, q: AuditListQuery) {
      return deps.db.tenant(actor.companyId, (tx) => listAudit(tx, q));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
