/**
 * The spec's response envelope, written once: `{ status, message, data }`, and paged lists add
 * `meta { totalCount, page, records }`. Route handlers return these instead of building the
 * envelope by hand.
 */
export const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });
export const created = <T>(data: T, message: string) => ({ status: 201, message, data });
export const done = (message: string) => ({ status: 200, message, data: null });
export const paged = <T>(r: { rows: T[]; total: number }, q: { page: number; records: number }) => ({
  status: 200,
  message: 'ok',
  data: r.rows,
  meta: { totalCount: r.total, page: q.page, records: q.records },
});
