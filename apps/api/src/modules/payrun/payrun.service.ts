import type {
  PayableDaysDetail,
  PayableDaysQuery,
  PayableDaysRow,
  PayRun,
  PayRunCreateBody,
  PayRunListQuery,
  PayRunSettings,
  PayRunSettingsBody,
} from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import { payrollEmployeesIn } from '../employees';
import { firstDay, lastDay, monthOf } from './month';
import { payableDaysOf } from './payable-days';
import { createRun, deleteRun, listRuns, runView } from './runs';
import { readPayrunSettings, writePayrunSettings } from './settings';
import { createSheetsService } from './sheets/service';

export type PayrunDeps = { db: Db; clock: Clock; audit: AuditService };

/** Settings, payable days and the runs themselves (create, list, view, delete). */
export function createPayrunService(deps: PayrunDeps) {
  const { db, clock, audit } = deps;

  return {
    /** The run's sheets and the opening year-to-date (sheets.routes.ts). */
    sheets: createSheetsService({ db, audit }),

    settings: (actor: Actor): Promise<PayRunSettings> =>
      db.tenant(actor.companyId, (tx) => readPayrunSettings(tx)),

    updateSettings: (actor: Actor, body: PayRunSettingsBody): Promise<PayRunSettings> =>
      db.tenant(actor.companyId, async (tx) => {
        const saved = await writePayrunSettings(tx, actor.companyId, body);
        await audit.record(tx, {
          actor,
          action: 'payrun.settings_updated',
          entity: 'payrun_settings',
          entity_id: actor.companyId,
          changes: Object.fromEntries(
            Object.entries(body).filter(([k]) => k !== 'debit_account_number' && k !== 'pan'),
          ),
        });
        return saved;
      }),

    payableDays: (actor: Actor, q: PayableDaysQuery): Promise<{ rows: PayableDaysRow[]; total: number }> =>
      db.tenant(actor.companyId, async (tx) => {
        const month = monthOf(q.year, q.month);
        const settings = await readPayrunSettings(tx);
        const page = await payrollEmployeesIn(tx, firstDay(month), lastDay(month), {
          ...(q.search ? { search: q.search } : {}),
          limit: q.records,
          offset: (q.page - 1) * q.records,
        });
        const days = await payableDaysOf(tx, actor.companyId, month, page.rows, settings);
        return {
          rows: page.rows.map((e) => {
            const {
              month: _m,
              outside_employment_dates: _o,
              weekly_off_dates: _w,
              holidays: _h,
              leave_lop: _l,
              penalties: _p,
              absent_dates: _a,
              locked: _k,
              ...row
            } = days.get(e.id)!;
            return row;
          }),
          total: page.total,
        };
      }),

    payableDayDetail: (
      actor: Actor,
      employeeId: string,
      q: { month: number; year: number },
    ): Promise<PayableDaysDetail> =>
      db.tenant(actor.companyId, async (tx) => {
        const month = monthOf(q.year, q.month);
        const settings = await readPayrunSettings(tx);
        const { rows } = await payrollEmployeesIn(tx, firstDay(month), lastDay(month), { ids: [employeeId] });
        if (!rows[0]) throw notFound('Employee in this month');
        const days = await payableDaysOf(tx, actor.companyId, month, rows, settings);
        return days.get(employeeId)!;
      }),

    create: (actor: Actor, body: PayRunCreateBody): Promise<PayRun> =>
      db.tenant(actor.companyId, async (tx) => {
        const id = await createRun(tx, actor.companyId, actor.userId, body, clock.now());
        await audit.record(tx, {
          actor,
          action: 'payrun.created',
          entity: 'pay_run',
          entity_id: id,
          changes: { month: monthOf(body.year, body.month), pay_date: body.pay_date },
        });
        return runView(tx, id, await readPayrunSettings(tx), actor.userId);
      }),

    list: (actor: Actor, q: PayRunListQuery) =>
      db.tenant(actor.companyId, async (tx) => listRuns(tx, q, await readPayrunSettings(tx), actor.userId)),

    get: (actor: Actor, id: string): Promise<PayRun> =>
      db.tenant(actor.companyId, async (tx) => runView(tx, id, await readPayrunSettings(tx), actor.userId)),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.tenant(actor.companyId, async (tx) => {
        const run = await deleteRun(tx, id);
        await audit.record(tx, {
          actor,
          action: 'payrun.deleted',
          entity: 'pay_run',
          entity_id: id,
          changes: { month: run.month, status: run.status },
        });
      }),
  };
}
export type PayrunService = ReturnType<typeof createPayrunService>;
