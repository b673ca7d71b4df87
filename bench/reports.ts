// Benchmark (issue 13): "a report page of 10,000 employees' month ≤ 300 ms". Seeds 10,000
// employees in Acme with a month (March 2026) of attendance days as the deriver stores them
// (written straight in SQL, statuses spread like bench/attendance.ts's punches would give), then
// times one report page over HTTP against the real server, one request at a time: the attendance
// muster's first page and the headcount report. p50 / p99 over --requests (default 50).
//   npx tsx bench/reports.ts [--employees 10000] [--requests 50]   (PostgreSQL: BENCH_DATABASE_URL)
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedEmployees } from '../apps/api/src/db/seed/index';
import { startProcess, stopProcess, waitForUrl } from './lib';

const { values } = parseArgs({
  options: { employees: { type: 'string', default: '10000' }, requests: { type: 'string', default: '50' } },
});
const employees = Number(values.employees);
const requests = Number(values.requests);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3211;
const base = `http://127.0.0.1:${PORT}`;

const name = `hr_bench_reports_${Date.now()}`;
const adminDb = new pg.Client({ connectionString: serverUrl });
await adminDb.connect();
await adminDb.query(`create database ${name}`);
await adminDb.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const env: NodeJS.ProcessEnv = {
  DATABASE_URL: url.toString(),
  DATA_DIR: undefined,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
};

async function withApp<T>(fn: () => Promise<T>): Promise<T> {
  const child = startProcess('apps/api/src/server.ts', env);
  try {
    await waitForUrl(`${base}/api/health`);
    return await fn();
  } finally {
    await stopProcess(child);
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(label: string, path: string, headers: Record<string, string>) {
  const first = await fetch(`${base}${path}`, { headers });
  if (!first.ok) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  const ms: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return `| ${label} | ${pct(ms, 50).toFixed(0)} | ${pct(ms, 99).toFixed(0)} | ≤ 300 |`;
}

try {
  await withApp(async () => undefined); // migrate and seed the demo companies
  const db = await createDb({ databaseUrl: env.DATABASE_URL });
  try {
    const { rows } = await db.query<{ id: string }>(`select id from companies where name = 'Acme Corp'`);
    const companyId = rows[0]!.id;
    console.log(`seeded ${await seedEmployees(db, companyId, employees)} employees`);
    const started = Date.now();
    await db.tenant(companyId, (tx) =>
      tx.query(
        `INSERT INTO attendance_days (company_id, employee_id, date, status, worked_minutes, late, punch_count)
         SELECT $1, e.id, d::date,
                CASE WHEN extract(dow FROM d) = 0 THEN 'weekly_off'
                     WHEN (hashtext(e.id::text) + extract(day FROM d)::int) % 17 = 0 THEN 'absent'
                     WHEN (hashtext(e.id::text) + extract(day FROM d)::int) % 7 = 0 THEN 'late'
                     ELSE 'present' END,
                CASE WHEN extract(dow FROM d) = 0 THEN 0 ELSE 520 END,
                (hashtext(e.id::text) + extract(day FROM d)::int) % 7 = 0,
                CASE WHEN extract(dow FROM d) = 0 THEN 0 ELSE 2 END
           FROM employees e, generate_series('2026-03-01'::date, '2026-03-31'::date, interval '1 day') d
         ON CONFLICT DO NOTHING`,
        [companyId],
      ),
    );
    const n = await db.query<{ n: string }>('select count(*) AS n from attendance_days');
    console.log(`attendance days ${n.rows[0]!.n} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  const lines = await withApp(async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { data: { token: string } };
    if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
    const headers = { authorization: `Bearer ${body.data.token}`, 'access-token': body.data.token };
    return [
      await time(
        'GET /api/attendance/muster (March 2026, page 1 of 10 rows × 31 days)',
        '/api/attendance/muster?month=3&year=2026&page=1&records=10',
        headers,
      ),
      await time(
        'GET /api/attendance/muster (March 2026, page 1 of 100 rows)',
        '/api/attendance/muster?month=3&year=2026&page=1&records=100',
        headers,
      ),
      await time(
        'GET /api/reports/headcount (2026-03)',
        '/api/reports/headcount?from=2026-03&to=2026-03',
        headers,
      ),
      await time(
        'GET /api/reports/headcount (12 months)',
        '/api/reports/headcount?from=2025-04&to=2026-03',
        headers,
      ),
    ];
  });
  console.log(
    `\n${employees} employees, ${requests} sequential requests each, ${new Date().toISOString()}\n`,
  );
  console.log('| request | p50 ms | p99 ms | target ms |\n|---|---:|---:|---:|');
  for (const l of lines) console.log(l);
} finally {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
