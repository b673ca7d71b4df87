/**
 * Request cleaning rules of the spec (section 5).
 *
 * - Query strings: parameters whose value is empty (`''`, null, undefined) or the text `'undefined'`
 *   are dropped.
 * - Most POST/PUT/PATCH bodies: fields that are empty, null or undefined are removed.
 * - A few calls (see `NULL_EMPTY_CALLS`) instead turn empty or undefined fields into `null`, so the
 *   server clears them.
 *
 * Cleaning is shallow: nested objects and arrays are sent as given.
 */

export type Params = Record<string, unknown>;

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function cleanQuery<T extends Params>(params: T | undefined | null): Partial<T> {
  const out: Partial<T> = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    if (isEmptyValue(value) || value === 'undefined') continue;
    out[key as keyof T] = value as T[keyof T];
  }
  return out;
}

export function cleanBody<T extends Params>(body: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(body)) {
    if (isEmptyValue(value)) continue;
    out[key as keyof T] = value as T[keyof T];
  }
  return out;
}

export type Nullified<T> = { [K in keyof T]: Exclude<T[K], undefined | ''> | null };

/** For the `nullEmpty` calls: empty strings and undefined become null; everything else is kept. */
export function nullifyEmpty<T extends Params>(body: T): Nullified<T> {
  const out: Params = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = value === undefined || value === '' ? null : value;
  }
  return out as Nullified<T>;
}

/**
 * The calls the spec names (addexpense, employee profile update, employee PUT by id, expense
 * update, salary update) whose bodies are nullified rather than stripped. A request can also opt in
 * with the `nullEmpty` flag of its config.
 */
export const NULL_EMPTY_CALLS: ReadonlyArray<{ method: string; pattern: RegExp }> = [
  { method: 'post', pattern: /^\/?expenses\/addexpense(\?|$)/ },
  { method: 'put', pattern: /^\/?employee\/profile(\?|$)/ },
  { method: 'put', pattern: /^\/?employee\/[^/?]+(\?|$)/ },
  { method: 'put', pattern: /^\/?expenses\/updateexpense(\?|$)/ },
  { method: 'put', pattern: /^\/?employee\/salary(\?|$)/ },
];

export function isNullEmptyCall(method: string | undefined, url: string | undefined): boolean {
  if (!method || !url) return false;
  const m = method.toLowerCase();
  const path = url.replace(/^\/api(?=\/)/, '');
  return NULL_EMPTY_CALLS.some((call) => call.method === m && call.pattern.test(path));
}

export function isPlainObject(value: unknown): value is Params {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Applies the body rule that fits the request; non-object bodies (FormData, arrays) pass as they are. */
export function prepareBody(body: unknown, options: { nullEmpty: boolean }): unknown {
  if (!isPlainObject(body)) return body;
  return options.nullEmpty ? nullifyEmpty(body) : cleanBody(body);
}
