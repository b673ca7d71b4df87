// Benchmark: the authenticated employee list at 10,000 employees, beside a bare route running the
// same query, and sign-in throughput (argon2id). On the PostgreSQL server and on PGlite.
//   npm run bench                       both targets, 20 s runs, 50 connections
//   npm run bench -- --target pg --duration 10
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../apps/api/src/db/client';
import { seedEmployees } from '../apps/api/src/db/seed/index';
import { type LoadResult, load, startProcess, stopProcess, table, waitForUrl } from './lib';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'all' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    employees: { type: 'string', default: '10000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const employees = Number(values.employees);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3200;
const BARE_PORT = 3201;
const base = `http://127.0.0.1:${PORT}`;

type DbTarget = { name: 'pg' | 'pglite'; env: NodeJS.ProcessEnv; cleanup: () => Promise<void> };

async function pgTarget(): Promise<DbTarget> {
  const name = `hr_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: 'pg',
    env: { DATABASE_URL: url.toString(), DATA_DIR: undefined },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function pgliteTarget(): DbTarget {
  const dir = `/tmp/hr-bench-pglite-${Date.now()}`;
  return {
    name: 'pglite',
    env: { DATA_DIR: dir, DATABASE_URL: undefined },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const appEnv = (t: DbTarget): NodeJS.ProcessEnv => ({
  ...t.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
});

async function withApp<T>(t: DbTarget, fn: () => Promise<T>): Promise<T> {
  const child = startProcess('apps/api/src/server.ts', appEnv(t));
  try {
    await waitForUrl(`${base}/api/health`);
    return await fn();
  } finally {
    await stopProcess(child);
  }
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@1234' }),
  });
  const body = (await res.json()) as { data: { token: string; userResponse: { company_id: string } } };
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function benchTarget(t: DbTarget): Promise<LoadResult[]> {
  // First start migrates and seeds the demo companies; then the bulk employees go in directly.
  let companyId = '';
  await withApp(t, async () => undefined);
  const db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
  try {
    const { rows } = await db.query<{ id: string }>(`select id from companies where name = 'Acme Corp'`);
    companyId = rows[0]!.id;
    const added = await seedEmployees(db, companyId, employees);
    console.log(`[${t.name}] seeded ${added} employees`);
    // Steady state: autovacuum would have run after a bulk load; without it, counts read the heap.
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }

  const results: LoadResult[] = [];
  await withApp(t, async () => {
    const token = await login('admin@acme.test');
    const headers = { authorization: `Bearer ${token}`, 'access-token': token };
    const url = `${base}/api/employee?page=1&records=10`;
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { meta: { totalCount: number } };
    console.log(`[${t.name}] list answers ${check.status}, totalCount ${body.meta.totalCount}`);
    await load(`${t.name}: GET /api/employee (warm-up)`, { url, connections, duration: 3, headers });
    results.push(
      await load(`${t.name}: GET /api/employee?page=1&records=10`, { url, connections, duration, headers }),
    );
    results.push(
      await load(`${t.name}: POST /api/auth/login (argon2id)`, {
        url: `${base}/api/auth/login`,
        method: 'POST',
        connections: 10,
        duration: Math.min(duration, 10),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'employee@acme.test', password: 'Demo@1234' }),
      }),
    );
  });

  const bare = startProcess('bench/bare-server.ts', {
    ...t.env,
    PORT: String(BARE_PORT),
    BENCH_COMPANY_ID: companyId,
  });
  try {
    const url = `http://127.0.0.1:${BARE_PORT}/bare/employee`;
    await waitForUrl(url);
    await load(`${t.name}: bare (warm-up)`, { url, connections, duration: 3 });
    results.push(await load(`${t.name}: bare Fastify, same query`, { url, connections, duration }));
  } finally {
    await stopProcess(bare);
  }
  return results;
}

const targets = values.target === 'all' ? ['pg', 'pglite'] : [values.target!];
const all: LoadResult[] = [];
for (const name of targets) {
  const t = name === 'pg' ? await pgTarget() : pgliteTarget();
  try {
    const r = await benchTarget(t);
    all.push(...r);
    const list = r[0]!;
    const bareRun = r[2]!;
    console.log(
      `[${name}] app/bare throughput ratio ${(list.requestsPerSec / bareRun.requestsPerSec).toFixed(2)}, p99 ${list.p99} ms vs ${bareRun.p99} ms`,
    );
  } finally {
    await t.cleanup();
  }
}
console.log(
  `\n${connections} connections, ${duration} s, ${employees} employees, ${new Date().toISOString()}\n`,
);
console.log(table(all));
