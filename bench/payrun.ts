// Benchmark: a month's pay run for N employees of one company (issue 22). Targets on PostgreSQL:
// 10,000 employees computed and persisted ≤ 3 s; 100,000 ≤ 30 s with memory flat (RSS growth ≤ 1 GB).
// Frappe HRMS publishes 76–92 ms per employee for salary-slip creation; the per-employee figure is
// printed beside it.
//   npx tsx bench/payrun.ts [--employees 10000] [--pglite] [--workers 1]
// PostgreSQL: DATABASE_URL or BENCH_DATABASE_URL (a server where a scratch database may be made);
// --pglite runs on the embedded database instead. Prints node's CPU and the server backends' CPU (from
// /proc); BENCH_PIDS=1 also prints the backends' pids (for `perf record`), BENCH_KEEP=1 keeps the
// scratch database, BENCH_PROFILE=file.cpuprofile writes a CPU profile of the compute.
import { parseArgs } from 'node:util';
import { createDb, createPgliteDb, type Db } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed/index';
import { seedPayrollBulk, seedPayrollPeople } from '../apps/api/src/db/seed/payroll-demo';
import { manualClock } from '../apps/api/src/lib/clock';
import { payrollEmployeesIn } from '../apps/api/src/modules/employees';
import { prepareRun } from '../apps/api/src/modules/payrun/compute';
import { computeRun } from '../apps/api/src/modules/payrun/jobs';
import { payableDaysOf } from '../apps/api/src/modules/payrun/payable-days';
import { readPayrunSettings } from '../apps/api/src/modules/payrun/settings';
import { scratchPgDatabase } from './lib';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '10000' },
    pglite: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
  },
});
const extra = Number(values.employees) - 60;
const workers = Number(values.workers);
const MONTH = '2026-11';

let db: Db;
let drop = async () => {};
if (values.pglite) {
  db = await createPgliteDb();
} else {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchPgDatabase(serverUrl, 'hr_bench_payrun');
  db = await createDb({ databaseUrl: scratch.url, poolMax: Math.max(4, workers + 2) });
  drop = scratch.drop;
}

const mb = (n: number) => Math.round(n / 1024 / 1024);
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

