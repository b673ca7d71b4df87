import type { AdminDashboard, EmployeeDashboard, TeamDashboard } from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addDays } from '../../lib/dates';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { pendingCountsByType, pendingForApprover, pendingOfRequester } from '../approvals';
import { teamTodayOn, todayPunch } from '../attendance';
import { balancesOf, leaveDays } from '../leave';
import { companyToday, currentAnnouncements } from '../org';
import { latestPayslipOf, payrollCard } from '../payrun';
import { loadDayContexts } from '../policies';
import * as repo from './dashboard.repo';

const HOLIDAYS_AHEAD = 90;

function monthOf(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const from = `${today.slice(0, 7)}-01`;
  const to = addDays(
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`,
    -1,
  );
  return { year, month, from, to };
}

/**
 * The three dashboards, each one tenant transaction of a few indexed reads. Other modules are read
 * through their index; data scope: the employee dashboard is the caller's own, the team dashboard
 * the caller's reports, the admin dashboard the company.
 */
export function createDashboardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  type HolidayDay = { date: string; holiday: { name: string; optional: boolean } | null };
  const holidaysIn = (days: HolidayDay[]) =>
    days
      .filter((d) => d.holiday)
      .map((d) => ({ date: d.date, name: d.holiday!.name, optional: d.holiday!.optional }));

  return {
    employee: (actor: Actor): Promise<EmployeeDashboard> =>
      db.tenant(actor.companyId, async (tx) => {
        const me = actor.employeeId;
        if (!me) throw notFound('Employee');
        const { today, timeZone } = await companyToday(tx, clock.now());
        const name = await repo.employeeName(tx, me);
        if (name === null) throw notFound('Employee');
        // My calendar from today on: its holidays, and today's attendance rules (location check).
        const days =
          (await loadDayContexts(tx, actor.companyId, [me], today, addDays(today, HOLIDAYS_AHEAD))).get(me) ??
          [];
        return {
          today,
          time_zone: timeZone,
          employee_name: name,
          today_punch: {
            ...(await todayPunch(tx, me, today, timeZone)),
            location_required: !!days[0]?.attendance?.location,
          },
          leave_balances: (await balancesOf(tx, me)).map(({ paid: _p, ...b }) => b),
          my_pending: await pendingOfRequester(tx, me, today),
          upcoming_holidays: holidaysIn(days),
          announcements: await currentAnnouncements(tx, today, me),
          latest_payslip: await latestPayslipOf(tx, me),
        };
      }),

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
          pending_by_type: await pendingCountsByType(tx, today),
          payroll: await payrollCard(tx),
        };
      }),

    /**
     * My team's attendance today (the attendance module's team today, so the screen loads in one
     * request), my direct reports (employees.manager_id, kept from the L1 reporting role), my
     * approvals queue with each request's age, and this month's leave of my reports with my holidays.
     */
    team: (actor: Actor): Promise<TeamDashboard> =>
      db.tenant(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, clock.now());
        const month = monthOf(today);
        const emptyCalendar = { month: month.month, year: month.year, holidays: [], leaves: [] };
        const me = actor.employeeId;
        if (!me)
          return {
            team_today: {
              date: today,
              rows: [],
              counts: { in: 0, late: 0, absent: 0, on_leave: 0, not_in: 0 },
            },
            team: [],
            pending_requests: [],
            announcements: [],
            leave_calendar: emptyCalendar,
          };
        const reports = await repo.activeReportIds(tx, me);
        const leaves = reports.length === 0 ? [] : await leaveDays(tx, reports, month.from, month.to);
        return {
          team_today: await teamTodayOn(tx, me, today),
          team: await repo.directReports(tx, me),
          pending_requests: await pendingForApprover(tx, me, today),
          announcements: await currentAnnouncements(tx, today, me),
          leave_calendar: {
            ...emptyCalendar,
            holidays: holidaysIn(
              (await loadDayContexts(tx, actor.companyId, [me], month.from, month.to)).get(me) ?? [],
            ),
            leaves: leaves.map((l) => ({ ...l, status: l.status as 'pending' | 'approved' })),
          },
        };
      }),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
