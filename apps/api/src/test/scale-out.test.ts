import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index';
import { seedPayrollBulk, seedPayrollPeople } from '../db/seed/payroll-demo';
import { manualClock } from '../lib/clock';
import { createTestDb, eventually, isPgTest } from './helper';

/**
 * Scale-out (issue 22): two API processes with JOBS=false and two job workers, separate processes on
 * one fresh PostgreSQL database, share a 2,500-employee pay run's computation and its payslip PDFs.
 * Compute: a run created through API A and computed through API B is shared by both workers, with one
 * payslip per employee; then the database drops every connection in the middle of a compute and the
 * run still ends computed, once each. Payslips: the run, reviewed and confirmed through API A, has its
 * PDFs asked for through API B; both workers write a share, the API processes none; every connection
 * drops while chunks have written their files but not their rows, and the run still ends with exactly
 * one stored file (and one mail) per confirmed payslip: none missing, none twice.
 *
 * To make "in the middle" certain, the test holds a lock that a chunk waits for: for compute, a table
 * only a compute chunk reads (payroll_opening_ytd), so the workers' chunks take their payslips and
 * wait there; for payslips, `payslip_files` in SHARE mode, which lets a chunk read it, render and
 * write its files but not insert its rows. The test sees them waiting in pg_stat_activity (each
 * process names itself with application_name). The PDFs are not password-protected (the default),
 * the quicker kind to render.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const EMPLOYEES = 2500;
const MONTH = '2026-11';

type Proc = { name: string; child: ChildProcess; out: string[] };
const procs: Proc[] = [];
let dbUrl = '';
let db: Db;
let drop = async () => {};
let dataDir = '';
let acme = '';
let ports: number[] = [];
let token = '';
let runId = '';
let expected = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const urlAs = (name: string) => {
  const u = new URL(dbUrl);
  u.searchParams.set('application_name', name);
  return u.toString();
};

/**
 * One installation's secrets, given to every process (several processes on one database must share
 * them: README, ADR 0019); the seed encrypts the demo's bank accounts and PANs with the same key.
 */
const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('hex') };

function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      DB_POOL_MAX: '4',
      DATABASE_URL: urlAs(name),
      ...SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: Proc = { name, child, out: [] };
  child.stdout!.on('data', (d) => p.out.push(String(d)));
  child.stderr!.on('data', (d) => p.out.push(String(d)));
  procs.push(p);
  return p;
}
const output = (name: string) => procs.find((p) => p.name === name)!.out.join('');

/** The payslips each process logged as computed for the run (from its "pay run chunk computed" lines). */
function chunksLogged(name: string, run: string): number[] {
  return output(name)
    .split('\n')
    .filter((l) => l.includes('"pay run chunk computed"') && l.includes(run))
    .map((l) => (JSON.parse(l) as { payslips: number }).payslips);
}

async function api(port: number, method: string, path: string, body?: object) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    json: (await res.json()) as { message: string; data: Record<string, unknown> },
  };
}

/** The payslips each process logged as written to PDF for the run (its "payslip PDFs written" lines). */
function pdfChunksLogged(name: string, run: string): number[] {
  return output(name)
    .split('\n')
    .filter((l) => l.includes('"payslip PDFs written"') && l.includes(run))
    .map((l) => (JSON.parse(l) as { payslips: number }).payslips);
}

