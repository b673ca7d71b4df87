import type { AnnouncementBody, AnnouncementListQuery } from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './announcement.repo';
import { companyToday, validation } from './org.shared';

export function createAnnouncementService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function checkAudience(tx: Parameters<typeof repo.get>[0], b: AnnouncementBody) {
    if (b.audience === 'all') return;
    const ids = [...new Set(b.audience_ids)];
    if ((await repo.countAudience(tx, b.audience, ids)) !== ids.length) {
      throw validation('audience_ids', `Some of the chosen ${b.audience} do not exist`);
    }
  }

  return {
    list: (actor: Actor, q: AnnouncementListQuery) => db.tenant(actor.companyId, (tx) => repo.list(tx, q)),

    async get(actor: Actor, id: string) {
      const a = await db.tenant(actor.companyId, (tx) => repo.get(tx, id));
      if (!a) throw notFound('Announcement');
      return a;
    },

    create: (actor: Actor, body: AnnouncementBody) =>
      db.tenant(actor.companyId, async (tx) => {
        await checkAudience(tx, body);
        return (await repo.get(tx, await repo.insert(tx, actor.companyId, actor.userId, body)))!;
      }),

    update: (actor: Actor, id: string, body: AnnouncementBody) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.get(tx, id))) throw notFound('Announcement');
        await checkAudience(tx, body);
        await repo.update(tx, id, body);
        return (await repo.get(tx, id))!;
      }),

    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.remove(tx, id))) throw notFound('Announcement');
      }),

    /** Active today (company time zone) and aimed at the caller. */
    current: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, clock.now());
        return repo.current(tx, today, actor.employeeId);
      }),
  };
}
export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
