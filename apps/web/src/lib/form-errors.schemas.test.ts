import * as contract from '@hr/contract';
import { isUnplainMessage, validationSummary } from '@hr/contract';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { formErrors, splitServerError } from './form-errors';

/**
 * Issue 24: no field path, schema word or ungrouped big number reaches a person. Every schema the
 * contract exports gets, field by field, a value of the wrong type, too small, too big, a bad date
 * and none at all; what zod says goes the way the server sends it (errors[].message and the
 * top-level message) and the way the form shows it (next to the field, or the summary), and every
 * message is checked.
 */

type Shaped = z.ZodType & { shape?: Record<string, z.ZodType> };

const schemas = Object.entries(contract).filter(
  ([name, value]) =>
    name.endsWith('Schema') &&
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Shaped).safeParse === 'function' &&
    typeof (value as Shaped).shape === 'object' &&
    // Answers (envelopes) are the server's to get right, not a person's input.
    // A bulk-upload row's cells answer in the CSV template's own column names and codes, which
    // the person typed into the file.
    name !== 'EmployeeUploadRowSchema' &&
    !('data' in ((value as Shaped).shape ?? {}) && 'status' in ((value as Shaped).shape ?? {})),
) as [string, Shaped][];

const FAILING: [string, unknown][] = [
  ['wrong type', { not: 'a value' }],
  ['a number for text', 12],
  ['text for a number', 'twelve'],
  ['too small', -123_456_789_012],
  ['zero', 0],
  ['a fraction', 0.5],
  ['too big', 123_456_789_012_345],
  ['empty', ''],
  ['too long', 'x'.repeat(100_001)],
  ['bad date', '2026-02-30'],
  ['bad format', 'not-a-date'],
  ['missing', undefined],
  ['empty list', []],
];

describe('every contract schema fails in words', () => {
  it('covers the contract', () => {
    expect(schemas.length).toBeGreaterThan(80);
  });

  it('no message has a field path, schema words or an ungrouped number', () => {
    const bad: string[] = [];
    const check = (where: string, message: string | null | undefined) => {
      if (!message) return;
      const why = isUnplainMessage(message);
      if (why) bad.push(`${where}: "${message}" ${why}`);
    };
    for (const [name, schema] of schemas) {
      const fields = Object.keys(schema.shape ?? {});
      for (const field of fields) {
        for (const [label, value] of FAILING) {
          const input = value === undefined ? {} : { [field]: value };
          const result = schema.safeParse(input);
          if (result.success) continue;
          const where = `${name}.${field} (${label})`;
          // As the server answers: fastify-type-provider-zod hands over each issue's message.
          const errors = result.error.issues.map((i) => ({
            path: i.path.map(String).join('.'),
            message: i.message,
          }));
          for (const e of errors) check(where, e.message);
          const top = validationSummary(errors);
          check(where, top);
          // As the form shows it.
          const split = splitServerError(new ApiError(top, 400, { code: 'VALIDATION', errors }), fields);
          for (const m of Object.values(split.fields)) check(where, m);
          check(where, split.summary);
          for (const m of Object.values(formErrors(schema, input))) check(where, m);
        }
      }
    }
    expect([...new Set(bad)].slice(0, 200)).toEqual([]);
  }, 180_000);

  it('amounts read as rupees with en-IN grouping', () => {
    const big = contract.ExpenseInputSchema.safeParse({ amount_paise: 123_456_789_012 });
    const msgs = big.success ? [] : big.error.issues.map((i) => i.message);
    expect(msgs).toContain('At most ₹10,00,000 per claim');
    expect(
      contract.plainIssueMessage({
        code: 'too_big',
        origin: 'number',
        maximum: 100_000_000,
        inclusive: true,
        path: ['amount_paise'],
        input: 1,
      } as never),
    ).toBe('The amount can be at most ₹10,00,000');
    expect(
      contract.plainIssueMessage({
        code: 'too_small',
        origin: 'number',
        minimum: 100,
        inclusive: true,
        path: ['ctc_paise'],
        input: 1,
      } as never),
    ).toBe('The amount must be at least ₹1');
    expect(
      contract.plainIssueMessage({
        code: 'too_big',
        origin: 'number',
        maximum: 250_000,
        inclusive: true,
        path: ['days'],
        input: 1,
      } as never),
    ).toBe('Can be at most 2,50,000');
  });

  it('the checker itself catches what the issue saw', () => {
    expect(isUnplainMessage('Validation failed: to_date')).not.toBeNull();
    expect(isUnplainMessage('At most 100000000')).not.toBeNull();
    expect(isUnplainMessage('Too small: expected number to be >0')).not.toBeNull();
    expect(isUnplainMessage('Check lines.0.amount')).not.toBeNull();
    expect(isUnplainMessage('The end date is before the start date')).toBeNull();
    expect(isUnplainMessage('At most ₹10,00,000 per claim')).toBeNull();
  });
});
