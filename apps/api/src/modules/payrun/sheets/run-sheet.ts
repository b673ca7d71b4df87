import type { Queryable } from '../../../db/client';
import type { RawRow, RowError, SheetSpec, TemplateSheet } from '../../../lib/sheet-import';
import type { RunRow } from '../run-state';

/** What checking a sheet's rows gives: the preview rows, the rows to store, the errors, notes in words. */
export type SheetCheck<P, C> = { previews: P[]; clean: C[]; errors: RowError[]; notes: string[] };

/**
 * One of a pay run's sheets (attendance, one-time payouts, TDS) on the sheet-import seam: its
 * columns, its template, the check of its rows against the run's month, and how its rows are put in
 * force and taken away. The service (sheets/service.ts) does the rest the same way for each: the
 * guarded read, the stored preview, the run's lock and state, idempotence by content, the audit.
 */
export type RunSheet<P, C> = {
  /** sheet_imports.kind. */
  kind: 'payrun_attendance' | 'payrun_onetime' | 'payrun_tds';
  /** "attendance sheet" (in messages). */
  what: string;
  spec: SheetSpec;
  template(
    tx: Queryable,
    run: RunRow,
    current: RawRow[] | null,
  ): Promise<{ rows: Record<string, string | number | null>[]; sheets?: TemplateSheet[]; notes: string[] }>;
  check(tx: Queryable, run: RunRow, rows: RawRow[], fileName: string): Promise<SheetCheck<P, C>>;
  /** Puts the rows in force for the run (the previous sheet's rows go), after openRunForChange. */
  apply(tx: Queryable, run: RunRow, clean: C[], importId: string): Promise<void>;
  /** Takes the sheet's rows away (remove). */
  clear(tx: Queryable, run: RunRow): Promise<void>;
};
