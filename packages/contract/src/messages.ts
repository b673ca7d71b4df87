import { z } from 'zod';

/**
 * Validation messages in plain words (issue 24). Every schema check without its own message gets
 * one from here, on the server (the 400's `errors[].message`) and in the browser (the same schema
 * checked before sending), so a person never reads "Too small: expected number to be >0" or
 * "Validation failed: to_date". Amounts are ₹ with en-IN grouping; a message sits next to its
 * field, so it does not repeat the field's name.
 */

/** A whole number with en-IN grouping: 100000000 → "10,00,00,000". */
export function groupedNumber(n: number | bigint): string {
  return typeof n === 'bigint'
    ? n.toLocaleString('en-IN')
    : n.toLocaleString('en-IN', { maximumFractionDigits: 2 });
}

/** Paise as rupees for a message: 100000000 → "₹10,00,000", 150 → "₹1.50". */
export function rupeesInWords(paise: number | bigint): string {
  const n = Number(paise) / 100;
  return `₹${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** Fields with a fixed format: what to say when it is wrong, and how long the input may be. */
export const FIELD_FORMATS: Record<string, { message: string; maxLength?: number }> = {
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
  // A TDS challan (Form 24Q): the bank branch's BSR code and the challan's serial number.
  bsr_code: { message: 'The BSR code is the 7 digits of the bank branch on the challan', maxLength: 7 },
  serial_no: { message: 'The challan serial number is 5 digits', maxLength: 5 },
};

/** Field names whose words are not the name with spaces. */
const FIELD_WORDS: Record<string, string> = {
  from_date: 'Start date',
  to_date: 'End date',
  from_time: 'Start time',
  to_time: 'End time',
  punch_in: 'In time',
  punch_out: 'Out time',
  pan: 'PAN',
  pan_number: 'PAN',
  uan: 'UAN',
  esi_number: 'ESI number',
  bank_ifsc: 'Bank IFSC',
  ctc_paise: 'Annual CTC',
  annual_ctc_paise: 'Annual CTC',
  amount_paise: 'Amount',
  receipt_file_id: 'Receipt',
  document_id: 'Document',
};
const ACRONYMS = new Set(['pan', 'uan', 'ifsc', 'esi', 'epf', 'pf', 'hr', 'lwf', 'pt', 'tds', 'ctc', 'url']);

/** The field a path is about, in words: "lines.0.amount_paise" → "Amount"; "(root)" → "". */
export function fieldWords(path: string | readonly PropertyKey[]): string {
  const keys = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(
    (k) => k && k !== '(root)' && !/^\d+$/.test(k),
  );
  const key = keys[keys.length - 1];
  if (!key) return '';
  if (FIELD_WORDS[key]) return FIELD_WORDS[key];
  const words = key
    .replace(/_(paise|id|ids)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}

const isDateKey = (key: string) => /(^|_)(date|on)$|date_of_|_date|^date$/.test(key);
const isMoneyKey = (key: string) => /_paise$|^paise$/.test(key);

type Issue = z.core.$ZodRawIssue | z.core.$ZodIssue;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** One zod issue in plain words, for the field it is about (the last key of its path). */
export function plainIssueMessage(issue: Issue): string {
  const path = (issue.path ?? []) as PropertyKey[];
  const key = String([...path].reverse().find((k) => typeof k === 'string') ?? '');
  const amount = (n: number | bigint) => (isMoneyKey(key) ? rupeesInWords(n) : groupedNumber(n));
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return 'This field is required';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return isMoneyKey(key) ? 'Enter an amount in rupees' : 'Enter a number';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'array') return 'Choose from the list';
      if (issue.expected === 'date') return 'Enter a valid date, e.g. 23 Nov 2026';
      return 'Enter a valid value';
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'This field is required' : `At least ${groupedNumber(min)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(min) <= 1 ? 'Choose at least one' : `Choose at least ${groupedNumber(min)}`;
      if (issue.origin === 'date') return 'The date is too early';
      if (isMoneyKey(key)) {
        if (issue.inclusive === false)
          return Number(min) === 0 ? 'Enter an amount above zero' : `Enter an amount above ${amount(min)}`;
        return Number(min) === 0
          ? 'The amount cannot be negative'
          : `The amount must be at least ${amount(min)}`;
      }
      if (issue.inclusive === false)
        return Number(min) === 0 ? 'Enter a number above zero' : `Must be more than ${amount(min)}`;
      return Number(min) === 0 ? 'Cannot be negative' : `Must be at least ${amount(min)}`;
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return `At most ${groupedNumber(max)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${groupedNumber(max)}`;
      if (issue.origin === 'date') return 'The date is too late';
      if (isMoneyKey(key))
        return issue.inclusive === false
          ? `The amount must be below ${amount(max)}`
          : `The amount can be at most ${amount(max)}`;
      return issue.inclusive === false ? `Must be less than ${amount(max)}` : `Can be at most ${amount(max)}`;
    }
    case 'not_multiple_of':
      return Number(issue.divisor) === 1
        ? 'Use a whole number'
        : `Use a multiple of ${amount(issue.divisor as number)}`;
    case 'invalid_format':
      if (FIELD_FORMATS[key]) return FIELD_FORMATS[key].message;
      if (issue.format === 'email') return 'Enter a valid email address, e.g. name@example.com';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Choose from the list';
      if (issue.format === 'url') return 'Enter a web address, e.g. https://example.com';
      if (isDateKey(key)) return 'Enter a valid date, e.g. 23 Nov 2026';
      return 'Check the format of this value';
    case 'invalid_value':
      return 'Choose one of the options';
    case 'unrecognized_keys':
      return 'This field is not accepted here';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Enter a valid value';
    default:
      return 'Check this value';
  }
}

