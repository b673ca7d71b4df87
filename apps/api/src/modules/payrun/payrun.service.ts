import type {
  AnomalyAckBody,
  MyPayslipSummary,
  PayableDaysDetail,
  PayableDaysQuery,
  PayableDaysRow,
  PayRun,
  PayRunAutomaticItems,
  PayRunCreateBody,
  PayRunFileInfo,
  PayRunFileKind,
  PayRunListQuery,
  PayRunReview,
  PayRunReviewQuery,
  PayRunSettings,
  PayRunSettingsBody,
} from '@hr/contract';
import { PAY_RUN_FILE_KINDS, PAY_RUN_FILE_LABELS } from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { FieldCrypto } from '../../lib/field-crypto';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import { payrollEmployeesIn } from '../employees';
import type { JobRunner } from '../jobs';
import { automaticItemsNow, prepareRun } from './compute';
import { confirmRun } from './confirm';
import { type GeneratedFile, generateRunFile } from './files';
import { loadFileInput } from './files-load';
import type { RunTotals } from './finish';
import { startCompute } from './jobs';
import { firstDay, lastDay, monthLabel, monthOf } from './month';
import { payableDaysOf } from './payable-days';
import { payslipRow, payslipView } from './payslip-view';
import { reviewOf } from './review';
import { backToDraft, lockRun } from './run-state';
import { createRun, deleteRun, listRuns, runView } from './runs';
import { readPayrunSettings, writePayrunSettings } from './settings';
import { createSheetsService } from './sheets/service';

export type PayrunDeps = {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** The job runner computes runs; null or not started: computed in this process's background. */
  jobs?: JobRunner | null;
  log: { error(obj: object, msg: string): void };
  /** Decrypts PAN and bank account numbers for the files. */
  crypto: FieldCrypto;
};

