import type { FieldError } from '@hr/contract';
import { AppError } from './errors';

/**
 * What PostgreSQL reports about a refused statement. Both drivers give the same fields: `pg`'s
 * DatabaseError and PGlite's error (PostgreSQL compiled to WASM, so the same messages) carry
 * `code` (SQLSTATE), `severity`, `detail`, `table`, `column`, `constraint`.
 *
 * They differ in one place that matters: a delete blocked by an `ON DELETE RESTRICT` foreign key
 * is 23001 restrict_violation ("is referenced from table") on PGlite (PostgreSQL 17) and 23503
 * foreign_key_violation ("is still referenced from table") on the PostgreSQL 15 server; a plain
 * (NO ACTION) foreign key gives 23503 on both. So "in use" is read from either code.
 */
export type PgError = {
  code: string;
  severity: string;
  message: string;
  detail?: string;
  table?: string;
  column?: string;
  constraint?: string;
};

/** The error as PostgreSQL reported it, or null for anything else (a Node errno like EPIPE has no severity). */
export function pgErrorOf(err: unknown): PgError | null {
  const e = err as Partial<PgError> | null;
  if (!e || typeof e !== 'object') return null;
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return null;
  if (typeof e.severity !== 'string' || typeof e.message !== 'string') return null;
  return e as PgError;
}

export const isUniqueViolation = (err: unknown) => pgErrorOf(err)?.code === '23505';

/** A foreign key refused the statement: 23503, or 23001 for RESTRICT on PGlite (see PgError). */
export const isForeignKeyViolation = (err: unknown) => {
  const code = pgErrorOf(err)?.code;
  return code === '23503' || code === '23001';
};

/** The row could not be deleted (or its key changed) because another table still refers to it. */
function referencingTable(e: PgError): string | null {
  if (e.code !== '23503' && e.code !== '23001') return null;
  const m = /is (?:still )?referenced from table "([^"]+)"/.exec(e.detail ?? '');
  if (m) return m[1]!;
  // 23001 is only ever raised for a referenced row; the detail is the usual place, `table` the fallback.
  return e.code === '23001' ? (e.table ?? 'another record') : null;
}

/** `approval_flow_levels` -> "approval flow levels". */
const words = (identifier: string) => identifier.replace(/_/g, ' ').trim();

/** The columns of a key as PostgreSQL's detail writes it: `Key (company_id, lower(name))=(...)`. */
function keyColumns(detail: string | undefined): string[] {
  const m = /^Key \((.+?)\)=\(/.exec(detail ?? '');
  if (!m) return [];
  return m[1]!
    .split(',')
    .map((c) => c.trim().replace(/^\w+\((\w+)\)$/, '$1'))
    .filter((c) => /^\w+$/.test(c) && c !== 'company_id');
}

/** The column a check constraint is about when it is named the default way (`<table>_<column>_check`). */
function checkedColumn(e: PgError): string {
  const name = e.constraint ?? '';
  const prefix = e.table ? `${e.table}_` : '';
  const column = name.startsWith(prefix) ? name.slice(prefix.length).replace(/_check\d*$/, '') : '';
  return /^[a-z]\w*$/.test(column) && !/^check\d*$/.test(column) ? column : '(root)';
}

/** What a class 22 (data exception) says, in words; PostgreSQL's own text names the offending value. */
function dataExceptionMessage(e: PgError): string {
  switch (e.code) {
    case '22007':
    case '22008':
      return `A date or time is not valid (${e.message})`;
    case '22003':
      return `A number is out of range (${e.message})`;
    case '22P02':
      return `A value is not in the expected form (${e.message})`;
    case '22001':
      return `A text is longer than allowed (${e.message})`;
    case '22021':
    case '22P05':
      return 'A text contains a character that cannot be stored (such as a NUL)';
    default:
      return `A value is not valid (${e.message})`;
  }
}

const failed = (errors: FieldError[]) =>
  `Validation failed: ${[...new Set(errors.map((x) => x.path))].join(', ')}`;

/**
 * A database refusal that is about the request's data, as the answer the client should get: a
 * data exception (class 22: a bad date, a number out of range, text that is not a number or uuid,
 * text too long) or a not-null/check violation is a 400; a duplicate is a 409; a row still referenced
 * elsewhere cannot be deleted (409 "still in use by ..."); a reference to a row that does not
 * exist is a 400 naming the column. Null for every other error (they stay 500s, and are logged).
 * Services that know better (a friendlier message, the field's name) catch these themselves first.
 */
export function appErrorFromPg(err: unknown): AppError | null {
  const e = pgErrorOf(err);
  if (!e) return null;
  if (e.code.startsWith('22')) {
    const errors = [{ path: '(root)', message: dataExceptionMessage(e) }];
    return new AppError('VALIDATION', dataExceptionMessage(e), { errors });
  }
  const usedBy = referencingTable(e);
  if (usedBy) {
    return new AppError(
      'CONFLICT',
      `This record is still in use by ${words(usedBy)}: change or remove those first`,
    );
  }
  switch (e.code) {
    case '23503': {
      // An insert or update naming a row that does not exist (or not in this company).
      const errors = keyColumns(e.detail).map((path) => ({
        path,
        message: 'Refers to a record that does not exist',
      }));
      const list = errors.length
        ? errors
        : [{ path: '(root)', message: 'Refers to a record that does not exist' }];
      return new AppError('VALIDATION', failed(list), { errors: list });
    }
    case '23505': {
      const columns = keyColumns(e.detail);
      const errors = columns.map((path) => ({ path, message: 'Already in use' }));
      const what = columns.length ? `this ${columns.map(words).join(' and ')}` : 'these details';
      return new AppError(
        'CONFLICT',
        `A record with ${what} already exists`,
        errors.length ? { errors } : undefined,
      );
    }
    case '23502': {
      const errors = [{ path: e.column ?? '(root)', message: 'Required' }];
      return new AppError('VALIDATION', failed(errors), { errors });
    }
    case '23514': {
      const errors = [{ path: checkedColumn(e), message: 'Not an allowed value' }];
      return new AppError('VALIDATION', failed(errors), { errors });
    }
    default:
      return null;
  }
}
