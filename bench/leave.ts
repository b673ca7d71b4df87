// Benchmark: leave at 10,000 employees with three years of ledger each (monthly accruals, leave
// taken, year ends): one employee's balances over HTTP at 50 connections, and the monthly accrual
// run for every employee (POST /api/leave/accrual/run, timed end to end).
//   npx tsx bench/leave.ts                      PostgreSQL server, 20 s run
//   npx tsx bench/leave.ts --target pglite --duration 10
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../apps/api/src/db/client';
import { seedEmployees } from '../apps/api/src/db/seed/index';
import { type LoadResult, load, startProcess, stopProcess, table, waitForUrl } from './lib';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'pg' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    employees: { type: 'string', default: '10000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const employees = Number(values.employees);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3210;
const base = `http://127.0.0.1:${PORT}`;

type Target = { name: string; env: NodeJS.ProcessEnv; cleanup: () => Promise<void> };
async function pgTarget(): Promise<Target> {
  const name = `hr_bench_leave_${Date.now()}`;
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
function pgliteTarget(): Target {
  const dir = `/tmp/hr-bench-leave-${Date.now()}`;
  return {
    name: 'pglite',
    env: { DATA_DIR: dir, DATABASE_URL: undefined },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const env = (t: Target): NodeJS.ProcessEnv => ({
  ...t.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
});
async function withApp<T>(t: Target, fn: () => Promise<T>): Promise<T> {
  const child = startProcess('apps/api/src/server.ts', env(t));
  try {
    await waitForUrl(`${base}/api/health`);
    return await fn();
  } finally {
    await stopProcess(child);
  }
}
async function login(email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@1234' }),
  });
  const body = (await res.json()) as { data: { token: string; userResponse: { employee_id: string } } };
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Company today in Asia/Kolkata. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const thisMonth = `${today.slice(0, 7)}-01`;

async function seed(t: Target) {
  const db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
  try {
    const { rows } = await db.query<{ id: string }>(`select id from companies where name = 'Acme Corp'`);
    const companyId = rows[0]!.id;
    console.log(`[${t.name}] seeded ${await seedEmployees(db, companyId, employees)} employees`);
    const started = Date.now();
    await db.tenant(companyId, async (tx) => {
      // A monthly-accruing paid type created three years ago, in the base policy (the demo's own
      // base policy and types, made by the served demo's seed, stay: they accrue too).
      const type = await tx.query<{ id: string }>(
        `INSERT INTO leave_types (company_id, name, code, accrual_frequency, accrual_amount, carry_forward, carry_forward_cap, created_at)
         VALUES ($1, 'Bench earned leave', 'BEL', 'monthly', 1.5, true, 10, $2::date - interval '3 years') RETURNING id`,
        [companyId, thisMonth],
      );
      const typeId = type.rows[0]!.id;
      const policy = await tx.query<{ id: string }>(
        `WITH base AS (SELECT id FROM leave_policies WHERE company_id = $1 AND is_base),
              made AS (INSERT INTO leave_policies (company_id, name, is_base)
                       SELECT $1, 'Standard', true WHERE NOT EXISTS (SELECT 1 FROM base) RETURNING id)
         SELECT id FROM base UNION ALL SELECT id FROM made`,
        [companyId],
      );
      await tx.query(
        'INSERT INTO leave_policy_types (company_id, leave_policy_id, leave_type_id) VALUES ($1, $2, $3)',
        [companyId, policy.rows[0]!.id, typeId],
      );
      await tx.query(
        `UPDATE employees SET date_of_joining = least(date_of_joining, $1::date - interval '4 years')`,
        [thisMonth],
      );
      // 36 monthly accruals up to last month, a leave taken every quarter, and three year ends.
      await tx.query(
        `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, rule, ref, source_key)
         SELECT $1, e.id, $2, m::date, 'accrual', 1.5, 'Accrual for ' || to_char(m, 'YYYY-MM'), 'monthly accrual 1.5',
                to_char(m, 'YYYY-MM'), 'accrual:' || to_char(m, 'YYYY-MM') || '#0'
           FROM employees e, generate_series($3::date - interval '36 months', $3::date - interval '1 month', interval '1 month') m`,
        [companyId, typeId, thisMonth],
      );
      await tx.query(
        `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, ref, source_key)
         SELECT $1, e.id, $2, m::date + 10, 'used', -2, 'Leave approved', md5(e.id::text || m::text), 'used:' || md5(e.id::text || m::text)
           FROM employees e, generate_series($3::date - interval '36 months', $3::date - interval '1 month', interval '3 months') m`,
        [companyId, typeId, thisMonth],
      );
      await tx.query(
        `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, ref, source_key)
         SELECT $1, e.id, $2, make_date(y, 12, 31), 'expiry', -4, 'Year end', y::text, 'year_end:' || y
           FROM employees e, generate_series(extract(year FROM $3::date)::int - 3, extract(year FROM $3::date)::int - 1) y`,
        [companyId, typeId, thisMonth],
      );
    });
    const { rows: count } = await db.query<{ n: string }>('select count(*) AS n from leave_ledger');
    console.log(`[${t.name}] ledger rows ${count[0]!.n} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
}

const results: LoadResult[] = [];
const accrual: string[] = [];
for (const name of values.target === 'all' ? ['pg', 'pglite'] : [values.target!]) {
  const t = name === 'pg' ? await pgTarget() : pgliteTarget();
  try {
    await withApp(t, async () => undefined); // migrate and seed the demo companies
    await seed(t);
    await withApp(t, async () => {
      const employee = await login('employee@acme.test');
      const admin = await login('admin@acme.test');
      const mine = { authorization: `Bearer ${employee.token}`, 'access-token': employee.token };
      const url = `${base}/api/leave/mobile/leave-balance`;
      console.log(
        `[${t.name}] balance answers`,
        JSON.stringify(await (await fetch(url, { headers: mine })).json()),
      );
      await load(`${t.name}: balance (warm-up)`, { url, connections, duration: 3, headers: mine });
      results.push(
        await load(`${t.name}: GET /api/leave/mobile/leave-balance`, {
          url,
          connections,
          duration,
          headers: mine,
        }),
      );
      const byId = `${base}/api/leave/leave-balance/${employee.userResponse.employee_id}`;
      const adminHeaders = { authorization: `Bearer ${admin.token}`, 'access-token': admin.token };
      results.push(
        await load(`${t.name}: GET /api/leave/leave-balance/{id} (admin)`, {
          url: byId,
          connections,
          duration,
          headers: adminHeaders,
        }),
      );

      const run = async (label: string) => {
        const started = Date.now();
        const res = await fetch(`${base}/api/leave/accrual/run`, {
          method: 'POST',
          headers: { ...adminHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({ as_of: today }),
        });
        const body = await res.json();
        accrual.push(
          `[${t.name}] ${label}: ${((Date.now() - started) / 1000).toFixed(2)} s, ${res.status} ${JSON.stringify(body.data)}`,
        );
      };
      await run('monthly accrual, first run of the month');
      await run('monthly accrual, second run (nothing to credit)');
    });
  } finally {
    await t.cleanup();
  }
}
console.log(
  `\n${connections} connections, ${duration} s, ${employees} employees, ${new Date().toISOString()}\n`,
);
console.log(table(results));
for (const a of accrual) console.log(a);
