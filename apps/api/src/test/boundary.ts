/**
 * What the boundary guard (boundary-guard.test.ts) sends: a valid-looking value for any JSON schema
 * of the OpenAPI document, and the boundary values of each field by its type (issue 21).
 */
import { randomUUID } from 'node:crypto';

/** The subset of JSON Schema that @fastify/swagger writes for the routes' zod schemas. */
export type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** A value with the words the report prints for it. */
export type Boundary = { label: string; value: unknown };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IMPOSSIBLE_DATES = ['0000-01-01', '2025-02-30', '2025-13-01', '2025-02-29'];
export const FAR_DATES = ['9999-12-31', '1000-01-01'];
export const NUL_TEXT = 'a\u0000b';
export const LONE_SURROGATE = '\ud800';
export const LONG_TEXT = 'x'.repeat(100 * 1024);

/** The first alternative that is not just `null` (zod's nullable/optional become anyOf). */
export function resolve(s: Schema): Schema {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    const pick = alts.find((a) => a.type !== 'null') ?? alts[0] ?? {};
    return resolve({ ...pick, nullable: true });
  }
  if (s.allOf?.length === 1) return resolve({ ...s.allOf[0], ...s, allOf: undefined });
  return s;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

export type Kind =
  | 'date'
  | 'datetime'
  | 'month'
  | 'uuid'
  | 'enum'
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'any';

export function kindOf(raw: Schema): Kind {
  const s = resolve(raw);
  const t = typeOf(s);
  if (s.enum || s.const !== undefined) return 'enum';
  if (t === 'string') {
    if (s.format === 'uuid') return 'uuid';
    if (s.format === 'date-time') return 'datetime';
    // A date's pattern takes 2024-01-31 but not any run of digits (as a phone number's does).
    const re = s.pattern ? new RegExp(s.pattern) : null;
    if (s.format === 'date' || (re?.test('2024-01-31') && !re.test('12345678'))) return 'date';
    if (re?.test('2024-01') && !re.test('12345678')) return 'month';
    return 'string';
  }
  if (t === 'integer' || t === 'number' || t === 'boolean' || t === 'array' || t === 'object') return t;
  if (s.properties) return 'object';
  return 'any';
}

/** Values some contract patterns accept (codes, phone, PAN, IFSC, times...): the first that fits is used. */
const PATTERN_SAMPLES = [
  '123456',
  'FUZZ01',
  '+91 98765 43210',
  'ABCDE1234F',
  '123456789012',
  'ABCD0123456',
  '09:30',
  'KA',
  '560001',
];

/** What the samples are made relative to (the app's clock: "today" for dates and the month). */
export type SampleContext = {
  today: string;
  /** A real id for a field or parameter name (`employee_id`, `leave_type_id`), if one is known. */
  idFor(name: string): string | undefined;
};

let counter = 0;

/**
 * A valid-looking value: defaults and enums as declared, real ids where the pools know the name,
 * today's date, this month, the current year, text long enough for minLength. Optional object
 * fields are left out (each is added, one at a time, by the boundary cases), or with `full` given
 * too (a route that wants one of several optional fields gets them).
 */
export function sample(raw: Schema, name: string, ctx: SampleContext, full = false): unknown {
  const s = resolve(raw);
  if (s.default !== undefined && !(full && s.default === null)) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  const kind = kindOf(s);
  const [year, month] = ctx.today.split('-').map(Number) as [number, number];
  switch (kind) {
    case 'date':
      return ctx.today;
    case 'datetime':
      return `${ctx.today}T04:30:00.000Z`;
    case 'month':
      return ctx.today.slice(0, 7);
    case 'uuid':
      return ctx.idFor(name) ?? randomUUID();
    case 'string': {
      if (s.format === 'email') return `fuzz.${++counter}@example.com`;
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const fit = PATTERN_SAMPLES.find((v) => re.test(v));
        if (fit) return fit;
      }
      // Passwords (a letter and a digit) and anything with a minimum length.
      const text = `Fuzz value ${++counter}`;
      const min = s.minLength ?? 0;
      const out = text.length >= min ? text : text.padEnd(min, 'x');
      return s.maxLength !== undefined ? out.slice(0, s.maxLength) : out;
    }
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : -Infinity;
      const hi = typeof s.maximum === 'number' ? s.maximum : Infinity;
      const want = /year/i.test(name) ? year : /month/i.test(name) ? month : 1;
      return Math.min(Math.max(want, lo), hi);
    }
    case 'boolean':
      return false;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, 1);
      return Array.from({ length: n }, () => sample(s.items ?? {}, singular(name), ctx, full));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of full ? Object.keys(s.properties ?? {}) : (s.required ?? [])) {
        const p = s.properties?.[key];
        if (p) out[key] = sample(p, key, ctx, full);
      }
      return out;
    }
    default:
      return null;
  }
}

