import type { PayRun } from '@hr/contract';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import {
  buildSheetTemplate,
  contentHash,
  currentImport,
  importById,
  markCommitted,
  markRemoved,
  type RawRow,
  readSheetFile,
  type SheetImport,
  type SheetSpec,
  saveImport,
} from '../../../lib/sheet-import';
import type { Actor } from '../../../plugins/auth';
import type { AuditService } from '../../audit';
import { payrollEmployeesIn } from '../../employees';
import { monthLabel } from '../month';
import { payableDaysOf } from '../payable-days';
import { lockRun, openRunForChange, type RunRow, readRun } from '../run-state';
import { runView } from '../runs';
import { readPayrunSettings } from '../settings';
import {
  ATTENDANCE_SPEC,
  attendanceSheet,
  checkAttendance,
  clearAttendance,
  takeAttendance,
} from './attendance';
import { monthPeriod, rowsRefused, sheetErrors } from './common';
import { onetimeSheet } from './onetime';
import {
  applyYtd,
  checkYtd,
  fyPeriod,
  listYtd,
  OPENING_YTD_SPEC,
  openYearForChange,
  ytdTemplate,
} from './opening-ytd';
import type { RunSheet, SheetCheck } from './run-sheet';
import { tdsSheet } from './tds';

/** What an upload or preview carries: the file itself, or the id of its stored preview. */
export type SheetInput = { file: { name: string; data: Buffer } } | { importId: string };

export const RUN_SHEETS = { attendance: attendanceSheet, onetime: onetimeSheet, tds: tdsSheet } as const;
export type RunSheetName = keyof typeof RUN_SHEETS;

const OPENING_YTD = 'opening_ytd';

/** The rows of an input: read (and guarded) from the file outside any transaction, or stored. */
async function readInput(input: SheetInput, spec: SheetSpec): Promise<RawRow[] | null> {
  return 'file' in input ? readSheetFile(input.file, spec) : null;
}
async function rowsOf(
  tx: Queryable,
  input: SheetInput,
  read: RawRow[] | null,
  kind: string,
  scope: string,
): Promise<{ rows: RawRow[]; fileName: string; stored: SheetImport | null }> {
  if ('file' in input) return { rows: read!, fileName: input.file.name || 'sheet', stored: null };
  const stored = await importById(tx, input.importId, kind, scope);
  return { rows: stored.rows, fileName: stored.file_name, stored };
}

function previewOf<P>(
  spec: SheetSpec,
  imp: SheetImport,
  checked: SheetCheck<P, unknown>,
  current: SheetImport | null,
) {
  return {
    import_id: imp.id,
    file_name: imp.file_name,
    rows_total: imp.rows_total,
    rows_valid: imp.rows_total - new Set(checked.errors.map((e) => e.row)).size,
    errors: sheetErrors(spec, checked.errors),
    rows: checked.previews,
    notes: checked.notes,
    already_uploaded: current?.content_hash === imp.content_hash,
  };
}

/**
 * The run locked for the caller's transaction; a confirmed run or one being computed refuses (409,
 * openRunForChange's words) before anything is read. The run goes back to draft only when
 * something does change (openRunForChange again, then).
 */
async function lockForChange(tx: Queryable, runId: string): Promise<RunRow> {
  const run = await lockRun(tx, runId);
  if (run.status === 'confirmed' || run.status === 'computing') await openRunForChange(tx, runId);
  return run;
}

/**
 * The pay run's sheets on the sheet-import seam: attendance, one-time payouts and TDS of a run, and
 * the opening year-to-date figures of a financial year. Every change is one transaction that
 * starts with the run's lock (openRunForChange), so a bad row stores nothing, two uploads at once
 * queue, and the same content uploaded again finds itself current and changes nothing.
 */
