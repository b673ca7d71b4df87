import { FIELD_FORMATS, fieldWords, groupedNumber, isUnplainMessage, plainIssueMessage } from '@hr/contract';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { fieldLabel } from './labels';

/**
 * Validation messages in plain words. The contract's zod schemas decide what is valid; this maps
 * their issues to what a person can act on ("Enter a valid PAN, e.g. ABCDE1234F"), instead of the
 * validator's text ("Too big: expected string to have <=80 characters").
 */

const FORMATS = FIELD_FORMATS;

const isDateField = (field: string) => /(^|_)(date|on|end|start)$|date_of_|_date/.test(field);

type Issue = z.core.$ZodIssue;

/** One zod issue in plain words, for the field it is about (the last key of its path). */
export function plainMessage(issue: Issue): string {
  const field = String(issue.path[issue.path.length - 1] ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? 'This field is required'
        : 'Enter a valid value';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'This field is required'
          : `At least ${groupedNumber(issue.minimum as number)} characters`;
      if (issue.origin === 'array') return 'Choose at least one';
      return plainIssueMessage(issue);
    case 'too_big':
      if (issue.origin === 'string') return `At most ${groupedNumber(issue.maximum as number)} characters`;
      if (issue.origin === 'array') return `Choose at most ${issue.maximum}`;
      return plainIssueMessage(issue);
    case 'invalid_format':
      if (FORMATS[field]) return FORMATS[field].message;
      if (issue.format === 'email') return 'Enter a valid email address, e.g. name@example.com';
      if (isDateField(field)) return 'Enter a valid date, e.g. 23 Nov 2026';
      return `Check the format of ${fieldLabel(field).toLowerCase()}`;
    case 'invalid_value':
      return 'Choose one of the options';
    default:
      // A check written in the contract: its message is ours, unless it names fields in code.
      if (isDateField(field) && /date/i.test(issue.message)) return 'Enter a real date, e.g. 23 Nov 2026';
      return isUnplainMessage(issue.message) ? 'Check this value' : issue.message;
  }
}

/** Checks `values` against a contract schema: the first plain message per field path. */
export function formErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') continue;
    const key = issue.path.map(String).join('.');
    out[key] ??= plainMessage(issue);
  }
  return out;
}

/** The server's field errors in plain words where the field has a known format. */
export function serverFieldErrors(errors: { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const field = e.path.split('.').pop() ?? e.path;
    out[e.path] ??= /is required|^required$/i.test(e.message)
      ? 'This field is required'
      : (FORMATS[field]?.message ?? plainServerMessage(e.message));
  }
  return out;
}

type Wrapped = { def?: { innerType?: unknown; in?: unknown }; maxLength?: number | null };

/**
 * The longest text a schema's field accepts, for the input's `maxLength`: the string's own max, or
 * the length of a fixed format (PAN is 10). Undefined when there is no limit.
 */
export function maxLengthOf(shape: Record<string, unknown>, field: string): number | undefined {
  let t = shape[field] as Wrapped | undefined;
  for (let i = 0; t && i < 8; i++) {
    if (typeof t.maxLength === 'number') return t.maxLength;
    t = (t.def?.innerType ?? t.def?.in) as Wrapped | undefined;
  }
  return FORMATS[field]?.maxLength;
}

/** A server's message as a person may read it: one with a field key or schema words is replaced. */
export function plainServerMessage(message: string): string {
  return isUnplainMessage(message) ? 'Check this value' : message;
}

/**
 * A failed call split for a form (issue 24): each server field error under the form field it names
 * (by its path, or the path's last key), in words; what names no field of the form goes to the
 * summary, with the field's name in words. A failure without field errors is all summary.
 */
export function splitServerError(
  e: unknown,
  fields: readonly string[],
): { fields: Record<string, string>; summary: string | null } {
  if (!(e instanceof ApiError)) return { fields: {}, summary: 'Something went wrong. Try again.' };
  if (e.errors.length === 0) return { fields: {}, summary: plainServerMessage(e.message) };
  const known = new Set(fields);
  const placed: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(serverFieldErrors(e.errors))) {
    const last = path.split('.').pop() ?? path;
    const field = known.has(path) ? path : known.has(last) ? last : null;
    if (field) placed[field] ??= message;
    else {
      const label = fieldWords(path);
      rest.push(label ? `${label}: ${message}` : message);
    }
  }
  return { fields: placed, summary: rest.length ? [...new Set(rest)].join('. ') : null };
}

/**
 * The one form-error pattern: client checks and server errors shown next to their fields, a field's
 * message cleared as soon as its value changes, and a summary only for what names no field.
 *
 *   const errs = useFormErrors(['from_date', 'to_date']);
 *   <DateField error={errs.of('to_date')} onChange={(v) => { setTo(v); errs.clear('to_date'); }} />
 *   try { ... } catch (e) { errs.fromServer(e); }
 *   {errs.summary && <Alert role="alert">{errs.summary}</Alert>}
 */
export function useFormErrors(fields: readonly string[]) {
  const [byField, setByField] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const key = fields.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field list is compared by value
  const fieldList = useMemo(() => fields, [key]);
  const fromServer = useCallback(
    (e: unknown) => {
      const split = splitServerError(e, fieldList);
      setByField(split.fields);
      setSummary(split.summary);
    },
    [fieldList],
  );
  const clear = useCallback((...names: string[]) => {
    setByField((prev) => {
      if (!names.some((n) => n in prev)) return prev;
      const next = { ...prev };
      for (const n of names) delete next[n];
      return next;
    });
    setSummary(null);
  }, []);
  const reset = useCallback(() => {
    setByField({});
    setSummary(null);
  }, []);
  return {
    errors: byField,
    summary,
    of: (field: string): string | undefined => byField[field],
    /** Client-side checks: replaces the field errors; true when there were none. */
    set: (errors: Record<string, string>) => {
      setByField(errors);
      setSummary(null);
      return Object.keys(errors).length === 0;
    },
    fromServer,
    clear,
    reset,
    has: Object.keys(byField).length > 0 || summary !== null,
  };
}
