// Benchmark: attendance at 5,000 employees on PostgreSQL (DATABASE_URL or BENCH_DATABASE_URL, a
// server where a scratch database may be created). Targets: ingest of 100,000 punches ≤ 10 s,
// re-deriving a month for everyone after a holiday is added ≤ 5 s, the month's muster ≤ 1 s.
//   npx tsx bench/attendance.ts [--employees 5000] [--punches 100000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed/index';
import { manualClock } from '../apps/api/src/lib/clock';
import {
  createAttendanceService,
  rederiveListener,
} from '../apps/api/src/modules/attendance/attendance.service';
import type { Actor } from '../apps/api/src/plugins/auth';

const { values } = parseArgs({
  options: { employees: { type: 'string', default: '5000' }, punches: { type: 'string', default: '100000' } },
});
const employees = Number(values.employees);
const punchCount = Number(values.punches);
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const name = `hr_bench_att_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db = await createDb({ databaseUrl: url.toString(), poolMax: 4 });

const figures: [string, number, number][] = [];
const timed = async <T>(label: string, target: number, fn: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const out = await fn();
  const s = (performance.now() - t0) / 1000;
  figures.push([label, s, target]);
  console.log(`${label}: ${s.toFixed(2)} s (target ≤ ${target} s)`);
  return out;
};

try {
  await migrate(db);
  await seedDemo(db);
  const company = (await db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Acme Corp'"))
    .rows[0]!.id;
  const adminUser = (
    await db.query<{ id: string; employee_id: string }>(
      "SELECT u.id, e.id AS employee_id FROM users u JOIN employees e ON lower(e.email) = lower(u.email) WHERE lower(u.email) = 'admin@acme.test'",
    )
  ).rows[0]!;
  await db.tenant(company, (tx) =>
    tx.query(
      `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, date_of_joining)
       SELECT current_setting('app.company_id')::uuid, 'B' || lpad(g::text, 5, '0'), 'Bench', 'Person ' || g,
              'bench' || g || '@acme.test', '2025-01-01'
         FROM generate_series(1, $1) g`,
      [employees],
    ),
  );
  const codes = (
    await db.tenant(company, (tx) =>
      tx.query<{ employee_code: string }>(
        "SELECT employee_code FROM employees WHERE employee_code LIKE 'B%' ORDER BY 1",
      ),
    )
  ).rows.map((r) => r.employee_code);
  console.log(`${codes.length} bench employees in Acme`);

  const clock = manualClock(new Date('2026-04-02T06:00:00Z'));
  const svc = createAttendanceService({ db, clock });
  const actor: Actor = {
    userId: adminUser.id,
    companyId: company,
    sessionId: 'bench',
    employeeId: adminUser.employee_id,
    roleName: 'Admin',
    permissions: ['admin_reports.view', 'employee_list.view'],
    scope: 'company',
    ip: '127.0.0.1',
    requestId: 'bench',
  };

  // Punches: an in and an out per employee per working day of March 2026 (IST), as many as asked.
  const punches: { employee_code: string; at: string }[] = [];
  const days = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`).filter(
    (d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0,
  );
  outer: for (const d of days) {
    for (const code of codes) {
      if (punches.length >= punchCount) break outer;
      const late = (code.charCodeAt(5) % 7) * 3;
      punches.push({ employee_code: code, at: `${d}T04:${String(late).padStart(2, '0')}:00Z` });
      punches.push({ employee_code: code, at: `${d}T13:10:00Z` });
    }
  }
  const ingest = await timed(`ingest ${punches.length} punches (ledger + re-derive touched days)`, 10, () =>
    svc.importPunches(actor, { source: 'biometric', device_id: 'bench', punches }),
  );
  console.log(`  stored ${ingest.stored}, duplicates ${ingest.duplicates}`);
  const again = await svc.importPunches(actor, {
    source: 'biometric',
    device_id: 'bench',
    punches: punches.slice(0, 1000),
  });
  console.log(`  the first 1,000 sent again: stored ${again.stored}, duplicates ${again.duplicates}`);

  await timed(`holiday added: re-derive March for all ${codes.length + 10} employees`, 5, () =>
    db.tenant(company, async (tx) => {
      await tx.query(
        `INSERT INTO holidays (company_id, calendar_id, holiday_date, name)
         SELECT company_id, holiday_calendar_id, '2026-03-10', 'Bench holiday' FROM master_policies WHERE is_default`,
      );
      await rederiveListener(clock)(tx, {
        companyId: company,
        employeeIds: 'all',
        from: '2026-03-01',
        to: '2026-03-31',
        reason: 'holiday',
      });
    }),
  );
  const muster = await timed(`muster March 2026, ${codes.length} employees × 31 days`, 1, () =>
    svc.muster(actor, { month: 3, year: 2026, sortBy: 'employee_code', sortOrder: 'asc' }),
  );
  const cells = muster.rows.reduce((n, r) => n + r.days.filter(Boolean).length, 0);
  console.log(`  ${muster.rows.length} rows, ${cells} days with a status`);
  // Warm (the plan cached, pages in memory): what a second reader sees.
  await timed('muster again (warm)', 1, () =>
    svc.muster(actor, { month: 3, year: 2026, sortBy: 'employee_code', sortOrder: 'asc' }),
  );

  console.log('\n| step | seconds | target |\n|---|---:|---:|');
  for (const [label, s, target] of figures) console.log(`| ${label} | ${s.toFixed(2)} | ≤ ${target} |`);
} finally {
  await db.close();
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
