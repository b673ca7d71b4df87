// The read lanes depend on internals of pg that are not its public interface: a public rewrite
// (pg.Client with `pipeline: true` and `{ name, text, values }` configs) would lose the corked
// writes (ADR 0007) and the rows described once (ADR 0008). So pg is pinned exactly (8.23.1 in
// package.json; pg-protocol 1.16.1 through package-lock.json) and read-lanes.internals.test.ts,
// in the default suite, fails naming what changed when any member below changes shape. The lanes
// can be turned off with DB_READ_LANES=0 (ADR 0012).
//
// Private members touched (read-lanes.ts and lane-query.ts):
// - Client#connection, the Connection of a Client; Connection#stream, its net.Socket: cork(),
//   uncork() (writes held until setImmediate or BATCH) and destroy() (retiring a lane).
// - Client#query, in pipeline mode, refuses submittables other than instances of pg.Query: a
//   LaneQuery passes because it extends pg.Query. The client then calls query.submit(connection).
// - Query (pg.Query is exported, its members are not documented): constructor(text); fields
//   text, name, values, callback, _result (a Result with a rows array), _canceledDueToError;
//   methods submit (calls prepare(connection) for a named query, inside cork/uncork), prepare,
//   hasBeenParsed, handleRowDescription, handleDataRow, handleError, handleReadyForQuery.
// - Connection#parse, #bind (pg-protocol's serialize.bind, with valueMapper), #describe,
//   #execute, #sync, and the maps #submittedNamedStatements and #parsedStatements.
// - pg/lib/utils.js prepareValue (how pg maps bound values).
// Public, though missing from @types/pg: the Client option `pipeline: true`
// (node-postgres.com/features/pipelining).

import pg from 'pg';
import type { Queryable, QueryResult } from './client';
import { createShapes, LaneQuery } from './lane-query';

/**
 * The read path of `db.tenantRead` on PostgreSQL (ADR 0007): a few long-lived connections
 * ("lanes"), opened as hr_app, that many requests share at once in pipeline mode.
 *
 * Why: with one connection checked out per read, every statement costs a socket write and wakes
 * a sleeping backend; that write was a quarter of the app's CPU on the employee list. On a lane,
 * statements issued during one turn of the event loop leave a few at a time in one write (the
 * socket is corked until `setImmediate` or until BATCH statements wait), and the backend answers
 * them back to back. A named statement's rows are described once, not on every execution
 * (db/lane-query.ts, ADR 0008).
 *
 * Read-only: lanes are opened with `default_transaction_read_only=on`, so every statement on them
 * runs in a read-only transaction and a write fails at the server.
 *
 * Tenancy: a lane remembers the company its last *sent* statement ran under. A statement for
 * another company is preceded on the wire by `hr_enter_tenant_read`, and the server runs a lane's
 * statements in the order they were sent, so each runs under its own company however requests
 * interleave. A statement's result is handed over only after the company switch in front of it
 * succeeded; a failed switch retires the lane (every statement behind it fails, never runs under
 * the previous company), and the next call opens a new one.
 */