/** Settings, payable days and the runs themselves (create, list, view, delete). */
export function createPayrunService(deps: PayrunDeps) {
  const { db, clock, audit } = deps;

  const viewOf = async (actor: Actor, id: string) =>
    db.tenant(actor.companyId, async (tx) => runView(tx, id, await readPayrunSettings(tx), actor.userId));

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

    /**
     * Computes the run: a computed run is computed afresh (its payslips dropped), the attendance
     * must be confirmed; the work runs on the job runner, and the run's view shows its progress.
     */
    compute: async (actor: Actor, id: string): Promise<PayRun> => {
      const employees = await db.tenant(actor.companyId, async (tx) => {
        const run = await lockRun(tx, id);
        if (run.status === 'confirmed')
          throw new AppError('CONFLICT', 'This pay run is confirmed and cannot be computed again');
        if (run.status === 'computing')
          throw new AppError('CONFLICT', 'The pay run is already being computed');
        if (run.attendance_status !== 'confirmed') {
          throw new AppError('CONFLICT', 'Confirm the attendance of the month before computing');
        }
        if (run.status === 'computed') await backToDraft(tx, id);
        const n = await prepareRun(tx, actor.companyId, id, run.month, actor.userId);
        await audit.record(tx, {
          actor,
          action: 'payrun.computed',
          entity: 'pay_run',
          entity_id: id,
          changes: { month: run.month, employees: n },
        });
        return n;
      });
      await startCompute(deps.jobs ?? null, db, deps.log, actor.companyId, id, employees);
      return viewOf(actor, id);
    },

    review: (actor: Actor, id: string, q: PayRunReviewQuery): Promise<PayRunReview> =>
      db.tenant(actor.companyId, async (tx) => {
        const run = await runView(tx, id, await readPayrunSettings(tx), actor.userId);
        const { rows } = await tx.query<{ totals: RunTotals | null }>(
          'SELECT totals FROM pay_runs WHERE id = $1',
          [id],
        );
        return reviewOf(tx, run, rows[0]?.totals ?? null, q);
      }),

    /**
     * The lines computing the run adds by itself, each named and explained: worked out as things
     * stand now while the run is a draft, the ones it took once computed.
     */
    automaticItems: (actor: Actor, id: string): Promise<PayRunAutomaticItems> =>
      db.tenant(actor.companyId, async (tx) => {
        const { rows } = await tx.query<{ month: string; status: string }>(
          `SELECT to_char(month, 'YYYY-MM') AS month, status FROM pay_runs WHERE id = $1`,
          [id],
        );
        const run = rows[0];
        if (!run) throw new AppError('NOT_FOUND', 'Pay run not found');
        if (run.status === 'draft') {
          const items = await automaticItemsNow(tx, actor.companyId, id, run.month);
          return {
            taken: false,
            items: items.map((i) => ({
              employee_id: i.employee_id,
              employee_code: i.employee_code,
              employee_name: i.employee_name,
              source: i.source,
              kind: i.kind,
              label: i.label,
              amount_paise: i.amount_paise,
              explain: i.explain,
            })),
          };
        }
        const { rows: taken } = await tx.query<PayRunAutomaticItems['items'][number]>(
          `SELECT i.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
                  i.source, i.kind, i.label, i.amount_paise::float8 AS amount_paise, i.explain
             FROM pay_run_items i JOIN employees e ON e.id = i.employee_id
            WHERE i.run_id = $1 AND i.source <> 'sheet'
            ORDER BY e.employee_code, i.source, i.code`,
          [id],
        );
        return { taken: true, items: taken };
      }),

    /** One employee's payslip of the run, every line explained, with last month's figure beside it. */
    payslip: (actor: Actor, id: string, employeeId: string) =>
      db.tenant(actor.companyId, async (tx) =>
        payslipView(tx, await payslipRow(tx, { runId: id, employeeId }), { previous: true }),
      ),

    acknowledge: (actor: Actor, id: string, body: AnomalyAckBody): Promise<PayRun> =>
      db.tenant(actor.companyId, async (tx) => {
        const run = await lockRun(tx, id);
        if (run.status !== 'computed') {
          throw new AppError(
            'CONFLICT',
            'Anomalies are acknowledged on a computed run that is not confirmed',
          );
        }
        const { rows } = await tx.query<{ id: string }>(
          `UPDATE pay_run_anomalies SET acknowledged_at = now(), acknowledged_by = $3, reason = $4
            WHERE run_id = $1 AND id = ANY($2::uuid[]) AND acknowledged_at IS NULL RETURNING id`,
          [id, body.ids, actor.userId, body.reason],
        );
        const { rows: known } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pay_run_anomalies WHERE run_id = $1 AND id = ANY($2::uuid[])',
          [id, body.ids],
        );
        if (known[0]!.n < new Set(body.ids).size) throw notFound('Anomaly');
        await audit.record(tx, {
          actor,
          action: 'payrun.anomalies_acknowledged',
          entity: 'pay_run',
          entity_id: id,
          changes: { anomalies: rows.map((r) => r.id), reason: body.reason },
        });
        return runView(tx, id, await readPayrunSettings(tx), actor.userId);
      }),

    confirm: (actor: Actor, id: string): Promise<PayRun> =>
      db.tenant(actor.companyId, async (tx) => {
        const settings = await readPayrunSettings(tx);
        const done = await confirmRun(tx, {
          companyId: actor.companyId,
          runId: id,
          userId: actor.userId,
          settings,
          now: clock.now(),
        });
        await audit.record(tx, {
          actor,
          action: 'payrun.confirmed',
          entity: 'pay_run',
          entity_id: id,
          changes: { month: done.month, employees: done.employees, label: monthLabel(done.month) },
        });
        return runView(tx, id, settings, actor.userId);
      }),

    /** The files of a confirmed run, with the employees each one leaves out. */
    files: (actor: Actor, id: string): Promise<PayRunFileInfo[]> =>
      db.tenant(actor.companyId, async (tx) => {
        const input = await loadFileInput(tx, id, await readPayrunSettings(tx), deps.crypto);
        const out: PayRunFileInfo[] = [];
        for (const kind of PAY_RUN_FILE_KINDS) {
          const f = await generateRunFile(kind, input);
          out.push({ kind, label: PAY_RUN_FILE_LABELS[kind], file_name: f.file_name, left_out: f.left_out });
        }
        return out;
      }),

    /** One file of a confirmed run; who downloaded which file is audited (bank files carry account numbers). */
    file: (actor: Actor, id: string, kind: PayRunFileKind): Promise<GeneratedFile> =>
      db.tenant(actor.companyId, async (tx) => {
        const input = await loadFileInput(tx, id, await readPayrunSettings(tx), deps.crypto);
        const file = await generateRunFile(kind, input);
        await audit.record(tx, {
          actor,
          action: 'payrun.file_downloaded',
          entity: 'pay_run',
          entity_id: id,
          changes: { kind, file_name: file.file_name, rows: input.slips.length },
        });
        return file;
      }),

    /** The signed-in employee's own payslips (confirmed runs only), newest first. */
    myPayslips: (
      actor: Actor,
      q: { page: number; records: number; year?: number | undefined },
    ): Promise<{ rows: MyPayslipSummary[]; total: number }> =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const params: unknown[] = [actor.employeeId];
        let where = 'p.employee_id = $1 AND p.confirmed AND p.status = $2';
        params.push('computed');
        if (q.year) where += ` AND extract(year FROM p.month) = $${params.push(q.year)}`;
        const { rows } = await tx.query<MyPayslipSummary>(
          `SELECT p.id, to_char(p.month, 'YYYY-MM') AS month, to_char(r.pay_date, 'YYYY-MM-DD') AS pay_date,
                  p.gross_paise::float8 AS gross_paise, p.deductions_paise::float8 AS deductions_paise,
                  p.net_paise::float8 AS net_paise,
                  EXISTS (SELECT 1 FROM payslip_files f WHERE f.payslip_id = p.id) AS has_pdf
             FROM payslips p JOIN pay_runs r ON r.id = p.run_id
            WHERE ${where} ORDER BY p.month DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.records, (q.page - 1) * q.records],
        );
        const count = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payslips p WHERE ${where}`,
          params,
        );
        return { rows, total: count.rows[0]!.n };
      }),

    /** One of the signed-in employee's own confirmed payslips, every line explained; 404 for anyone else's. */
    myPayslip: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Payslip');
        const row = await payslipRow(tx, { id, employeeId: actor.employeeId, confirmedOnly: true });
        return payslipView(tx, row, { previous: true });
      }),

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