/** `leave_type_ids` → `leave_type_id`: a list's items are named as one of them. */
const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name);

/** A field of a body, by its path from the root (`addresses.0.line1`). */
export type Leaf = { path: string[]; schema: Schema };

/** Every field of a body schema, parents before children; a list's fields through its first item. */
export function leaves(raw: Schema, path: string[] = []): Leaf[] {
  const s = resolve(raw);
  const out: Leaf[] = path.length > 0 ? [{ path, schema: s }] : [];
  const kind = kindOf(s);
  if (kind === 'object') {
    for (const [key, p] of Object.entries(s.properties ?? {})) out.push(...leaves(p, [...path, key]));
  } else if (kind === 'array' && s.items) {
    const item = resolve(s.items);
    if (kindOf(item) === 'object')
      out.push(...leaves(item, [...path, '0']).filter((l) => l.path.length > path.length + 1));
  }
  return out;
}

/**
 * The body with one field set to `value`, everything else sampled: the containers on the way are
 * sampled first (so an optional address is there to hold its `line1`). Given a `base`, the field is
 * set in it instead (to set several fields, one after the other).
 */
export function withField(
  raw: Schema,
  path: string[],
  value: unknown,
  ctx: SampleContext,
  base?: unknown,
  name = '',
): unknown {
  const s = resolve(raw);
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (kindOf(s) === 'array') {
    const list = (Array.isArray(base) ? base : (sample(s, name, ctx) as unknown[])).slice();
    list[0] = withField(s.items ?? {}, rest, value, ctx, list[0], singular(name));
    return list;
  }
  const out = (base !== null && typeof base === 'object' ? base : (sample(s, name, ctx) ?? {})) as Record<
    string,
    unknown
  >;
  return { ...out, [head]: withField(s.properties?.[head] ?? {}, rest, value, ctx, out[head], head) };
}

/**
 * The boundary values of a field by its kind: impossible and far dates, huge and negative numbers,
 * NUL and a lone surrogate, 100 KB of text, ids that are malformed or belong to no one (or to
 * another company), and one value of the wrong type.
 */
export function boundaryValues(raw: Schema, otherCompanyId: string | undefined): Boundary[] {
  const s = resolve(raw);
  const kind = kindOf(s);
  const text: Boundary[] = [
    { label: 'NUL', value: NUL_TEXT },
    { label: 'lone surrogate', value: LONE_SURROGATE },
  ];
  const dates = (suffix: string) =>
    [...IMPOSSIBLE_DATES, ...FAR_DATES].map((d) => ({ label: d + suffix, value: d + suffix }));
  switch (kind) {
    case 'date':
      return [...dates(''), { label: 'NUL', value: NUL_TEXT }, { label: 'number', value: 20250101 }];
    case 'datetime':
      return [...dates('T10:00:00Z'), { label: 'NUL', value: NUL_TEXT }, { label: 'number', value: 1 }];
    case 'month':
      return [
        ...['0000-01', '2025-13', '9999-12', '1000-01'].map((m) => ({ label: m, value: m })),
        { label: 'number', value: 202501 },
      ];
    case 'uuid':
      return [
        { label: 'malformed id', value: 'not-a-uuid' },
        { label: 'unknown id', value: randomUUID() },
        ...(otherCompanyId ? [{ label: "another company's id", value: otherCompanyId }] : []),
        { label: 'NUL', value: NUL_TEXT },
        { label: 'number', value: 12345 },
      ];
    case 'enum':
      return [...text, { label: 'not in the list', value: 'zzz' }, { label: 'number', value: 1 }];
    case 'string': {
      // The longest text the contract allows must fit the column that stores it.
      const longest = s.maxLength !== undefined && s.maxLength < LONG_TEXT.length && !s.pattern && !s.format;
      return [
        ...text,
        { label: '100 KB string', value: LONG_TEXT },
        ...(longest ? [{ label: `maxLength (${s.maxLength})`, value: 'é'.repeat(s.maxLength!) }] : []),
        { label: 'number', value: 12345 },
      ];
    }
    case 'integer':
    case 'number': {
      // The largest and smallest values the contract allows must fit the column that stores them.
      const limits = [s.minimum, s.maximum].filter((v) => typeof v === 'number' && Math.abs(v) > 1000);
      return [
        { label: '1e308', value: 1e308 },
        { label: '-1', value: -1 },
        { label: '2^53', value: 2 ** 53 },
        { label: '"NaN"', value: 'NaN' },
        ...limits.map((v) => ({ label: `limit (${v})`, value: v })),
      ];
    }
    case 'boolean':
      return [{ label: 'string', value: 'yes' }];
    case 'array':
      return [
        { label: 'empty list', value: [] },
        { label: 'object', value: {} },
      ];
    case 'object':
      return [{ label: 'string', value: 'x' }];
    default:
      return [...text];
  }
}