export type ReadLanes = {
  run<T>(companyId: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

type Named = (text: string, values?: unknown[]) => pg.QueryConfig;

type Lane = {
  client: pg.Client;
  ready: Promise<void>;
  /** Company of the last statement sent; null until the first switch. */
  company: string | null;
  /** The switch that the statements sent since were queued behind. */
  entered: Promise<unknown>;
  /** Statements sent and not yet answered (lanes are chosen by the fewest). */
  pending: number;
  retired: boolean;
  corked: boolean;
  batched: number;
};

const ENTER = 'SELECT hr_enter_tenant_read($1, NULL, NULL, NULL)';

/**
 * Statements written to a lane in one go. Held to the end of the event loop's turn, a turn that
 * handles fifty requests left PostgreSQL idle until its end and then queued fifty statements at
 * once; four at a time lowered the searched list's p99 (ADR 0008).
 */
const BATCH = 4;

export function createReadLanes(opts: {
  connectionString: string;
  count: number;
  types: pg.CustomTypesConfig;
  options: string;
  named: Named;
}): ReadLanes {
  const shapes = createShapes(opts.types);
  const lanes: (Lane | null)[] = Array.from({ length: Math.max(1, opts.count) }, () => null);
  let closing = false;

  function retire(lane: Lane) {
    if (lane.retired) return;
    lane.retired = true;
    const i = lanes.indexOf(lane);
    if (i >= 0) lanes[i] = null;
    // Destroying the socket fails every statement still in flight on this lane.
    streamOf(lane.client).destroy();
  }

  function open(): Lane {
    const client = new pg.Client({
      connectionString: opts.connectionString,
      types: opts.types,
      // Read-only at the server whatever the caller's options: every statement on a lane runs in
      // its own transaction, and that transaction refuses writes.
      options: `${opts.options} -c default_transaction_read_only=on`,
      application_name: 'hr_read_lane',
      // @ts-expect-error pipeline mode is in pg 8.23 but not yet in @types/pg
      pipeline: true,
    });
    const lane: Lane = {
      client,
      ready: Promise.resolve(),
      company: null,
      entered: Promise.resolve(),
      pending: 0,
      retired: false,
      corked: false,
      batched: 0,
    };
    client.on('error', () => retire(lane));
    client.on('end', () => retire(lane));
    lane.ready = client.connect().catch((err: unknown) => {
      retire(lane);
      throw err;
    });
    return lane;
  }

  /** The lane with the fewest statements in flight; a slot is opened only when those before it are busy. */
  function pick(): Lane {
    let best: Lane | null = null;
    for (let i = 0; i < lanes.length; i++) {
      let lane = lanes[i];
      if (!lane) {
        lane = open();
        lanes[i] = lane;
      }
      if (!best || lane.pending < best.pending) best = lane;
      if (best.pending === 0) break;
    }
    return best!;
  }

  /** Hold writes on this lane until the event loop has finished its current turn, or BATCH wait. */
  function cork(lane: Lane) {
    const stream = streamOf(lane.client);
    if (lane.corked) {
      // A long turn need not keep PostgreSQL waiting: every few statements go out at once.
      if (++lane.batched >= BATCH) {
        lane.batched = 0;
        stream.uncork();
        stream.cork();
      }
      return;
    }
    lane.corked = true;
    lane.batched = 0;
    stream.cork();
    setImmediate(() => {
      lane.corked = false;
      stream.uncork();
    });
  }

  function send<T>(lane: Lane, companyId: string, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    if (lane.retired) return Promise.reject(new Error('read lane closed'));
    cork(lane);
    if (lane.company !== companyId) {
      lane.company = companyId;
      const enter = execute(lane, ENTER, [companyId]);
      // A switch that fails retires the lane: nothing sent behind it may be trusted.
      enter.catch(() => retire(lane));
      lane.entered = enter;
    }
    const entered = lane.entered;
    lane.pending++;
    const result = execute(lane, sql, params);
    return Promise.all([entered, result]).then(
      ([, r]) => {
        lane.pending--;
        return { rows: r.rows as T[] };
      },
      (err: unknown) => {
        lane.pending--;
        throw err;
      },
    );
  }

  function execute(lane: Lane, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
    const config = opts.named(sql, params);
    if (!config.name) return lane.client.query(config);
    const name = config.name;
    return new Promise((resolve, reject) => {
      lane.client.query(
        new LaneQuery(name, sql, config.values ?? [], shapes, (err, res) =>
          err ? reject(err) : resolve(res as pg.QueryResult),
        ) as unknown as pg.Submittable,
      );
    });
  }

  return {
    async run(companyId, fn) {
      if (closing) throw new Error('database is closing');
      const lane = pick();
      await lane.ready;
      return fn({ query: <T>(sql: string, params?: unknown[]) => send<T>(lane, companyId, sql, params) });
    },
    async close() {
      closing = true;
      await Promise.all(lanes.map((lane) => (lane ? lane.client.end().catch(() => undefined) : undefined)));
    },
  };
}

/** The client's socket (pg keeps it on `connection.stream`; private, see the top of this file). */
const streamOf = (client: pg.Client) =>
  (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream;
