import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isUuid } from '../lib/crypto';

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
  exclusive<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DbOptions = { databaseUrl?: string; dataDir?: string; poolMax?: number };

/** `BEGIN` plus the tenant switch; the uuid is validated before it is inlined. */
function tenantPrelude(companyId: string): string {
  if (!isUuid(companyId)) throw new Error('tenant: company id is not a uuid');
  return `BEGIN; SET LOCAL ROLE hr_app; SELECT set_config('app.company_id', '${companyId}', true)`;
}

export async function createDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl ? createPgDb(opts.databaseUrl, opts.poolMax ?? 20) : createPgliteDb(opts.dataDir);
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
  const lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
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
      await lite.exec(prelude);
      try {
        const result = await fn(raw);
        await lite.exec('COMMIT');
        return result;
      } catch (err) {
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
    exclusive: (fn) => serial(() => fn(raw)),
    close: () => serial(() => lite.close()),
  };
}

export async function createPgDb(databaseUrl: string, poolMax: number): Promise<Db> {
  // Dates stay strings (`date` has no time zone; a JS Date would shift it) and int8 becomes a number.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === 1082) return (v: string) => v;
      if (oid === 20) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, types });
  pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
  const wrap = (client: pg.PoolClient): Connection => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await client.query(sql, params);
      return { rows: r.rows as T[] };
    },
    exec: async (sql: string) => {
      await client.query(sql);
    },
  });
  async function inTx<T>(prelude: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
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
      client.release(broken);
    }
  }
  return {
    driver: 'pg',
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await pool.query(sql, params);
      return { rows: r.rows as T[] };
    },
    transaction: (fn) => inTx('BEGIN', fn),
    tenant: async (companyId, fn) => inTx(tenantPrelude(companyId), fn),
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(wrap(client));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
