import { z } from 'zod';
import {
  IsoDateSchema,
  IsoMonthSchema,
  isRealDate,
  MonthOfYearQuerySchema,
  MonthOfYearSchema,
  YearQuerySchema,
  YearSchema,
} from './dates';
import * as contract from './index';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('the date type', () => {
  it.each([
    ['2025-02-30', 'Not a real date'],
    ['2025-02-29', 'Not a real date'],
    ['2025-13-01', 'Not a real date'],
    ['2025-00-10', 'Not a real date'],
    ['2025-04-31', 'Not a real date'],
    ['2025-01-00', 'Not a real date'],
    ['2100-02-29', 'Not a real date'],
    ['0000-01-01', 'Must be between 1900 and 2199'],
    ['1899-12-31', 'Must be between 1900 and 2199'],
    ['2200-01-01', 'Must be between 1900 and 2199'],
    ['9999-12-31', 'Must be between 1900 and 2199'],
    ['2025-1-01', 'Use the format YYYY-MM-DD'],
    ['+010000-01-01', 'Use the format YYYY-MM-DD'],
    ['2025-01-01T00:00:00Z', 'Use the format YYYY-MM-DD'],
  ])('refuses %s with one message in words: %s', (value, message) => {
    expect(messages(IsoDateSchema, value)).toEqual([message]);
  });

  it.each(['2024-02-29', '2000-02-29', '1900-01-01', '2199-12-31', '2025-12-31', '2026-04-30'])(
    'accepts the real date %s',
    (value) => {
      expect(IsoDateSchema.parse(value)).toBe(value);
    },
  );

  it('knows leap years: 2024 and 2000 have 29 February, 2025, 1900 and 2100 do not', () => {
    expect(['2024-02-29', '2000-02-29', '2025-02-29', '1900-02-29', '2100-02-29'].map(isRealDate)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('the month types', () => {
  it('a YYYY-MM month is a real month in the years 1900 to 2199', () => {
    expect(IsoMonthSchema.parse('2024-02')).toBe('2024-02');
    expect(messages(IsoMonthSchema, '2025-13')).toEqual(['Not a real month: use 01 to 12']);
    expect(messages(IsoMonthSchema, '2025-00')).toEqual(['Not a real month: use 01 to 12']);
    expect(messages(IsoMonthSchema, '9999-12')).toEqual(['Must be between 1900 and 2199']);
    expect(messages(IsoMonthSchema, '2025-1')).toEqual(['Use the format YYYY-MM']);
  });

  it('month and year query parameters arrive as text and are held to 1-12 and 1900-2199', () => {
    expect(MonthOfYearQuerySchema.parse('2')).toBe(2);
    expect(YearQuerySchema.parse('2024')).toBe(2024);
    expect(messages(MonthOfYearQuerySchema, '13')).toEqual(['Must be a month from 1 to 12']);
    expect(messages(MonthOfYearQuerySchema, '0')).toEqual(['Must be a month from 1 to 12']);
    expect(messages(YearQuerySchema, '9999')).toEqual(['Must be between 1900 and 2199']);
    expect(messages(YearQuerySchema, 'abc')).toEqual(['Use a number']);
    expect(messages(YearSchema, 2024.5)).toEqual(['Use a whole number']);
  });
});

// ---- Every date field of every schema is the shared type ----

type Node = z.core.$ZodType;
const defOf = (s: Node) => s._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;

/** A schema made from `target` by adding checks (`.refine`, `.max`) keeps it as its parent. */
function madeFrom(s: Node, target: Node): boolean {
  for (let p: Node | undefined = s; p; p = (p._zod as { parent?: Node }).parent)
    if (p === target) return true;
  return false;
}

/** The schema and everything it wraps: optional, nullable, default, and both sides of a pipe. */
function chainOf(s: Node): Node[] {
  const out: Node[] = [s];
  const d = defOf(s);
  if (d.type === 'pipe') out.push(...chainOf(d.in as Node), ...chainOf(d.out as Node));
  else if ('innerType' in d && d.innerType) out.push(...chainOf(d.innerType as Node));
  return out;
}

const DATE_TYPES = [IsoDateSchema, IsoMonthSchema];
const NUMBER_TYPES: Record<string, Node[]> = {
  month: [MonthOfYearSchema, MonthOfYearQuerySchema],
  year: [YearSchema, YearQuerySchema],
};
/** Names that say "a date": date…, …_date…, …_on, as_of, from/to and …_from/…_to, birth, joining. */
const DATE_NAME = /(^|_)dates?($|_)|(^|_)(on|as_of|from|to|until|till|since)$|birth|joining|probation_end/;
/** A hand-written date or month pattern (the shared types hold theirs, so they never count here). */
const DATE_PATTERN = /\\d\{4\}-/;
/** Date-like names that are not dates, each with its reason. */
const NOT_DATES: Record<string, string> = {
  travel_from: 'a place: where a journey claimed as an expense began',
  travel_to: 'a place: where the journey ended',
};

const hasDatePattern = (s: Node) =>
  ((defOf(s).checks as Node[] | undefined) ?? []).some((c) => {
    const pattern = (c._zod.def as { pattern?: RegExp }).pattern;
    return pattern instanceof RegExp && DATE_PATTERN.test(pattern.source);
  });

type Finding = { where: string; ok: boolean };

/** Every field of `schema` that holds a date, a month or a year, and whether it uses the shared type. */
function dateFields(schema: Node, where: string, seen = new Set<Node>()): Finding[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const out: Finding[] = [];
  const field = (name: string, s: Node, at: string) => {
    const chain = chainOf(s);
    const types = chain.map((n) => defOf(n).type);
    if (name in NUMBER_TYPES && types.includes('number')) {
      out.push({ where: at, ok: chain.some((n) => NUMBER_TYPES[name]!.some((t) => madeFrom(n, t))) });
    } else if (types.includes('string') && !(name in NOT_DATES)) {
      const shared = chain.some((n) => DATE_TYPES.some((t) => madeFrom(n, t)));
      if (shared || DATE_NAME.test(name) || name === 'month' || chain.some(hasDatePattern))
        out.push({ where: at, ok: shared });
    }
    for (const n of chain) {
      const d = defOf(n);
      if (d.type === 'array') field(name, d.element as Node, `${at}[]`);
      else if (d.type !== 'string' && d.type !== 'number') out.push(...dateFields(n, at, seen));
    }
  };
  for (const n of chainOf(schema)) {
    const d = defOf(n);
    if (d.type === 'object') {
      for (const [name, s] of Object.entries(d.shape as Record<string, Node>))
        field(name, s, `${where}.${name}`);
      continue;
    }
    const inner: Record<string, unknown[]> = {
      array: [d.element],
      union: d.options as Node[],
      intersection: [d.left, d.right],
      record: [d.valueType],
      tuple: d.items as Node[],
    };
    for (const c of inner[d.type] ?? [])
      out.push(...dateFields(c as Node, d.type === 'array' ? `${where}[]` : where, seen));
  }
  return out;
}

const exported = Object.entries(contract as Record<string, unknown>).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
);

describe('every date field of every contract schema', () => {
  it('finds a hand-written date field by its name or by its pattern, and the shared types wherever wrapped', () => {
    const found = dateFields(
      z.object({
        starts_on: z.string(),
        anything: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        month: z.coerce.number().int().min(1).max(12),
        list: z.array(z.object({ expense_date: z.string().nullable() })),
        fine: IsoDateSchema.nullable().optional(),
        refined: IsoDateSchema.refine((d) => d > '2000-01-01'),
        year: YearQuerySchema.optional(),
        travel_from: z.string(),
        name: z.string(),
      }),
      'Example',
    );
    expect(found).toEqual([
      { where: 'Example.starts_on', ok: false },
      { where: 'Example.anything', ok: false },
      { where: 'Example.month', ok: false },
      { where: 'Example.list[].expense_date', ok: false },
      { where: 'Example.fine', ok: true },
      { where: 'Example.refined', ok: true },
      { where: 'Example.year', ok: true },
    ]);
  });

  it('uses the shared date, month and year types (request and response schemas alike)', () => {
    const findings = exported.flatMap(([name, schema]) => dateFields(schema, name));
    expect(findings.filter((f) => !f.ok).map((f) => f.where)).toEqual([]);
    // The walk reaches the schemas: leave requests, delegations, accrual runs, the policy inspector.
    const where = findings.map((f) => f.where);
    expect(where).toEqual(
      expect.arrayContaining([
        'LeaveRequestInputSchema.from_date',
        'ApprovalDelegationInputSchema.starts_on',
        'AccrualRunInputSchema.as_of',
        'ExplainQuerySchema.date',
        'MyLeaveQuerySchema.month',
        'HeadcountQuerySchema.from',
      ]),
    );
    expect(findings.length).toBeGreaterThan(150);
  });

  it('the names that look like dates and are not still exist (the list stays short and true)', () => {
    const names = new Set<string>();
    const collect = (s: Node, seen = new Set<Node>()) => {
      if (seen.has(s)) return;
      seen.add(s);
      for (const n of chainOf(s)) {
        const d = defOf(n);
        if (d.type === 'object') {
          for (const [k, v] of Object.entries(d.shape as Record<string, Node>)) {
            names.add(k);
            collect(v, seen);
          }
        } else if (d.type === 'array') collect(d.element as Node, seen);
      }
    };
    for (const [, schema] of exported) collect(schema);
    expect(Object.keys(NOT_DATES).filter((k) => !names.has(k))).toEqual([]);
  });
});
