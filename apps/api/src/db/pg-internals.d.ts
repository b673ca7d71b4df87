// pg's own mapping of bound values (not in @types/pg); used by db/lane-query.ts.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
