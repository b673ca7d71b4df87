import type { FormEvent } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';

/**
 * A dialog form's state: values, the contract's checks before sending, the server's field errors
 * after, and closing on success.
 */
export function usePolicyForm<T extends Record<string, unknown>>(
  initial: T,
  schema: z.ZodType,
  toBody: (v: T) => unknown,
  send: (body: unknown) => Promise<unknown>,
  onDone: () => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof T>(k: K) =>
    (v: T[K]) =>
      setValues((s) => ({ ...s, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(values);
    const found = formErrors(schema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await send(body);
      onDone();
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = serverFieldErrors(err.errors);
        setErrors(Object.keys(fields).length ? fields : { _form: err.message });
      }
    }
  };
  return { values, set, errors, submit };
}

/** A number input's value for the API: '' is null. */
export const numOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));
