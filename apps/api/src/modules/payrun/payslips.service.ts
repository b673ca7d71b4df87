import type { PayRun } from '@hr/contract';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import type { JobRunner } from '../jobs';
import { monthLabel } from './month';
import { type PayslipGenDeps, startPayslips } from './payslips-generate';
import { lockRun, readRun } from './run-state';
import { runView } from './runs';
import { readPayrunSettings } from './settings';

/** How a protected payslip opens, in words for the administrator (ADR 0018, password.ts). */
export const PASSWORD_RULE_WORDS =
  "Each PDF opens with the employee's password: the first four letters of their PAN in capitals followed by their year of birth (for example ABCD1990); without a PAN on record, their employee code in capitals followed by their year of birth; without a date of birth, their employee code in capitals.";

export type PayslipsDeps = PayslipGenDeps & { audit: AuditService; jobs: JobRunner | null };

export type PayslipFile = { body: Buffer; file_name: string };

export function createPayslipsService(deps: PayslipsDeps) {
  const { db, audit, store } = deps;

  const keyOf = async (companyId: string, payslipId: string) =>
    (
      await db.tenant(companyId, (tx) =>
        tx.query<{ file_key: string }>('SELECT file_key FROM payslip_files WHERE payslip_id = $1', [
          payslipId,
        ]),
      )
    ).rows[0]?.file_key ?? null;

  /**
   * The stored PDF of a payslip: 409 in words when it is not generated yet, 404 in words when its
   * file is gone from the store (the data folder lost or a file deleted), which only generating the
   * payslips again mends. `whoMends` ends that sentence for the caller.
   */
  async function fileOf(
    companyId: string,
    payslipId: string,
    month: string,
    whoMends: string,
  ): Promise<PayslipFile> {
    const key = await keyOf(companyId, payslipId);
    if (!key) {
      throw new AppError(
        'CONFLICT',
        `The payslip PDF for ${monthLabel(month)} has not been generated yet: payroll generates the PDFs after confirming the pay run`,
      );
    }
    let body = await store.get(key);
    // A payslip generated again moves to its new file and its old one is removed: read the row again
    // in case that happened between reading its key and reading the file.
    if (!body) {
      const now = await keyOf(companyId, payslipId);
      if (now && now !== key) body = await store.get(now);
    }
    if (!body) {
      // Ids only: the file's owner and their pay stay out of the log.
      deps.log?.warn?.({ companyId, payslipId, fileKey: key }, 'payslip PDF missing from the file store');
      throw new AppError('NOT_FOUND', `The payslip PDF for ${monthLabel(month)} is missing: ${whoMends}`);
    }
    return { body, file_name: `payslip-${month}.pdf` };
  }

  return {
    /**
     * Starts generating the payslip PDFs of a confirmed run and answers at once with its progress.
     * `started` is false when they were all made already (nothing is made again). `regenerate` makes
     * every payslip's PDF again with today's settings; refused while a generation is going on, so
     * that two requests never start two (the run's row lock orders them).
     */
    generate: async (
      actor: Actor,
      runId: string,
      opts: { regenerate?: boolean } = {},
    ): Promise<{ run: PayRun; message: string; started: boolean }> => {
      const regenerate = opts.regenerate === true;
      const r = await db.tenant(actor.companyId, async (tx) => {
        const run = await lockRun(tx, runId);
        if (run.status !== 'confirmed') {
          throw new AppError(
            'CONFLICT',
            `Payslips are generated from a confirmed pay run: confirm the ${monthLabel(run.month)} run first`,
          );
        }
        if (regenerate && run.payslips_status === 'generating') {
          throw new AppError(
            'CONFLICT',
            `The payslips of ${monthLabel(run.month)} are being generated now: wait until they are done, then generate them again if you still need to`,
          );
        }
        const settings = await readPayrunSettings(tx);
        // Every file outdated: each stays downloadable until its new file replaces it.
        if (regenerate) await tx.query('UPDATE payslip_files SET outdated = true WHERE run_id = $1', [runId]);
        const { rows } = await tx.query<{ total: number; done: number }>(
          `SELECT count(*)::int AS total, count(f.payslip_id)::int AS done
             FROM payslips p LEFT JOIN payslip_files f ON f.payslip_id = p.id AND NOT f.outdated
            WHERE p.run_id = $1 AND p.status = 'computed'`,
          [runId],
        );
        const { total, done } = rows[0]!;
        const left = total - done;
        if (left === 0) {
          // Mark it generated if a worker stopped just before doing so; nothing is made again.
          await tx.query(
            `UPDATE pay_runs SET payslips_status = 'generated', payslips_generated_at = coalesce(payslips_generated_at, now()),
               updated_at = now() WHERE id = $1 AND payslips_status <> 'generated'`,
            [runId],
          );
        } else {
          await tx.query(
            `UPDATE pay_runs SET payslips_status = 'generating', payslips_started_at = coalesce(payslips_started_at, now()),
               updated_at = now() WHERE id = $1`,
            [runId],
          );
          await audit.record(tx, {
            actor,
            action: 'payrun.payslips_generating',
            entity: 'pay_run',
            entity_id: runId,
            changes: {
              month: run.month,
              regenerate,
              payslips: left,
              password: settings.payslip_password,
              mail: settings.mail_payslips,
            },
          });
        }
        return { month: run.month, total, done, left, settings };
      });
      if (r.left > 0) await startPayslips(deps.jobs, deps, actor.companyId, runId, r.left);
      const run = await db.tenant(actor.companyId, async (tx) =>
        runView(tx, runId, await readPayrunSettings(tx), actor.userId),
      );
      const label = monthLabel(r.month);
      if (r.left === 0) {
        return {
          run,
          started: false,
          message: `The payslips of ${label} are already generated for all ${r.total} employees; nothing was made again (Generate again makes them with the current pay run settings)`,
        };
      }
      const parts = [
        regenerate
          ? `Generating the payslips of ${label} again for ${r.total} employees with the current pay run settings; each PDF made before stays available until its new one replaces it.`
          : r.done > 0
            ? `Generating the remaining ${r.left} of ${r.total} payslips of ${label}.`
            : `Generating the payslips of ${label} for ${r.total} employees.`,
        r.settings.payslip_password ? PASSWORD_RULE_WORDS : 'The PDFs are not password-protected.',
        r.settings.mail_payslips
          ? regenerate
            ? 'Employees not mailed about this payslip before get a mail with a link when it is ready; the others get no second mail.'
            : 'Each employee gets a mail with a link to their payslip when it is ready.'
          : 'No mail is sent (mailing payslips is off in the pay run settings).',
      ];
      return { run, started: true, message: parts.join(' ') };
    },

    /** An administrator's download of one employee's payslip of a run (audited: it shows pay). */
    adminPdf: async (actor: Actor, runId: string, employeeId: string): Promise<PayslipFile> => {
      const slip = await db.tenant(actor.companyId, async (tx) => {
        await readRun(tx, runId);
        const { rows } = await tx.query<{ id: string; month: string }>(
          `SELECT id, to_char(month, 'YYYY-MM') AS month FROM payslips
            WHERE run_id = $1 AND employee_id = $2 AND status = 'computed'`,
          [runId, employeeId],
        );
        if (!rows[0]) throw notFound('Payslip');
        await audit.record(tx, {
          actor,
          action: 'payrun.payslip_downloaded',
          entity: 'pay_run',
          entity_id: runId,
          changes: { employee_id: employeeId, month: rows[0].month },
        });
        return rows[0];
      });
      return fileOf(actor.companyId, slip.id, slip.month, 'generate the payslips again');
    },

    /** The signed-in employee's own confirmed payslip; anyone else's id is 404. */
    myPdf: async (actor: Actor, payslipId: string): Promise<PayslipFile> => {
      if (!actor.employeeId) throw notFound('Payslip');
      const { rows } = await db.tenant(actor.companyId, (tx) =>
        tx.query<{ id: string; month: string }>(
          `SELECT id, to_char(month, 'YYYY-MM') AS month FROM payslips
            WHERE id = $1 AND employee_id = $2 AND confirmed AND status = 'computed'`,
          [payslipId, actor.employeeId],
        ),
      );
      if (!rows[0]) throw notFound('Payslip');
      return fileOf(
        actor.companyId,
        rows[0].id,
        rows[0].month,
        'ask your administrator to generate the payslips again',
      );
    },
  };
}
export type PayslipsService = ReturnType<typeof createPayslipsService>;