export function createSheetsService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  const view = async (tx: Queryable, actor: Actor, runId: string): Promise<PayRun> =>
    runView(tx, runId, await readPayrunSettings(tx), actor.userId);

  return {
    async template(name: RunSheetName, actor: Actor, runId: string) {
      const def = RUN_SHEETS[name] as RunSheet<unknown, unknown>;
      const { t, month } = await db.tenant(actor.companyId, async (tx) => {
        const run = await readRun(tx, runId);
        const current = await currentImport(tx, def.kind, run.id);
        return { t: await def.template(tx, run, current?.rows ?? null), month: run.month };
      });
      return { body: await buildSheetTemplate(def.spec, t), fileName: `${name}-sheet-${month}.xlsx` };
    },

    async preview(name: RunSheetName, actor: Actor, runId: string, input: SheetInput) {
      const def = RUN_SHEETS[name] as RunSheet<unknown, unknown>;
      const read = await readInput(input, def.spec);
      return db.tenant(actor.companyId, async (tx) => {
        const run = await readRun(tx, runId);
        const { rows, fileName } = await rowsOf(tx, input, read, def.kind, run.id);
        const checked = await def.check(tx, run, rows, fileName);
        const imp = await saveImport(tx, {
          companyId: actor.companyId,
          userId: actor.userId,
          kind: def.kind,
          scope: run.id,
          runId: run.id,
          hash: contentHash(def.spec, rows),
          fileName,
          rows,
          rowsValid: rows.length - new Set(checked.errors.map((e) => e.row)).size,
          errors: checked.errors,
        });
        return previewOf(def.spec, imp, checked, await currentImport(tx, def.kind, run.id));
      });
    },

    /** Makes the sheet the run's; `changed` is false when this content already was. */
    async upload(
      name: RunSheetName,
      actor: Actor,
      runId: string,
      input: SheetInput,
    ): Promise<{ run: PayRun; changed: boolean; rows: number }> {
      const def = RUN_SHEETS[name] as RunSheet<unknown, unknown>;
      const read = await readInput(input, def.spec);
      return db.tenant(actor.companyId, async (tx) => {
        const locked = await lockForChange(tx, runId);
        const { rows, fileName } = await rowsOf(tx, input, read, def.kind, locked.id);
        const hash = contentHash(def.spec, rows);
        const current = await currentImport(tx, def.kind, locked.id);
        if (current?.content_hash === hash)
          return { run: await view(tx, actor, runId), changed: false, rows: rows.length };
        const checked = await def.check(tx, locked, rows, fileName);
        if (checked.errors.length > 0) throw rowsRefused(def.spec, checked.errors, def.what);
        const run = await openRunForChange(tx, runId);
        const imp = await saveImport(tx, {
          companyId: actor.companyId,
          userId: actor.userId,
          kind: def.kind,
          scope: run.id,
          runId: run.id,
          hash,
          fileName,
          rows,
          rowsValid: rows.length,
          errors: [],
        });
        await markCommitted(tx, imp, actor.userId);
        await def.apply(tx, run, checked.clean, imp.id);
        await audit.record(tx, {
          actor,
          action: 'payrun.sheet_uploaded',
          entity: 'pay_run',
          entity_id: run.id,
          changes: { sheet: name, file: fileName, rows: rows.length, import_id: imp.id },
        });
        return { run: await view(tx, actor, runId), changed: true, rows: rows.length };
      });
    },

    async remove(name: RunSheetName, actor: Actor, runId: string): Promise<PayRun> {
      const def = RUN_SHEETS[name] as RunSheet<unknown, unknown>;
      return db.tenant(actor.companyId, async (tx) => {
        const locked = await lockForChange(tx, runId);
        const current = await currentImport(tx, def.kind, locked.id);
        if (!current) {
          throw new AppError(
            'NOT_FOUND',
            `The ${monthLabel(locked.month)} pay run has no ${def.what.slice(4)}`,
          );
        }
        const run = await openRunForChange(tx, runId);
        await markRemoved(tx, def.kind, run.id, actor.userId);
        await def.clear(tx, run);
        await audit.record(tx, {
          actor,
          action: 'payrun.sheet_removed',
          entity: 'pay_run',
          entity_id: run.id,
          changes: { sheet: name, file: current.file_name, import_id: current.id },
        });
        return view(tx, actor, runId);
      });
    },

    /**
     * Takes the run's attendance (one row per employee of the month: the sheet's figures where it
     * has the employee, the system's otherwise). The sheet is checked again against the month as it
     * is now (an exit date entered since would make its LOP too many days). Confirming confirmed
     * attendance changes nothing: remove it first to take it again.
     */
    async confirmAttendance(actor: Actor, runId: string): Promise<{ run: PayRun; changed: boolean }> {
      return db.tenant(actor.companyId, async (tx) => {
        const locked = await lockForChange(tx, runId);
        if (locked.attendance_status === 'confirmed')
          return { run: await view(tx, actor, runId), changed: false };
        const run = await openRunForChange(tx, runId);
        const settings = await readPayrunSettings(tx);
        const period = monthPeriod(run.month);
        const { rows: employees } = await payrollEmployeesIn(tx, period.from, period.to);
        const system = await payableDaysOf(tx, run.company_id, run.month, employees, settings);
        const sheet = await currentImport(tx, attendanceSheet.kind, run.id);
        let lines: Awaited<ReturnType<typeof checkAttendance>>['clean'] = [];
        if (sheet) {
          const checked = await checkAttendance(tx, run, sheet.rows, { settings, system, employees });
          if (checked.errors.length > 0) {
            throw rowsRefused(
              ATTENDANCE_SPEC,
              checked.errors,
              'the attendance',
              (rows) =>
                `The attendance sheet ${sheet.file_name} no longer fits ${period.label} (${rows} with errors): upload a corrected sheet or remove it, then confirm`,
            );
          }
          lines = checked.clean;
        }
        const counts = await takeAttendance(tx, run, employees, system, lines);
        await audit.record(tx, {
          actor,
          action: 'payrun.attendance_confirmed',
          entity: 'pay_run',
          entity_id: run.id,
          changes: {
            from_sheet: counts.fromSheet,
            from_system: counts.fromSystem,
            import_id: sheet?.id ?? null,
          },
        });
        return { run: await view(tx, actor, runId), changed: true };
      });
    },

    /** Attendance back to pending (the sheet stays); nothing to do when it is pending. */
    async removeAttendance(actor: Actor, runId: string): Promise<PayRun> {
      return db.tenant(actor.companyId, async (tx) => {
        const locked = await lockForChange(tx, runId);
        if (locked.attendance_status === 'pending') return view(tx, actor, runId);
        const run = await openRunForChange(tx, runId);
        await clearAttendance(tx, run.id);
        await audit.record(tx, {
          actor,
          action: 'payrun.attendance_removed',
          entity: 'pay_run',
          entity_id: run.id,
          changes: {},
        });
        return view(tx, actor, runId);
      });
    },

    // ---- Opening year-to-date (per financial year) ----

    async ytdTemplate(actor: Actor, fy: string) {
      const t = await db.tenant(actor.companyId, (tx) => ytdTemplate(tx, fy));
      return { body: await buildSheetTemplate(OPENING_YTD_SPEC, t), fileName: `opening-ytd-${fy}.xlsx` };
    },

    async ytdPreview(actor: Actor, fy: string, input: SheetInput) {
      const read = await readInput(input, OPENING_YTD_SPEC);
      return db.tenant(actor.companyId, async (tx) => {
        const { rows, fileName } = await rowsOf(tx, input, read, OPENING_YTD, fy);
        const checked = await checkYtd(tx, fy, rows);
        const imp = await saveImport(tx, {
          companyId: actor.companyId,
          userId: actor.userId,
          kind: OPENING_YTD,
          scope: fy,
          hash: contentHash(OPENING_YTD_SPEC, rows),
          fileName,
          rows,
          rowsValid: rows.length - new Set(checked.errors.map((e) => e.row)).size,
          errors: checked.errors,
        });
        return previewOf(OPENING_YTD_SPEC, imp, checked, await currentImport(tx, OPENING_YTD, fy));
      });
    },

    async ytdUpload(actor: Actor, fy: string, input: SheetInput) {
      const read = await readInput(input, OPENING_YTD_SPEC);
      return db.tenant(actor.companyId, async (tx) => {
        const open = await openYearForChange(tx, actor.companyId, fy);
        const { rows, fileName } = await rowsOf(tx, input, read, OPENING_YTD, fy);
        const hash = contentHash(OPENING_YTD_SPEC, rows);
        const current = await currentImport(tx, OPENING_YTD, fy);
        if (current?.content_hash === hash) {
          return { financial_year: fy, import_id: current.id, employees: current.rows_valid, changed: false };
        }
        const checked = await checkYtd(tx, fy, rows);
        if (checked.errors.length > 0)
          throw rowsRefused(OPENING_YTD_SPEC, checked.errors, 'the opening year-to-date sheet');
        for (const id of open) await openRunForChange(tx, id);
        const imp = await saveImport(tx, {
          companyId: actor.companyId,
          userId: actor.userId,
          kind: OPENING_YTD,
          scope: fy,
          hash,
          fileName,
          rows,
          rowsValid: rows.length,
          errors: [],
        });
        await markCommitted(tx, imp, actor.userId);
        await applyYtd(tx, actor.companyId, fy, checked.clean, imp.id);
        await audit.record(tx, {
          actor,
          action: 'payrun.opening_ytd_uploaded',
          entity: 'payroll_opening_ytd',
          entity_id: null,
          changes: { financial_year: fy, file: fileName, employees: checked.clean.length, import_id: imp.id },
        });
        return { financial_year: fy, import_id: imp.id, employees: checked.clean.length, changed: true };
      });
    },

    ytdList: (actor: Actor, q: { financial_year: string; page: number; records: number; search?: string }) =>
      db.tenant(actor.companyId, (tx) => listYtd(tx, q.financial_year, q)),

    async ytdRemove(actor: Actor, fy: string): Promise<number> {
      return db.tenant(actor.companyId, async (tx) => {
        const open = await openYearForChange(tx, actor.companyId, fy);
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM payroll_opening_ytd WHERE financial_year = $1',
          [fy],
        );
        const n = rows[0]!.n;
        if (n === 0 && !(await currentImport(tx, OPENING_YTD, fy))) {
          throw new AppError(
            'NOT_FOUND',
            `There are no opening year-to-date figures for ${fyPeriod(fy).label}`,
          );
        }
        for (const id of open) await openRunForChange(tx, id);
        await markRemoved(tx, OPENING_YTD, fy, actor.userId);
        await applyYtd(tx, actor.companyId, fy, [], null);
        await audit.record(tx, {
          actor,
          action: 'payrun.opening_ytd_removed',
          entity: 'payroll_opening_ytd',
          entity_id: null,
          changes: { financial_year: fy, employees: n },
        });
        return n;
      });
    },
  };
}
export type SheetsService = ReturnType<typeof createSheetsService>;
