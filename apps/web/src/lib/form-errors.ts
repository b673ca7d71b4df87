import type { z } from 'zod';
import { fieldLabel } from './labels';

/**
 * Validation messages in plain words. The contract's zod schemas decide what is valid; this maps
 * their issues to what a person can act on ("Enter a valid PAN, e.g. ABCDE1234F"), instead of the
 * validator's text ("Too big: expected string to have <=80 characters").
 */

/** Fields with a fixed format: what to say when it is wrong, and how long the input may be. */
const FORMATS: Record<string, { message: string; maxLength?: number }> = {
  pan: { message: 'Enter a valid PAN, e.g. ABCDE1234F', maxLength: 10 },
  aadhaar: { message: 'Enter the 12-digit Aadhaar number, e.g. 1234 5678 9012', maxLength: 14 },
  uan: { message: 'Enter the 12-digit UAN, e.g. 100123456789', maxLength: 12 },
  esi_number: { message: 'Enter the ESI number: 10 to 17 digits', maxLength: 17 },
  bank_ifsc: { message: 'Enter a valid IFSC, e.g. HDFC0001234', maxLength: 11 },
  bank_account: { message: 'Enter the account number: 6 to 18 digits', maxLength: 18 },
  bank_account_number: { message: 'Enter the account number: 6 to 18 digits', maxLength: 18 },
  phone: { message: 'Enter a valid phone number, e.g. +91 98765 43210', maxLength: 20 },
  email: { message: 'Enter a valid email address, e.g. name@example.com' },
  personal_email: { message: 'Enter a valid email address, e.g. name@example.com' },
  postal_code: { message: 'Enter a valid postal code, e.g. 560001', maxLength: 10 },
  employee_code: { message: 'Use letters, digits, - and _ only' },
};

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
        return Number(issue.minimum) <= 1 ? 'This field is required' : `At least ${issue.minimum} characters`;
      if (issue.origin === 'array') return 'Choose at least one';
      return `At least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `At most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `Choose at most ${issue.maximum}`;
      return `At most ${issue.maximum}`;
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
      return /[a-z]+_[a-z]+/.test(issue.message) ? 'Check this value' : issue.message;
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
      : (FORMATS[field]?.message ?? e.message);
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
