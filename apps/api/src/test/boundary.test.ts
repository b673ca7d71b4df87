import {
  boundaryValues,
  IdPools,
  kindOf,
  LONG_TEXT,
  leaves,
  namesForParam,
  queryText,
  type SampleContext,
  type Schema,
  sample,
  withField,
} from './boundary';

/** What the boundary guard sends is only as good as these: a wrong kind sends the wrong values. */
const ctx: SampleContext = { today: '2026-11-26', idFor: (n) => (n === 'employee_id' ? 'e-1' : undefined) };

const body: Schema = {
  type: 'object',
  required: ['from_date', 'lines'],
  properties: {
    from_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    phone: { type: 'string', pattern: '^\\+?[0-9][0-9 -]{6,17}$' },
    month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
    employee_id: { type: 'string', format: 'uuid' },
    note: { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'null' }] },
    year: { type: 'integer', minimum: 2000, maximum: 2100 },
    lines: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'integer' }, label: { type: 'string' } },
      },
    },
  },
};
const field = (name: string) => body.properties![name]!;

describe('boundary values by the kind of a field', () => {
  it('tells a date from a phone number and a month by what their patterns accept', () => {
    expect(kindOf(field('from_date'))).toBe('date');
    expect(kindOf(field('phone'))).toBe('string');
    expect(kindOf(field('month'))).toBe('month');
    expect(kindOf(field('note'))).toBe('string');
    expect(boundaryValues(field('from_date'), undefined).map((b) => b.value)).toEqual(
      expect.arrayContaining([
        '0000-01-01',
        '2025-02-30',
        '2025-13-01',
        '2025-02-29',
        '9999-12-31',
        '1000-01-01',
      ]),
    );
  });

  it('sends the longest text a field allows, and the limits a number allows', () => {
    expect(boundaryValues(field('note'), undefined).map((b) => b.label)).toContain('maxLength (20)');
    expect(boundaryValues(field('note'), undefined).map((b) => b.value)).toContain(LONG_TEXT);
    expect(boundaryValues(field('year'), undefined).map((b) => b.value)).toEqual(
      expect.arrayContaining([1e308, -1, 2 ** 53, 'NaN', 2000, 2100]),
    );
    expect(boundaryValues(field('employee_id'), 'their-id').map((b) => b.value)).toContain('their-id');
  });
});

describe('valid-looking bodies, one field at a time', () => {
  it('samples the required fields (today, real ids, the year in range), or every field', () => {
    expect(sample(body, 'body', ctx)).toEqual({ from_date: '2026-11-26', lines: [{ amount: 1 }] });
    expect(sample(body, 'body', ctx, true)).toMatchObject({
      employee_id: 'e-1',
      year: 2026,
      month: '2026-11',
    });
  });

  it('sets one field deep in a list item, or several one after the other', () => {
    expect(leaves(body).map((l) => l.path.join('.'))).toContain('lines.0.label');
    expect(withField(body, ['lines', '0', 'label'], 'x', ctx)).toEqual({
      from_date: '2026-11-26',
      lines: [{ amount: 1, label: 'x' }],
    });
    const once = withField(body, ['from_date'], '9999-12-31', ctx);
    expect(withField(body, ['month'], '9999-12', ctx, once)).toMatchObject({
      from_date: '9999-12-31',
      month: '9999-12',
    });
  });

  it('writes a lone surrogate in a query as the bytes it would have', () => {
    expect(queryText('\ud800')).toBe('%ED%A0%80');
    expect(queryText('a\u0000b')).toBe('a%00b');
  });
});

describe('real ids for path parameters', () => {
  it('learns ids from list answers and finds them by the names around a parameter', () => {
    const pools = new IdPools();
    const id = '7f000000-0000-4000-8000-000000000001';
    const unit = '7f000000-0000-4000-8000-000000000002';
    pools.harvest('/api/component/earnings', { data: [{ id, units: [{ id: unit }] }] });
    expect(namesForParam('/api/component/earnings/status/{id}', 'id')).toContain('earnings');
    expect(pools.pick(namesForParam('/api/component/earnings/status/{id}', 'id'))).toBe(id);
    expect(pools.pick(namesForParam('/api/x/{divisionId}/y/{unitId}', 'unitId'))).toBe(unit);
    expect(pools.pick(['earnings'], new Set([id]))).toBeUndefined();
  });
});