try {
  const clock = manualClock(new Date('2026-11-20T06:00:00Z'));
  await migrate(db);
  await seedDemo(db);
  await seedPayrollPeople(db, 'bench-data-key', 'Acme Corp', clock);
  const company = (await db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Acme Corp'"))
    .rows[0]!.id;
  const user = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@acme.test'"))
    .rows[0]!.id;

  // N − 60 more people like the demo's: their facts, and a salary copied round-robin from the 60.
  let t0 = performance.now();
  await seedPayrollBulk(db, company, extra);
  console.log(
    `seeded ${extra + 60} employees with salaries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const runId = await db.tenant(company, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO pay_runs (company_id, month, pay_date, created_by) VALUES ($1, $2, '2026-11-30', $3) RETURNING id`,
      [company, `${MONTH}-01`, user],
    );
    return rows[0]!.id;
  });

  // Taking the month's attendance (confirm-attendance): payable days for everyone.
  t0 = performance.now();
  await db.tenant(company, async (tx) => {
    const settings = await readPayrunSettings(tx);
    const { rows } = await payrollEmployeesIn(tx, `${MONTH}-01`, `${MONTH}-30`);
    const days = await payableDaysOf(tx, company, MONTH, rows, settings);
    const list = [...days.values()];
    for (let i = 0; i < list.length; i += 5000) {
      await tx.query(
        `INSERT INTO pay_run_attendance (run_id, company_id, employee_id, source, system_lop_days, lop_days, detail)
         SELECT $1, $2, x.employee_id, 'system', x.lop_days, x.lop_days, x.detail
           FROM jsonb_to_recordset($3::jsonb) AS x(employee_id uuid, lop_days numeric, detail jsonb)`,
        [
          runId,
          company,
          JSON.stringify(
            list
              .slice(i, i + 5000)
              .map((d) => ({ employee_id: d.employee_id, lop_days: d.lop_days, detail: d })),
          ),
        ],
      );
    }
    await tx.query(`UPDATE pay_runs SET attendance_status = 'confirmed' WHERE id = $1`, [runId]);
  });
  const attendanceS = (performance.now() - t0) / 1000;
  console.log(`attendance taken (payable days for everyone): ${attendanceS.toFixed(2)} s`);

  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the compute alone.
  const { Session } = await import('node:inspector/promises');
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  // PostgreSQL's CPU for the run: its backends of this database (read from /proc, so only for a
  // server on this machine; both cores are shared, so this and node's CPU say more than wall time
  // on a busy machine). A backend started during the run counts from zero.
  const backendTicks = async (): Promise<Map<number, number>> => {
    const out = new Map<number, number>();
    if (values.pglite) return out;
    const { rows } = await db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    const fs = await import('node:fs');
    for (const { pid } of rows) {
      try {
        const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(pid, Number(f[11]) + Number(f[12]));
      } catch {
        // not on this machine, or gone
      }
    }
    return out;
  };
  const ticksBefore = await backendTicks();
  const cpuBefore = process.cpuUsage();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  t0 = performance.now();
  const n = await db.tenant(company, (tx) => prepareRun(tx, company, runId, MONTH, user));
  const prepared = performance.now();
  // What the job does (computeRun: chunks, then finish), `workers` times at once as separate workers would.
  await Promise.all(Array.from({ length: workers }, () => computeRun(db, company, runId)));
  const finished = performance.now();
  const total = (finished - t0) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  let serverTicks = 0;
  const ticksAfter = await backendTicks();
  for (const [pid, t] of ticksAfter) serverTicks += t - (ticksBefore.get(pid) ?? 0);
  if (process.env.BENCH_PIDS) console.log('server pids', [...ticksAfter.keys()].join(','));
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
  }
  const check = await db.tenant(company, (tx) =>
    tx.query<{
      status: string;
      n: number;
      input_b: number;
      lines_b: number;
      input_text_b: number;
      lines_text_b: number;
    }>(
      `SELECT status, count(*)::int AS n, avg(pg_column_size(input))::int AS input_b, avg(pg_column_size(lines))::int AS lines_b,
              avg(octet_length(input::text))::int AS input_text_b, avg(octet_length(lines::text))::int AS lines_text_b
         FROM payslips WHERE run_id = $1 GROUP BY status`,
      [runId],
    ),
  );
  const target = n >= 100_000 ? 30 : 3;
  console.log(
    JSON.stringify({
      database: values.pglite ? 'PGlite' : 'PostgreSQL',
      employees: n,
      workers,
      payslips: Object.fromEntries(check.rows.map((r) => [r.status, r.n])),
      // What one payslip stores (on disk, compressed; and as JSON text sent both ways).
      stored_bytes: check.rows.map((r) => ({
        input: r.input_b,
        lines: r.lines_b,
        input_json: r.input_text_b,
        lines_json: r.lines_text_b,
      }))[0],
      prepare_s: +((prepared - t0) / 1000).toFixed(2),
      compute_and_finish_s: +((finished - prepared) / 1000).toFixed(2),
      compute_and_persist_s: +total.toFixed(2),
      target_s: target,
      per_employee_ms: +((total * 1000) / n).toFixed(3),
      node_cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      ...(values.pglite ? {} : { server_cpu_s: +(serverTicks / 100).toFixed(2) }),
      load_average: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)),
      frappe_hrms_per_employee_ms: '76–92',
      rss_before_mb: mb(rssBefore),
      rss_peak_mb: mb(peakRss),
      rss_growth_mb: mb(peakRss - rssBefore),
    }),
  );
} finally {
  clearInterval(sampler);
  await db.close();
  // BENCH_KEEP=1 leaves the scratch database for a look at its rows and plans afterwards.
  if (!process.env.BENCH_KEEP) await drop();
}
