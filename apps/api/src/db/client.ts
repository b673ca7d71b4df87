import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { isUuid } from '../lib/crypto';
import { createReadLanes } from './read-lanes';

export type QueryResult<T> = { rows: T[] };

/** Anything SQL can be sent to: the database itself or an open transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
};

/** A single connection held exclusively (migrations, advisory locks). `exec` runs multi-statement SQL. */
export type Connection = Queryable & { exec(sql: string): Promise<void> };

/**
 * Driver-neutral database handle. Plain SQL; PostgreSQL 15 dialect on both drivers.
 * - `query` runs on the owner connection (identity tables, no tenant switch).
 * - `tenant` runs `fn` in one transaction as role `hr_app` with `app.company_id` set, so row-level
 *   security limits every statement to that company even when a query forgets its filter.
 */
export type Db = Queryable & {
  readonly driver: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  tenant<T>(companyId: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Like `tenant`, for reads that need no transaction (one statement, or several that need no
   * common snapshot), and read-only at the server: a write fails. On PostgreSQL the statements go
   * over a few pipelined connections opened as hr_app, each statement sent behind a switch to its
   * company (db/read-lanes.ts, ADR 0007, 0012); with DB_READ_LANES=0, and on PGlite, it is a
   * read-only `tenant` transaction.
   */
  tenantRead<T>(companyId: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  exclusive<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Delivers each notification on `channel` to `onMessage`, and tells `onState` when listening
   * starts (true) or its connection is lost (false; it reconnects by itself). Returns `stop`.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * `BEGIN` plus the tenant switch in one round trip: `hr_enter_tenant` (migration 0003) sets the
 * role hr_app and `app.company_id` for this transaction only. The company id is validated before
 * it is inlined. (The function's session arguments are no longer used: ADR 0006.)
 */
function tenantPrelude(companyId: string): string {
  if (!isUuid(companyId)) throw new Error('tenant: company id is not a uuid');
  return `BEGIN; SELECT hr_enter_tenant('${companyId}', NULL, NULL, NULL)`;
}

/** `tenantPrelude` for `tenantRead` without lanes: the transaction refuses writes, as lanes do. */
function tenantReadPrelude(companyId: string): string {
  return tenantPrelude(companyId).replace(/^BEGIN;/, 'BEGIN READ ONLY;');
}

export type DbOptions = {
  databaseUrl?: string;
  /** PostgreSQL itself when `databaseUrl` is a transaction-mode pooler (ADR 0021). */
  directUrl?: string;
  dataDir?: string;
  poolMax?: number;
  readLanes?: number;
};

export async function createDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? createPgDb(opts.databaseUrl, opts.poolMax ?? 10, opts.readLanes, opts.directUrl)
    : createPgliteDb(opts.dataDir);
}

/** A promise-chain mutex: PGlite has one connection, so transactions must not interleave. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the employee search index (migration 0010).
  const lite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const serial = createMutex();
  const raw: Connection = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await lite.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    exec: async (sql: string) => {
      await lite.exec(sql);
    },
  };
  async function inTx<T>(prelude: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return serial(async () => {
      try {
        await lite.exec(prelude);
        const result = await fn(raw);
        await lite.exec('COMMIT');
        return result;
      } catch (err) {
        // Also after a failed prelude: its BEGIN may have opened a transaction that is now aborted.
        await lite.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }
  return {
    driver: 'pglite',
    query: (sql, params) => serial(() => raw.query(sql, params)),
    transaction: (fn) => inTx('BEGIN', fn),
    tenant: async (companyId, fn) => inTx(tenantPrelude(companyId), fn),
    tenantRead: async (companyId, fn) => inTx(tenantReadPrelude(companyId), fn),
    exclusive: (fn) => serial(() => fn(raw)),
    listen: async (channel, onMessage, onState) => {
      if (!CHANNEL.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
      // One embedded connection that never drops: listening starts once and stays up.
      const unlisten = await serial(() => lite.listen(channel, onMessage));
      onState(true);
      return async () => {
        onState(false);
        await serial(() => unlisten());
      };
    },
    close: () => serial(() => lite.close()),
  };
}

/**
 * Parameterised statements become named prepared statements, so PostgreSQL plans each distinct
 * text once per connection instead of on every call (planning cost as much as running the list
 * query). Texts without parameters may hold several statements and stay unnamed. The set of texts
 * is bounded (SQL is built from whitelisted pieces); past the cap, statements simply go unnamed.
 */
function preparedStatementNamer(cap = 1000) {
  const names = new Map<string, string>();
  return (text: string, values?: unknown[]): pg.QueryConfig => {
    if (!values || values.length === 0) return { text };
    let name = names.get(text);
    if (!name && names.size < cap) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name ? { name, text, values } : { text, values };
  };
}

/**
 * `databaseUrl` carries the pooled traffic (requests' transactions, one-statement queries, the job
 * runner). When `directUrl` is given and differs, `databaseUrl` is a pooler in transaction mode
 * (PgBouncer, ADR 0021): a server connection belongs to a client only for one transaction, so the
 * pool sends no startup options (PgBouncer refuses them) and no named prepared statements (the next
 * statement may meet a server connection that never saw the Parse). What needs a session of its own
 * goes to `directUrl`: `exclusive` (migrations hold a session advisory lock), LISTEN and the read
 * lanes (opened as hr_app, their company switch lasts across statements).
 */
export async function createPgDb(
  databaseUrl: string,
  poolMax: number,
  readLanes = 2,
  directUrl: string = databaseUrl,
): Promise<Db> {
  const pooled = directUrl !== databaseUrl;
  // Dates stay strings (`date` has no time zone; a JS Date would shift it) and int8 becomes a number.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === 1082) return (v: string) => v;
      if (oid === 20) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  };
  // Generic plans for prepared statements: the planner would otherwise re-plan a parameterised
  // query on every call (custom plans), and planning the list query costs about four times running
  // it. Our queries are index-driven with the company in RLS, so a parameter value rarely changes
  // the best plan.
  // Through a pooler neither applies: unnamed statements are planned at each execution anyway.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolMax,
    types,
    ...(pooled ? {} : { options: '-c plan_cache_mode=force_generic_plan' }),
  });
  const named = pooled ? unnamed : preparedStatementNamer();
  pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
  // Reads without a transaction: pipelined connections opened as the non-owner role and read-only
  // (ADR 0007, 0012). DB_READ_LANES=0 turns them off: reads then take a pooled connection.
  const reads =
    readLanes > 0
      ? createReadLanes({
          connectionString: directUrl,
          count: readLanes,
          types,
          options: '-c role=hr_app -c plan_cache_mode=force_generic_plan',
          // Lanes are PostgreSQL's own connections: their statements stay named.
          named: pooled ? preparedStatementNamer() : named,
        })
      : null;
  /**
   * A checked-out client runs one statement at a time in the order asked: a transaction may start
   * several reads at once (Promise.all), which pg queues itself today but deprecates (pg@9 refuses).
   */
  const wrap = (client: pg.ClientBase): Connection => {
    let last: Promise<unknown> = Promise.resolve();
    const inTurn = <R>(step: () => Promise<R>): Promise<R> => {
      const next = last.then(step);
      last = next.catch(() => undefined);
      return next;
    };
    return {
      query: async <T>(sql: string, params?: unknown[]) => {
        const r = await inTurn(() => client.query(named(sql, params)));
        return { rows: r.rows as T[] };
      },
      exec: async (sql: string) => {
        await inTurn(() => client.query(sql));
      },
    };
  };
  /**
   * A pooled client for the caller's use. The pool listens for errors only on idle clients: a
   * connection lost while checked out (the server restarted, the backend terminated) emitted an
   * 'error' nobody handled and the process died. Here the failed query rejects, and the client is
   * dropped instead of going back to the pool.
   */
  async function checkout() {
    const client = await pool.connect();
    let lost = false;
    const onError = () => {
      lost = true;
    };
    client.on('error', onError);
    return {
      client,
      release(broken = false) {
        // A healthy client goes back to the pool's own listener; a lost one keeps ours while it closes.
        if (!broken && !lost) client.removeListener('error', onError);
        client.release(broken || lost);
      },
    };
  }
  async function inTx<T>(prelude: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const { client, release } = await checkout();
    let broken = false;
    try {
      // One round trip: a simple-protocol query may hold several statements.
      await client.query(prelude);
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      release(broken);
    }
  }
  return {
    driver: 'pg',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await pool.query(named(sql, params));
      return { rows: r.rows as T[] };
    },
    transaction: (fn) => inTx('BEGIN', fn),
    tenant: async (companyId, fn) => inTx(tenantPrelude(companyId), fn),
    tenantRead: async (companyId, fn) => {
      if (!isUuid(companyId)) throw new Error('tenant: company id is not a uuid');
      return reads ? reads.run(companyId, fn) : inTx(tenantReadPrelude(companyId), fn);
    },
    exclusive: async (fn) => {
      if (pooled) return onDirectClient(directUrl, types, (client) => fn(wrap(client)));
      const { client, release } = await checkout();
      try {
        return await fn(wrap(client));
      } finally {
        release();
      }
    },
    listen: (channel, onMessage, onState) => listenPg(directUrl, channel, onMessage, onState),
    close: async () => {
      await Promise.all([pool.end(), reads?.close()]);
    },
  };
}

/** Statements as they are, never prepared under a name (through a transaction-mode pooler). */
function unnamed(text: string, values?: unknown[]): pg.QueryConfig {
  return values && values.length > 0 ? { text, values } : { text };
}

/**
 * `fn` on a connection of its own to PostgreSQL, closed after: a session that lasts across
 * statements (a session advisory lock) when the pool's connections do not.
 */
async function onDirectClient<T>(
  url: string,
  types: pg.CustomTypesConfig,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, types });
  // A connection lost mid-way fails the statement in flight; the error event must not end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * LISTEN on a connection of its own. A lost connection (an error, the server closing it, or a
 * heartbeat that does not come back within 5 s) is reported and replaced after a second.
 */
async function listenPg(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    clearInterval(heartbeat);
    onState(false);
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, 1000).unref();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, query_timeout: 5000 });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload) onMessage(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      client.removeAllListeners();
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, 1000).unref();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    onState(true);
    heartbeat = setInterval(() => {
      client.query('SELECT 1').catch(() => drop(client));
    }, 10_000).unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    if (client) drop(client);
  };
}