/**
 * Makes every zod check without its own message speak in words. Idempotent; the contract calls it
 * when loaded, and the API and the web app call it at start so a bundler cannot drop it.
 */
export function installPlainMessages(): void {
  z.config({ customError: (issue) => plainIssueMessage(issue) });
}
installPlainMessages();

/** True when a message is not fit for a person: a field key or path, schema words, an ungrouped big number. */
export function isUnplainMessage(message: string): string | null {
  if (/Validation failed/i.test(message)) return 'says "Validation failed"';
  if (/\bExpected\b|Invalid input|expected \w+, received|\bToo (small|big)\b|Unrecognized key/.test(message))
    return 'has zod words';
  if (/\b[a-z]+_[a-z0-9_]+\b/.test(message)) return 'has a field key';
  if (/\b[a-z]+(\.[a-z0-9_]+)+\b/i.test(message) && !/e\.g\./.test(message)) return 'has a field path';
  // Format examples (PAN ABCDE1234F, IFSC HDFC0001234) are codes, not amounts: digits touching letters pass.
  if (/(?<![\w,.])\d{5,}(?![\w,])/.test(message.replace(/e\.g\. [^,;)]*/g, '')))
    return 'has an ungrouped number';
  return null;
}

/**
 * The top-level message of a 400 in words, for a screen that shows no field errors (a toast): the
 * field's name and what is wrong with it, never the path ("End date: The end date is before the
 * start date"; "Check these: Amount, Receipt").
 */
export function validationSummary(errors: readonly { path: string; message: string }[]): string {
  const labelled = (e: { path: string; message: string }) => {
    const label = fieldWords(e.path);
    return label ? `${label}: ${e.message}` : e.message;
  };
  if (errors.length === 0) return 'Some details are not valid';
  if (errors.length === 1) return labelled(errors[0]!);
  const labels = [...new Set(errors.map((e) => fieldWords(e.path)).filter(Boolean))];
  const unlabelled = errors.filter((e) => !fieldWords(e.path)).map((e) => e.message);
  return [labels.length ? `Check these: ${labels.join(', ')}` : '', ...unlabelled].filter(Boolean).join('. ');
}
