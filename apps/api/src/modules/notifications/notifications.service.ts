import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationListQuery,
  type NotificationPreference,
  type NotificationPreferencesInput,
  type NotificationReadInput,
} from '@hr/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './notifications.repo';

/**
 * The signed-in user's own notifications and mail preferences. Everything is scoped to the
 * caller's employee record inside their company's tenant transaction: another user's notification
 * is answered 404, as one that does not exist. A sign-in without an employee record has none.
 */
export function createNotificationsService(deps: { db: Db }) {
  const { db } = deps;

  async function preferences(actor: Actor): Promise<NotificationPreference[]> {
    const saved = actor.employeeId
      ? await db.tenantRead(actor.companyId, (tx) => repo.preferencesOf(tx, actor.employeeId!))
      : new Map<string, boolean>();
    return NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      mail: saved.get(kind) ?? true,
    }));
  }

  return {
    async list(actor: Actor, q: NotificationListQuery) {
      if (!actor.employeeId) return { rows: [], total: 0, unread: 0 };
      const unread = q.unread === undefined ? undefined : q.unread === 'true';
      return db.tenantRead(actor.companyId, (tx) => repo.listFor(tx, actor.employeeId!, { ...q, unread }));
    },

    async unread(actor: Actor): Promise<number> {
      if (!actor.employeeId) return 0;
      return db.tenantRead(actor.companyId, (tx) => repo.unreadCount(tx, actor.employeeId!));
    },

    async markRead(actor: Actor, input: NotificationReadInput): Promise<{ updated: number }> {
      const me = actor.employeeId;
      if (!me) {
        if (input.id) throw notFound('Notification');
        return { updated: 0 };
      }
      return db.tenant(actor.companyId, async (tx) => {
        if (input.all) return { updated: await repo.markAllRead(tx, me) };
        if (!(await repo.markOneRead(tx, me, input.id!))) throw notFound('Notification');
        return { updated: 1 };
      });
    },

    preferences,

    async savePreferences(actor: Actor, input: NotificationPreferencesInput) {
      if (!actor.employeeId) throw notFound('Employee');
      await db.tenant(actor.companyId, (tx) =>
        repo.savePreferences(tx, actor.employeeId!, input.preferences),
      );
      return preferences(actor);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
