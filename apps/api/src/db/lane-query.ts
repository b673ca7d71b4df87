import pg from 'pg';
// prepareValue is what pg's own Query maps bound values with (arrays, dates, buffers, objects).
import pgUtils from 'pg/lib/utils.js';

/**
 * A prepared statement executed on a read lane without asking PostgreSQL to describe its rows
 * again (ADR 0008).
 *
 * pg's Query sends Bind, Describe, Execute and Sync on every execution, so the server writes the
 * row description and the client parses it and builds a parser per column, every time. Skipping
 * that cut the app's CPU per searched-list request by about a fifth. A named statement's text is
 * fixed, so its columns are too: the first execution learns them (its Describe as usual) and later
 * executions, on any lane, skip the Describe and parse rows with what was learnt.
 *
 * Safe against a table changing under a running app: PostgreSQL refuses to execute a prepared
 * statement whose result columns have changed ("cached plan must not change result type"), so
 * rows are never read with a stale shape.
 */
type RowShape = { names: string[]; parsers: ((raw: string) => unknown)[] };

type FieldDescription = { name: string; dataTypeID: number; format: string };
type Types = { getTypeParser(oid: number, format?: 'text' | 'binary'): (raw: string) => unknown };
type WireConnection = {
  parse(m: { text: string; name: string; types?: unknown }): void;
  bind(m: {
    portal: string;
    statement: string;
    values: unknown[];
    binary: boolean;
    valueMapper: unknown;
  }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
};

// pg's Query, with the members this subclass uses (they are internal to pg, so not in @types/pg).
type QueryInternals = {
  name: string;
  text: string;
  values: unknown[];
  callback?: (err: Error | null, res?: unknown) => void;
  _result: { rows: unknown[] };
  _canceledDueToError: unknown;
  hasBeenParsed(connection: WireConnection): boolean;
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
  handleDataRow(msg: { fields: (string | null)[] }): void;
  handleError(err: Error, connection: WireConnection): void;
};
const BaseQuery = pg.Query as unknown as new (text: string) => QueryInternals;

export function createShapes(types: Types) {
  const known = new Map<string, RowShape>();
  return {
    get: (name: string) => known.get(name),
    learn(name: string, fields: FieldDescription[]) {
      known.set(name, {
        names: fields.map((f) => f.name),
        parsers: fields.map((f) => types.getTypeParser(f.dataTypeID, 'text')),
      });
    },
  };
}
export type Shapes = ReturnType<typeof createShapes>;

export class LaneQuery extends BaseQuery {
  private readonly shape: RowShape | undefined;

  constructor(
    name: string,
    text: string,
    values: unknown[],
    private readonly shapes: Shapes,
    callback: (err: Error | null, res?: { rows: unknown[] }) => void,
  ) {
    // A string config: pg copies an object config property by property on every query.
    super(text);
    this.name = name;
    this.values = values;
    this.callback = callback as QueryInternals['callback'];
    this.shape = shapes.get(name);
  }

  // Called by pg's submit() with the socket corked: Parse (first time on this connection), Bind,
  // Describe only while the shape is unknown, Execute, Sync.
  prepare(connection: WireConnection) {
    if (!this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    try {
      connection.bind({
        portal: '',
        statement: this.name,
        values: this.values,
        binary: false,
        valueMapper: pgUtils.prepareValue,
      });
    } catch (err) {
      connection.sync();
      this.handleError(err as Error, connection);
      return;
    }
    if (!this.shape) connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '' });
    connection.sync();
  }

  override handleRowDescription(msg: { fields: FieldDescription[] }) {
    super.handleRowDescription(msg);
    this.shapes.learn(this.name, msg.fields);
  }

  override handleDataRow(msg: { fields: (string | null)[] }) {
    const shape = this.shape;
    if (!shape) {
      super.handleDataRow(msg);
      return;
    }
    if (this._canceledDueToError) return;
    const { names, parsers } = shape;
    const fields = msg.fields;
    const row: Record<string, unknown> = {};
    try {
      for (let i = 0; i < names.length; i++) {
        const raw = fields[i];
        row[names[i]!] = raw === null ? null : parsers[i]!(raw as string);
      }
    } catch (err) {
      this._canceledDueToError = err;
      return;
    }
    this._result.rows.push(row);
  }
}
