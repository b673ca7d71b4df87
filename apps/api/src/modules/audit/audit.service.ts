import type { AuditListQuery } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { insertAudit, listAudit } from './audit.repo';

export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.password_changed'
  | 'auth.password_reset'
  | 'access.role_changed'
  | 'access.user_role_changed';

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