/** Every file the store holds under the company's folder of the data dir (payslips are its only files here). */
function storedFiles(): string[] {
  const dir = join(dataDir, 'files', acme.toLowerCase());
  try {
    return readdirSync(dir).map((f) => `${acme.toLowerCase()}/${f}`);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/** Retries of payslip jobs the workers logged so far. */
function payslipRetries(): number {
  return (output('hr_worker_1') + output('hr_worker_2'))
    .split('\n')
    .filter((l) => l.includes('"job failed, will retry"') && l.includes('"job":"payrun-payslips"')).length;
}

/**
 * A transaction holding a lock that lets a payslip chunk read `payslip_files`, render and write its
 * files, but not insert its rows: every chunk then waits with its files on disk and no rows.
 */
async function holdPdfRows() {
  const c = new pg.Client({ connectionString: urlAs('scale_out_test_lock') });
  await c.connect();
  await c.query('BEGIN');
  await c.query('LOCK TABLE payslip_files IN SHARE MODE');
  return c;
}

/** A transaction holding the lock every compute chunk waits for, until released. */
async function holdChunks() {
  const c = new pg.Client({ connectionString: urlAs('scale_out_test_lock') });
  await c.connect();
  await c.query('BEGIN');
  await c.query('LOCK TABLE payroll_opening_ytd IN ACCESS EXCLUSIVE MODE');
  return c;
}

async function waitingOnLock(c: pg.Client): Promise<string[]> {
  const { rows } = await c.query<{ application_name: string }>(
    `SELECT DISTINCT application_name FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' ORDER BY 1`,
  );
  return rows.map((r) => r.application_name);
}

async function runComputed(port: number, ms: number) {
  const ok = await eventually(
    async () => (await api(port, 'GET', `/api/payrun/${runId}`)).json.data.status === 'computed',
    ms,
  );
  expect(ok).toBe(true);
}

/** Exactly one computed payslip for every employee of the month with a salary: none missing, none twice. */
async function payslipsOnce() {
  const { rows } = await db.query<{ n: number; employees: number; computed: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT employee_id)::int AS employees,
            count(*) FILTER (WHERE status = 'computed')::int AS computed
       FROM payslips WHERE run_id = $1`,
    [runId],
  );
  expect(rows[0]).toEqual({ n: expected, employees: expected, computed: expected });
  const { rows: missing } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pay_run_attendance a
      WHERE a.run_id = $1 AND EXISTS (SELECT 1 FROM employee_salaries s WHERE s.employee_id = a.employee_id)
        AND NOT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = a.run_id AND p.employee_id = a.employee_id)`,
    [runId],
  );
  expect(missing[0]!.n).toBe(0);
  const run = (await api(ports[0]!, 'GET', `/api/payrun/${runId}`)).json.data as {
    status: string;
    totals: { employees: number };
  };
  expect(run.status).toBe('computed');
  expect(run.totals.employees).toBe(expected);
}

async function stopAll() {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
          const kill = setTimeout(() => p.child.kill('SIGKILL'), 8000);
          p.child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          p.child.kill('SIGTERM');
        }),
    ),
  );
}