/** A query or path value as text; a lone surrogate has no UTF-8 form, so its bytes are written out. */
export function queryText(value: unknown): string {
  if (value === LONE_SURROGATE) return '%ED%A0%80';
  if (typeof value === 'string') return encodeURIComponent(value);
  return encodeURIComponent(JSON.stringify(value));
}

/** `{"a":{"a":...}}` nested `depth` levels. */
export function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** `leave-types`, `leave_type`, `LeaveTypes` → `leavetype`: how pools and fields are matched. */
export function idName(s: string): string {
  return s
    .toLowerCase()
    .replace(/_?ids?$/, '')
    .replace(/[-_]/g, '')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
}

/**
 * Real ids seen in the answers of the list routes, by name: the route's last segment and last two
 * (`/api/leave/types` → `type`, `leavetype`), the field that held a nested list (`units` → `unit`),
 * and any `<name>_id` field (`employee_id` → `employee`).
 */
export class IdPools {
  private readonly pools = new Map<string, Set<string>>();

  add(name: string, id: unknown): void {
    if (typeof id !== 'string' || !UUID.test(id)) return;
    const key = idName(name);
    if (!key) return;
    const set = this.pools.get(key) ?? new Set<string>();
    set.add(id);
    this.pools.set(key, set);
  }

  /** Reads one answer of GET `route` (an OpenAPI path without parameters). */
  harvest(route: string, body: unknown): void {
    const segments = route.split('/').filter((p) => p && p !== 'api' && !p.startsWith('{'));
    const names = [segments.at(-1) ?? '', segments.slice(-2).join('')];
    const walk = (v: unknown, own: string[]) => {
      if (Array.isArray(v)) {
        for (const item of v) walk(item, own);
        return;
      }
      if (v === null || typeof v !== 'object') return;
      const rec = v as Record<string, unknown>;
      for (const n of own) this.add(n, rec.id);
      for (const [k, x] of Object.entries(rec)) {
        if (k !== 'id' && k.endsWith('_id')) this.add(k, x);
        if (x !== null && typeof x === 'object') walk(x, [k]);
      }
    };
    walk((body as { data?: unknown } | null)?.data, names);
  }

  /** The first id for any of these names that is not in `avoid`. */
  pick(names: string[], avoid: ReadonlySet<string> = new Set()): string | undefined {
    for (const n of names) {
      for (const id of this.pools.get(idName(n)) ?? []) if (!avoid.has(id)) return id;
    }
    return undefined;
  }
}

/**
 * The names a path parameter's id may be known by, most likely first: `{employeeId}` →
 * `employee`; `{id}` → each segment before it, nearest first, alone and with the one before it
 * (`/api/component/earnings/status/{id}` → `status`, `earningsstatus`, `earnings`, ...).
 */
export function namesForParam(route: string, param: string): string[] {
  const parts = route.split('/').filter((p) => p && p !== 'api');
  const before = parts.slice(0, parts.indexOf(`{${param}}`)).filter((p) => !p.startsWith('{'));
  const names = param === 'id' ? [] : [param];
  for (let i = before.length - 1; i >= 0; i--)
    names.push(before[i]!, before.slice(Math.max(0, i - 1), i + 1).join(''));
  return names.filter(Boolean);
}
