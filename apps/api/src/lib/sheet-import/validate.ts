import type { z } from 'zod';
import type { RawRow, SheetSpec } from './read';

/** A row error: the row as the spreadsheet numbers it, the column's key, the reason in words. */
export type RowError = { row: number; column: string; message: string };

/** A row checked against the contract's row schema: each field's value, undefined where it failed. */
export type CheckedRow<T> = { row: number; raw: Record<string, string>; value: Partial<T>; ok: boolean };

/**
 * Row validation against a contract schema (an object of one schema per column, each reading the
 * cell's text). A row is parsed whole (one call: the cheap path that most rows of a good sheet take,
 * cross-column rules included); a row that fails is parsed cell by cell, so each bad cell gets its
 * own error and the row's other values still show in a preview. Cross-column rules run only when
 * every cell is good. Issues become row errors on the column the issue names: the schema's
 * messages are words, and a schema path never reaches anyone.
 */
export function checkRows<S extends z.ZodObject>(
  rows: RawRow[],
  schema: S,
): { rows: CheckedRow<z.output<S>>[]; errors: RowError[] } {
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const errors: RowError[] = [];
  const out: CheckedRow<z.output<S>>[] = [];
  for (const r of rows) {
    const cells: Record<string, string> = {};
    for (const key of keys) cells[key] = r.values[key] ?? '';
    const whole = schema.safeParse(cells);
    if (whole.success) {
      out.push({ row: r.row, raw: r.values, value: whole.data as Partial<z.output<S>>, ok: true });
      continue;
    }
    const value: Record<string, unknown> = {};
    let cellFailed = false;
    for (const key of keys) {
      const res = shape[key]!.safeParse(cells[key]);
      if (res.success) value[key] = res.data;
      else {
        cellFailed = true;
        errors.push({
          row: r.row,
          column: key,
          message: res.error.issues[0]?.message ?? 'not a valid value',
        });
      }
    }
    if (!cellFailed) {
      for (const issue of whole.error.issues) {
        errors.push({ row: r.row, column: String(issue.path[0] ?? ''), message: issue.message });
      }
    }
    out.push({ row: r.row, raw: r.values, value: value as Partial<z.output<S>>, ok: false });
  }
  return { rows: out, errors };
}

/** Collects row errors (a module's own checks: unknown codes, duplicates, limits) beside the schema's. */
export function rowErrors(initial: RowError[] = []) {
  const list = [...initial];
  const bad = new Set(list.map((e) => e.row));
  return {
    list,
    bad,
    fail(row: number, column: string, message: string) {
      list.push({ row, column, message });
      bad.add(row);
    },
    /** Errors by row, then in the sheet's column order. */
    sorted(spec: SheetSpec): RowError[] {
      const order = new Map(spec.columns.map((c, i) => [c.key, i]));
      return [...list].sort(
        (a, b) => a.row - b.row || (order.get(a.column) ?? 99) - (order.get(b.column) ?? 99),
      );
    },
  };
}

/** "Row 7, LOP days: more than the 20 days Priya Sharma was employed in Nov 2026". */
export function inWords(spec: SheetSpec, e: RowError): string {
  const header = spec.columns.find((c) => c.key === e.column)?.header ?? e.column;
  return header ? `Row ${e.row}, ${header}: ${e.message}` : `Row ${e.row}: ${e.message}`;
}