describe.skipIf(!isPgTest())(
  'scale-out: API processes and job workers share one PostgreSQL (PostgreSQL only: PGlite’s data folder belongs to one process)',
  () => {
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'hr-scale-out-'));
      const made = await createTestDb();
      db = made.db;
      dbUrl = made.url!;
      drop = made.drop;
      await migrate(db);
      await seedDemo(db);
      await seedPayrollPeople(
        db,
        SECRETS.DATA_KEY,
        'Acme Corp',
        manualClock(new Date('2026-11-20T06:00:00Z')),
      );
      acme = (await db.query<{ id: string }>(`SELECT id FROM companies WHERE name = 'Acme Corp'`)).rows[0]!
        .id;
      await seedPayrollBulk(db, acme, EMPLOYEES - 60);
      ports = [await freePort(), await freePort()];
      startProcess('hr_api_a', 'apps/api/src/server.ts', { PORT: String(ports[0]), JOBS: 'false' });
      startProcess('hr_api_b', 'apps/api/src/server.ts', { PORT: String(ports[1]), JOBS: 'false' });
      startProcess('hr_worker_1', 'apps/api/src/worker.ts', {});
      startProcess('hr_worker_2', 'apps/api/src/worker.ts', {});
      const exited = () => procs.find((p) => p.child.exitCode !== null);
      const up = await eventually(async () => {
        // A process that ended will not come up: say why at once rather than after the wait.
        if (exited()) return true;
        const ready = await Promise.all(
          ports.map((port) =>
            fetch(`http://127.0.0.1:${port}/api/health`).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        );
        return (
          ready.every(Boolean) &&
          output('hr_worker_1').includes('job worker started') &&
          output('hr_worker_2').includes('job worker started')
        );
        // Four processes load the app at once: seconds on an idle machine, minutes on a crowded one.
      }, 240_000);
      if (!up || exited())
        throw new Error(
          `processes did not start:\n${procs.map((p) => `${p.name}: ${output(p.name)}`).join('\n')}`,
        );
      const login = await api(ports[0]!, 'POST', '/api/auth/login', {
        email: 'admin@acme.test',
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      token = login.json.data.token as string;
    }, 360_000);

    afterAll(async () => {
      await stopAll();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a run created through API A and computed through API B is shared by both workers, once per employee', async () => {
      const created = await api(ports[0]!, 'POST', '/api/payrun', {
        month: 11,
        year: 2026,
        pay_date: '2026-11-30',
      });
      expect(created.status).toBe(201);
      runId = created.json.data.id as string;
      expect((await api(ports[0]!, 'POST', `/api/payrun/confirm-attendance/${runId}`)).status).toBe(200);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM employees e
          WHERE e.company_id = $1 AND e.date_of_joining <= $2::date AND (e.exit_date IS NULL OR e.exit_date >= $3::date)
            AND EXISTS (SELECT 1 FROM employee_salaries s WHERE s.employee_id = e.id AND s.effective_from <= $2::date)`,
        [acme, `${MONTH}-30`, `${MONTH}-01`],
      );
      expected = rows[0]!.n;
      expect(expected).toBeGreaterThan(EMPLOYEES - 10);

      const lock = await holdChunks();
      try {
        const compute = await api(ports[1]!, 'POST', `/api/payrun/${runId}/compute`);
        expect(compute.status).toBe(200);
        // Both workers hold a share of the run (their chunks wait for the lock).
        const both = await eventually(async () => {
          const w = await waitingOnLock(lock);
          return w.includes('hr_worker_1') && w.includes('hr_worker_2');
        }, 30_000);
        expect(both).toBe(true);
        expect(await waitingOnLock(lock)).not.toContain('hr_api_b');
      } finally {
        await lock.query('COMMIT');
        await lock.end();
      }
      await runComputed(ports[0]!, 60_000);
      await payslipsOnce();
      // Each worker computed a share; together exactly the run; the API processes computed nothing.
      const one = chunksLogged('hr_worker_1', runId);
      const two = chunksLogged('hr_worker_2', runId);
      expect(one.length).toBeGreaterThan(0);
      expect(two.length).toBeGreaterThan(0);
      expect([...one, ...two].reduce((a, b) => a + b, 0)).toBe(expected);
      expect(chunksLogged('hr_api_a', runId)).toEqual([]);
      expect(chunksLogged('hr_api_b', runId)).toEqual([]);
    }, 120_000);

    it('every connection dropped in the middle of a compute: the jobs retry and the run ends computed, once each', async () => {
      const before = {
        one: chunksLogged('hr_worker_1', runId).length,
        two: chunksLogged('hr_worker_2', runId).length,
      };
      const lock = await holdChunks();
      let terminated = 0;
      try {
        // Computed again (back to draft first), through API A this time.
        expect((await api(ports[0]!, 'POST', `/api/payrun/${runId}/compute`)).status).toBe(200);
        const inChunk = await eventually(async () => {
          const w = await waitingOnLock(lock);
          return w.some((n) => n.startsWith('hr_worker_'));
        }, 30_000);
        expect(inChunk).toBe(true);
        // What a restart of PostgreSQL does to the processes: every other connection goes.
        const { rows } = await lock.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()) t`,
        );
        terminated = rows[0]!.n;
      } finally {
        await lock.query('COMMIT');
        await lock.end();
      }
      expect(terminated).toBeGreaterThan(2);
      await runComputed(ports[1]!, 90_000);
      await payslipsOnce();
      // The interrupted job failed and was retried; no process died of it.
      const logs = output('hr_worker_1') + output('hr_worker_2');
      expect(logs).toContain('job failed, will retry');
      for (const p of procs)
        expect({ name: p.name, exit: p.child.exitCode }).toEqual({ name: p.name, exit: null });
      // The payslips logged since (the compute after the drop) add up to the run once.
      const after = [
        ...chunksLogged('hr_worker_1', runId).slice(before.one),
        ...chunksLogged('hr_worker_2', runId).slice(before.two),
      ];
      expect(after.reduce((a, b) => a + b, 0)).toBe(expected);
    }, 150_000);

    it('the payslip PDFs of the confirmed run, asked for through the other API process, are shared by both workers; every connection dropped with files written and their rows not: one file per payslip in the end', async () => {
      // Review: every open anomaly acknowledged, then confirmed through API A.
      const review = await api(ports[0]!, 'GET', `/api/payrun/review/${runId}?page=1&records=10`);
      expect(review.status).toBe(200);
      const open = (review.json.data.anomalies as { id: string; acknowledged_at: string | null }[])
        .filter((a) => a.acknowledged_at === null)
        .map((a) => a.id);
      if (open.length > 0) {
        const ack = await api(ports[0]!, 'PUT', `/api/payrun/${runId}/anomalies/acknowledge`, {
          ids: open,
          reason: 'Checked for the scale-out test',
        });
        expect(ack.status).toBe(200);
      }
      const confirm = await api(ports[0]!, 'PUT', `/api/payrun/${runId}/confirm`);
      expect(confirm.status, confirm.json.message).toBe(200);
      expect(storedFiles()).toEqual([]);
      const retriesBefore = payslipRetries();

      // Asked for through API B.
      const generate = await api(ports[1]!, 'POST', `/api/payrun/payslips/${runId}`);
      expect(generate.status, generate.json.message).toBe(202);
      const lock = await holdPdfRows();
      let terminated = 0;
      try {
        // Both workers hold a share at once: each has rendered a chunk, written its files and waits
        // to record them.
        const both = await eventually(async () => {
          const w = await waitingOnLock(lock);
          return w.includes('hr_worker_1') && w.includes('hr_worker_2');
          // Each worker starts its PDF threads and renders a chunk first: seconds on an idle machine,
          // over a minute while CI runs other test files beside it (60 s was not enough there).
        }, 180_000);
        expect(both).toBe(true);
        const waiting = await waitingOnLock(lock);
        expect(waiting).not.toContain('hr_api_a');
        expect(waiting).not.toContain('hr_api_b');
        const { rows } = await lock.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM payslip_files WHERE run_id = $1',
          [runId],
        );
        expect(storedFiles().length).toBeGreaterThan(rows[0]!.n);
        // A restart of PostgreSQL now: the waiting chunks roll back and leave their files behind.
        const { rows: killed } = await lock.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()) t`,
        );
        terminated = killed[0]!.n;
      } finally {
        await lock.query('COMMIT');
        await lock.end();
      }
      expect(terminated).toBeGreaterThan(2);
      const generated = await eventually(
        async () =>
          (await api(ports[0]!, 'GET', `/api/payrun/${runId}`)).json.data.payslips_status === 'generated',
        200_000,
      );
      expect(generated).toBe(true);

      // Every confirmed payslip has exactly one file row, and the rows name exactly the files on disk:
      // the files of the rolled-back chunks were written again under the same keys, never beside them.
      const { rows: slips } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payslips WHERE run_id = $1 AND confirmed AND status = 'computed'`,
        [runId],
      );
      expect(slips[0]!.n).toBe(expected);
      const { rows: files } = await db.query<{ payslip_id: string; file_key: string }>(
        `SELECT f.payslip_id, f.file_key FROM payslip_files f JOIN payslips p ON p.id = f.payslip_id
          WHERE f.run_id = $1 AND p.run_id = $1 AND p.confirmed AND p.status = 'computed'`,
        [runId],
      );
      expect(files.length).toBe(expected);
      expect(new Set(files.map((f) => f.payslip_id)).size).toBe(expected);
      const keys = files.map((f) => f.file_key).sort();
      expect(new Set(keys).size).toBe(expected);
      expect(storedFiles().sort()).toEqual(keys);
      // One mail a payslip (queued with its file, in the same transaction): none twice.
      const { rows: mails } = await db.query<{ n: number; recipients: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS recipients FROM mail_outbox
          WHERE subject = 'Your payslip for Nov 2026'`,
      );
      const { rows: withMail } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payslips p JOIN employees e ON e.id = p.employee_id
          WHERE p.run_id = $1 AND e.email IS NOT NULL`,
        [runId],
      );
      expect(withMail[0]!.n).toBeGreaterThan(0);
      expect(mails[0]).toEqual({ n: withMail[0]!.n, recipients: withMail[0]!.n });

      // The interrupted jobs failed and were retried; no process died of it.
      expect(payslipRetries()).toBeGreaterThan(retriesBefore);
      for (const p of procs)
        expect({ name: p.name, exit: p.child.exitCode }).toEqual({ name: p.name, exit: null });
      // The API processes wrote none; each worker wrote a share. The logged shares add up to at least
      // the run: a chunk that locked payslips whose files another worker had just committed counts
      // them without writing them (the rows and files above are the exact count).
      expect(pdfChunksLogged('hr_api_a', runId)).toEqual([]);
      expect(pdfChunksLogged('hr_api_b', runId)).toEqual([]);
      const one = pdfChunksLogged('hr_worker_1', runId);
      const two = pdfChunksLogged('hr_worker_2', runId);
      expect(one.length).toBeGreaterThan(0);
      expect(two.length).toBeGreaterThan(0);
      expect([...one, ...two].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(expected);
    }, 420_000);
  },
);
