import type { AdminDashboard, TeamDashboard } from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../../plugins/auth';
import { pendingForApprover } from '../approvals';
import { companyToday, currentAnnouncements } from '../org';
import * as repo from './dashboard.repo';

export function createDashboardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    admin: (actor: Actor): Promise<AdminDashboard> =>
      db.tenant(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, clock.now());
        const figures = await repo.headcountFigures(tx, today);
        return {
          today,
          headcount: figures.headcount,
          joiners_this_month: figures.joiners,
          exits_this_month: figures.exits,
          headcount_by_division: await repo.headcountByDivision(tx),
          upcoming_birthdays: (await repo.upcoming(tx, today, 'date_of_birth')).map(
            ({ years: _y, ...r }) => r,
          ),
          upcoming_anniversaries: (await repo.upcoming(tx, today, 'date_of_joining')).filter(
            (r) => r.years > 0,
          ),
          announcements: await currentAnnouncements(tx, today, actor.employeeId),
        };
      }),

    /** My direct reports (employees.manager_id, kept from the L1 reporting role) and my approvals queue. */
    team: (actor: Actor): Promise<TeamDashboard> =>
      db.tenant(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, clock.now());
        if (!actor.employeeId) return { team: [], pending_requests: [], announcements: [] };
        return {
          team: await repo.directReports(tx, actor.employeeId),
          pending_requests: await pendingForApprover(tx, actor.employeeId, today),
          announcements: await currentAnnouncements(tx, today, actor.employeeId),
        };
      }),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
