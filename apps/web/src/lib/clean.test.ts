import { cleanBody, cleanQuery, isNullEmptyCall, nullifyEmpty, prepareBody } from './clean';

describe('cleanQuery', () => {
  it("drops empty, null, undefined and 'undefined' values", () => {
    expect(
      cleanQuery({
        page: 1,
        records: 10,
        key: '',
        value: 'undefined',
        unit_id: undefined,
        status: null,
        q: 'ann',
      }),
    ).toEqual({ page: 1, records: 10, q: 'ann' });
  });

  it('keeps zero, false and whitespace-free text', () => {
    expect(cleanQuery({ page: 0, active: false, sortOrder: 'asc' })).toEqual({
      page: 0,
      active: false,
      sortOrder: 'asc',
    });
  });

  it('accepts a missing object', () => {
    expect(cleanQuery(undefined)).toEqual({});
  });
});

describe('cleanBody', () => {
  it('removes empty, null and undefined fields', () => {
    expect(
      cleanBody({ name: 'A', note: '', manager_id: null, phone: undefined, count: 0, ok: false }),
    ).toEqual({
      name: 'A',
      count: 0,
      ok: false,
    });
  });

  it('does not look inside nested values', () => {
    const body = { items: [], meta: { note: '' } };
    expect(cleanBody(body)).toEqual(body);
  });
});

describe('nullifyEmpty', () => {
  it('turns empty and undefined fields into null and keeps the rest', () => {
    expect(nullifyEmpty({ amount: 100, note: '', bill: undefined, category_id: null, paid: false })).toEqual({
      amount: 100,
      note: null,
      bill: null,
      category_id: null,
      paid: false,
    });
  });
});

describe('isNullEmptyCall', () => {
  it.each([
    ['post', '/expenses/addexpense'],
    ['put', '/employee/profile'],
    ['put', '/employee/3f0c4a9e-1111-4222-8333-444455556666'],
    ['put', '/expenses/updateexpense?expense_id=7'],
    ['put', '/employee/salary'],
    ['PUT', '/api/employee/salary'],
  ])('%s %s nullifies', (method, url) => {
    expect(isNullEmptyCall(method, url)).toBe(true);
  });

  it.each([
    ['post', '/employee'],
    ['put', '/employee/experience/12'],
    ['put', '/employee/12/leave-balance'],
    ['post', '/expenses/updateexpense'],
    ['patch', '/employee/12/status'],
  ])('%s %s strips', (method, url) => {
    expect(isNullEmptyCall(method, url)).toBe(false);
  });
});

describe('prepareBody', () => {
  it('strips by default and nullifies on request', () => {
    expect(prepareBody({ a: '', b: 1 }, { nullEmpty: false })).toEqual({ b: 1 });
    expect(prepareBody({ a: '', b: 1 }, { nullEmpty: true })).toEqual({ a: null, b: 1 });
  });

  it('leaves FormData and arrays alone', () => {
    const form = new FormData();
    expect(prepareBody(form, { nullEmpty: false })).toBe(form);
    const list = ['', null];
    expect(prepareBody(list, { nullEmpty: false })).toBe(list);
  });
});
