/**
 * `npm run test:deploy`: the deployment of deploy/ started as a test, and used as people would.
 *
 * It starts, in a temporary folder and on ports DEPLOY_PORT_BASE..+3 (default 18740):
 * - a fresh database on the PostgreSQL server of DATABASE_URL (dropped at the end);
 * - PgBouncer in transaction mode in front of it (the settings of deploy/pgbouncer/pgbouncer.ini
 *   that matter: pool_mode = transaction, no startup options);
 * - two API processes (JOBS=false) whose DATABASE_URL is PgBouncer and DIRECT_DATABASE_URL the
 *   database (ADR 0021), and one job worker likewise;
 * - nginx with a self-signed certificate made by openssl now, HTTP/2, the upstream of the two
 *   processes, and deploy/nginx/hr-locations.conf included as it is.
 * Then, over HTTPS through nginx (HTTP/2, the certificate checked): the app and its assets, sign-in,
 * an employee's leave request; the manager approves it on the other API process directly; the
 * employee sees the notification; a session signed out on one process is refused at once on the
 * other; a pay run is computed by the job worker; PgBouncer's own counters show the traffic.
 * Faults: API process 1 is killed (SIGKILL) under load through nginx, and no more requests fail
 * than were in flight; the worker is killed in the middle of a 3,000-employee pay run, started
 * again, and the run completes with each payslip once.
 *
 * Prints PASS or FAIL per step and exits non-zero on the first failure, after stopping everything it
 * started (also on Ctrl-C and when the whole run passes two minutes).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPgDb } from '../apps/api/src/db/client';
import { seedPayrollBulk } from '../apps/api/src/db/seed/payroll-demo';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIMIT_MS = 120_000;
const started = Date.now();
const base = Number(process.env.DEPLOY_PORT_BASE ?? 18740);
const PORT = { pgbouncer: base, api1: base + 1, api2: base + 2, https: base + 3 };
const isRoot = process.getuid?.() === 0;

// ---------------------------------------------------------------------------------------------
// Steps and clean-up

class StepFailed extends Error {}

/** `killed`: stopped on purpose by a fault step (its exit is not a failure). */
const children: { name: string; child: ChildProcess; log: string; killed: boolean }[] = [];
let tmp = '';
let adminUrl = '';
let dbName = '';
let cleaned: Promise<void> | null = null;

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  try {
    const result = await fn();
    console.log(`PASS  ${name}  (${Date.now() - t} ms)`);
    return result;
  } catch (err) {
    console.log(`FAIL  ${name}  (${Date.now() - t} ms)\n      ${err instanceof Error ? err.message : err}`);
    throw new StepFailed(name);
  }
}

function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  // Each child leads its own process group: the signal reaches what it started too (nginx's workers).
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const killed = setTimeout(() => signal('SIGKILL'), 5000);
  await gone;
  clearTimeout(killed);
}

function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    await Promise.all(children.map((c) => stop(c.child)));
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } catch (err) {
        console.log(`      (could not drop database ${dbName}: ${(err as Error).message})`);
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
    if (tmp && !process.env.DEPLOY_KEEP) rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaned;
}

function showLogs() {
  for (const c of children) {
    let text = '';
    try {
      text = readFileSync(c.log, 'utf8');
    } catch {
      continue;
    }
    const tail = text.trimEnd().split('\n').slice(-15).join('\n        ');
    if (tail) console.log(`  --- last lines of ${c.name} ---\n        ${tail}`);
  }
}

let failing = false;

async function fail(reason: string): Promise<never> {
  // Once: a failure's clean-up stops processes, which must not report their exits as failures too.
  if (failing) return new Promise<never>(() => undefined);
  failing = true;
  console.log(`\nFAIL  test:deploy: ${reason} after ${elapsed()}`);
  showLogs();
  await cleanUp();
  process.exit(1);
}

for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void fail(`stopped by ${s}`));
// Whatever goes wrong, nothing started is left running.
process.on('uncaughtException', (err) => void fail(`unexpected error: ${err.stack ?? err}`));
process.on('unhandledRejection', (err) => void fail(`unexpected error: ${(err as Error)?.stack ?? err}`));
setTimeout(() => void fail(`not finished within ${LIMIT_MS / 1000} s`), LIMIT_MS).unref();

// ---------------------------------------------------------------------------------------------
// Processes

function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const log = path.join(tmp, `${name}.log`);
  writeFileSync(log, '');
  // A descriptor the child writes to directly: its output is kept even if this script dies first.
  const out = openSync(log, 'a');
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  const entry = { name, child, log, killed: false };
  children.push(entry);
  child.on('exit', (code, signal) => {
    if (!cleaned && !entry.killed) void fail(`${name} exited (${signal ?? `code ${code}`})`);
  });
  return child;
}

/** SIGKILL, as a crash or the OOM killer would: no clean-up in the process. */
async function crash(name: string): Promise<void> {
  const entry = children.find((c) => c.name === name && !c.killed);
  if (!entry) throw new Error(`no running ${name}`);
  entry.killed = true;
  const gone = new Promise<void>((r) => entry.child.once('exit', () => r()));
  process.kill(-entry.child.pid!, 'SIGKILL');
  await gone;
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const ready = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;

// ---------------------------------------------------------------------------------------------
// HTTP: through nginx over HTTP/2 and TLS (the test's own certificate as the only authority), or
// straight to an API process.

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes; each step checks what it reads
type Answer = { status: number; headers: Record<string, string>; text: string; json: () => any };

let h2: http2.ClientHttp2Session | null = null;

type NginxOptions = { token?: string; body?: unknown; headers?: Record<string, string> };

/**
 * One request through nginx. nginx ends an HTTP/2 connection after 1,000 requests (GOAWAY) and
 * refuses the streams it will not process: like a browser, the request is sent again once on a new
 * connection (the server did not act on it).
 */
async function viaNginx(method: string, url: string, opts: NginxOptions = {}): Promise<Answer> {
  try {
    return await viaNginxOnce(method, url, opts);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const refused = e.code === 'ERR_HTTP2_GOAWAY_SESSION' || /REFUSED_STREAM/.test(e.message ?? '');
    if (!refused) throw err;
    h2 = null;
    return viaNginxOnce(method, url, opts);
  }
}

function viaNginxOnce(method: string, url: string, opts: NginxOptions): Promise<Answer> {
  if (!h2) {
    const made = http2.connect(`https://localhost:${PORT.https}`, {
      ca: readFileSync(path.join(tmp, 'tls.crt')),
    });
    // A session that failed (nginx not listening yet) or closed is replaced by the next request;
    // its requests fail with the error.
    const forget = () => {
      if (h2 === made) h2 = null;
    };
    made.on('error', forget);
    made.on('close', forget);
    made.on('goaway', forget);
    h2 = made;
  }
  const session = h2;
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': method, ':path': url, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const req = session.request(headers);
    const chunks: Buffer[] = [];
    let head: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => {
      head = h;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const flat = Object.fromEntries(Object.entries(head).map(([k, v]) => [k, String(v)]));
      resolve({ status: Number(head[':status']), headers: flat, text, json: () => JSON.parse(text) });
    });
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}

async function direct(
  port: number,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    text,
    json: () => JSON.parse(text),
  };
}

function expectStatus(res: Answer, status: number, what: string) {
  check(res.status === status, `${what}: ${res.status} instead of ${status}: ${res.text.slice(0, 300)}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) await fail('DATABASE_URL must name a PostgreSQL server where a database can be made');
  adminUrl = serverUrl!;
  console.log(`test:deploy: ports ${base}..${base + 3}\n`);

  await step('tools present: nginx, pgbouncer, openssl; the web app built', async () => {
    for (const tool of ['nginx', 'pgbouncer', 'openssl']) {
      try {
        execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      } catch {
        throw new Error(`${tool} is not installed (Debian: apt-get install -y nginx pgbouncer openssl)`);
      }
    }
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  });

  tmp = mkdtempSync(path.join(tmpdir(), 'hr-deploy-'));
  // PgBouncer drops root for `nobody`, which must read its files here.
  chmodSync(tmp, 0o755);

  const url = new URL(adminUrl);
  dbName = `${url.pathname.slice(1) || 'hr'}_deploy_${process.pid}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 60);
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${dbName}`;

  await step(`fresh database ${dbName}`, async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
    } finally {
      await admin.end();
    }
  });

  await step('self-signed certificate for localhost (openssl)', async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(tmp, 'tls.key'),
        '-out',
        path.join(tmp, 'tls.crt'),
      ],
      { stdio: 'ignore' },
    );
  });

  const pooledUrl = new URL(adminUrl);
  pooledUrl.host = `127.0.0.1:${PORT.pgbouncer}`;
  pooledUrl.pathname = `/${dbName}`;

  await step(`PgBouncer in transaction mode on :${PORT.pgbouncer}`, async () => {
    const user = decodeURIComponent(url.username || 'postgres');
    const password = decodeURIComponent(url.password);
    const server = [
      `host=${url.hostname}`,
      `port=${url.port || 5432}`,
      `dbname=${dbName}`,
      `user=${user}`,
      ...(password ? [`password=${password}`] : []),
    ].join(' ');
    writeFileSync(path.join(tmp, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
    writeFileSync(
      path.join(tmp, 'pgbouncer.ini'),
      [
        '[databases]',
        `${dbName} = ${server}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${PORT.pgbouncer}`,
        'unix_socket_dir =',
        'pool_mode = transaction',
        // The test's clients are trusted; deploy/pgbouncer/pgbouncer.ini uses scram-sha-256.
        'auth_type = trust',
        `auth_file = ${path.join(tmp, 'userlist.txt')}`,
        'default_pool_size = 10',
        'max_client_conn = 200',
        'server_reset_query =',
        'ignore_startup_parameters = extra_float_digits',
        'query_wait_timeout = 30',
        `admin_users = ${user}`,
        // SHOW STATS is refreshed every stats_period (default 60 s).
        'stats_period = 1',
        'log_stats = 0',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    start('pgbouncer', 'pgbouncer', [...(isRoot ? ['-u', 'nobody'] : []), path.join(tmp, 'pgbouncer.ini')]);
    await waitFor(
      'PgBouncer answers',
      async () => {
        const c = new pg.Client({ connectionString: pooledUrl.toString() });
        await c.connect();
        try {
          return (await c.query('SELECT 1 AS one')).rows[0].one === 1;
        } finally {
          await c.end();
        }
      },
      10_000,
    );
  });

  const secrets = {
    JWT_SECRET: `jwt-${'a'.repeat(8)}-${process.pid}-${Date.now()}-deploy-test`,
    DATA_KEY: '',
  };
  secrets.DATA_KEY = `key-${Date.now()}-${process.pid}-deploy-test-data-key`;
  const metricsToken = `metrics-${Date.now()}-${process.pid}-0123456789abcdef`;
  const appEnv = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: pooledUrl.toString(),
    DIRECT_DATABASE_URL: directUrl.toString(),
    DB_POOL_MAX: '5',
    DATA_DIR: path.join(tmp, 'data'),
    TRUST_PROXY: '127.0.0.1',
    APP_URL: `https://localhost:${PORT.https}`,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
    JOBS: 'false',
    ...secrets,
  };
  mkdirSync(appEnv.DATA_DIR, { recursive: true });
  const serve = ['--max-semi-space-size=8', '--import', 'tsx', 'apps/api/src/server.ts'];

  // All three start at once, as systemd starts them: one migrates while the others wait on its lock.
  await step(
    `API processes on :${PORT.api1} (seeds the demo) and :${PORT.api2}, and the job worker`,
    async () => {
      start('api1', process.execPath, serve, { ...appEnv, PORT: String(PORT.api1), SEED_DEMO: 'true' });
      start('api2', process.execPath, serve, { ...appEnv, PORT: String(PORT.api2), SEED_DEMO: 'false' });
      start(
        'worker',
        process.execPath,
        ['--max-semi-space-size=8', '--import', 'tsx', 'apps/api/src/worker.ts'],
        {
          ...appEnv,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
        },
      );
      await Promise.all([
        waitFor('API process 1 ready', ready(PORT.api1), 80_000),
        waitFor('API process 2 ready', ready(PORT.api2), 80_000),
        waitFor(
          'the worker started',
          async () => readFileSync(path.join(tmp, 'worker.log'), 'utf8').includes('job worker started'),
          80_000,
        ),
      ]);
    },
  );

  await step(
    'nginx site file passes nginx -t (certificate, root and include paths substituted)',
    async () => {
      const site = readFileSync(path.join(ROOT, 'deploy/nginx/hr-site.conf'), 'utf8')
        .replaceAll('/etc/hr/tls/fullchain.pem', path.join(tmp, 'tls.crt'))
        .replaceAll('/etc/hr/tls/privkey.pem', path.join(tmp, 'tls.key'))
        .replaceAll('/opt/hr/dist/web', path.join(ROOT, 'dist/web'))
        .replaceAll('/opt/hr/deploy/', path.join(ROOT, 'deploy/'))
        .replaceAll('/var/log/nginx/', `${tmp}/`);
      writeFileSync(path.join(tmp, 'site.conf'), site);
      writeFileSync(path.join(tmp, 'nginx-check.conf'), nginxConf(`include ${path.join(tmp, 'site.conf')};`));
      execFileSync('nginx', ['-t', '-q', '-p', tmp, '-c', path.join(tmp, 'nginx-check.conf')], {
        stdio: 'pipe',
      });
    },
  );

  await step(`nginx: HTTPS and HTTP/2 on :${PORT.https}, upstream of both API processes`, async () => {
    const server = `
      upstream hr_api {
        server 127.0.0.1:${PORT.api1} max_fails=2 fail_timeout=10s;
        server 127.0.0.1:${PORT.api2} max_fails=2 fail_timeout=10s;
        keepalive 8;
      }
      server {
        listen 127.0.0.1:${PORT.https} ssl http2;
        server_name localhost;
        ssl_certificate ${path.join(tmp, 'tls.crt')};
        ssl_certificate_key ${path.join(tmp, 'tls.key')};
        ssl_protocols TLSv1.2 TLSv1.3;
        root ${path.join(ROOT, 'dist/web')};
        include ${path.join(ROOT, 'deploy/nginx/hr-locations.conf')};
      }`;
    writeFileSync(path.join(tmp, 'nginx.conf'), nginxConf(server));
    start('nginx', 'nginx', ['-p', tmp, '-c', path.join(tmp, 'nginx.conf')]);
    await waitFor('nginx answers', async () => (await viaNginx('GET', '/api/health')).status === 200, 10_000);
  });

  await step(
    'the app through nginx: page with its CSP, hashed asset gzip and immutable, no /metrics',
    async () => {
      const page = await viaNginx('GET', '/');
      expectStatus(page, 200, 'GET /');
      check(
        page.text.includes('<div id="root">') || page.text.includes('<!doctype html>'),
        'GET / is not the app',
      );
      check(page.headers['content-security-policy'], 'the page came without its Content-Security-Policy');
      const asset = readdirSync(path.join(ROOT, 'dist/web/assets')).find((f) => f.endsWith('.js'));
      check(asset, 'no built asset');
      const js = await viaNginx('GET', `/assets/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expectStatus(js, 200, `GET /assets/${asset}`);
      check(
        js.headers['content-encoding'] === 'gzip',
        `asset not sent precompressed: ${js.headers['content-encoding']}`,
      );
      check(
        /immutable/.test(js.headers['cache-control'] ?? ''),
        `asset cache-control: ${js.headers['cache-control']}`,
      );
      const metrics = await viaNginx('GET', '/metrics', { token: metricsToken });
      expectStatus(metrics, 404, 'GET /metrics through nginx');
      const own = await direct(PORT.api1, 'GET', '/metrics', { token: metricsToken });
      expectStatus(own, 200, 'GET /metrics on the process itself');
    },
  );

  const login = async (email: string) => {
    const res = await viaNginx('POST', '/api/auth/login', { body: { email, password: 'Demo@1234' } });
    expectStatus(res, 200, `sign-in of ${email}`);
    return res;
  };
  const people = await step(
    'employee, manager and admin sign in through nginx (HSTS set behind TLS)',
    async () => {
      const [e, m, a] = [
        await login('employee@acme.test'),
        await login('manager@acme.test'),
        await login('admin@acme.test'),
      ];
      check(
        /max-age=/.test(e.headers['strict-transport-security'] ?? ''),
        'no HSTS: X-Forwarded-Proto not trusted',
      );
      return {
        employee: e.json().data as { token: string; userResponse: { employee_id: string } },
        manager: m.json().data as { token: string },
        admin: a.json().data as { token: string },
      };
    },
  );

  const leave = await step('the employee applies for leave through nginx', async () => {
    const admin = people.admin.token;
    const code = `DT${Date.now() % 100000}`;
    const type = await viaNginx('POST', '/api/leave/types', {
      token: admin,
      body: { name: `Deploy test leave ${code}`, code },
    });
    expectStatus(type, 201, 'leave type made');
    const typeId = type.json().data.id as string;
    const policies = (await viaNginx('GET', '/api/leave/policies', { token: admin })).json().data as {
      id: string;
      name: string;
      is_base: boolean;
      leave_types: { id: string }[];
    }[];
    const basePolicy = policies.find((p) => p.is_base);
    check(basePolicy, 'no base leave policy in the demo');
    const saved = await viaNginx('PUT', `/api/leave/policies/${basePolicy.id}`, {
      token: admin,
      body: {
        name: basePolicy.name,
        is_base: true,
        leave_type_ids: [...basePolicy.leave_types.map((t) => t.id), typeId],
      },
    });
    expectStatus(saved, 200, 'base policy');
    const opening = await viaNginx(
      'PUT',
      `/api/employee/${people.employee.userResponse.employee_id}/leave-balance`,
      {
        token: admin,
        body: { leave_type_id: typeId, kind: 'opening', amount: 10, reason: 'Opening balance' },
      },
    );
    expectStatus(opening, 200, 'opening balance');
    // A Tuesday and Wednesday some weeks ahead; the next week if the demo holds leave then.
    let last: Answer | null = null;
    for (let week = 6; week < 12; week++) {
      const d = new Date(Date.now() + week * 7 * 86_400_000);
      d.setUTCDate(d.getUTCDate() + ((2 - d.getUTCDay() + 7) % 7));
      const from = d.toISOString().slice(0, 10);
      const to = new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
      last = await viaNginx('POST', '/api/leave', {
        token: people.employee.token,
        body: { leave_type_id: typeId, from_date: from, to_date: to, reason: 'Deployment test' },
      });
      if (last.status === 201) return last.json().data as { id: string };
    }
    throw new Error(`leave refused: ${last?.status} ${last?.text.slice(0, 300)}`);
  });

  await step(`the manager approves it on API process 2 directly (:${PORT.api2})`, async () => {
    const queue = await direct(PORT.api2, 'GET', '/api/requests/leaves?page=1&records=50', {
      token: people.manager.token,
    });
    expectStatus(queue, 200, "manager's queue");
    check(
      (queue.json().data as { id: string }[]).some((r) => r.id === leave.id),
      "the request is not in the manager's queue",
    );
    const approve = await direct(PORT.api2, 'PUT', `/api/requests/leaves/${leave.id}/approve`, {
      token: people.manager.token,
      body: {},
    });
    expectStatus(approve, 200, 'approval');
  });

  await step('the employee sees the approval among their notifications, through nginx', async () => {
    const res = await viaNginx('GET', '/api/notification?page=1&records=20', {
      token: people.employee.token,
    });
    expectStatus(res, 200, 'notifications');
    const titles = (res.json().data as { title: string }[]).map((n) => n.title);
    check(
      titles.some((t) => /approved/i.test(t)),
      `no approval among: ${titles.join(' | ') || 'nothing'}`,
    );
  });

  await step('a session signed out on API process 1 is refused at once on API process 2', async () => {
    const token = people.employee.token;
    // Process 2 has seen the session live (it trusts it from memory for up to a minute) ...
    expectStatus(await direct(PORT.api2, 'GET', '/api/auth/me', { token }), 200, 'me on process 2');
    expectStatus(await direct(PORT.api2, 'GET', '/api/auth/me', { token }), 200, 'me on process 2 again');
    // ... until the sign-out on process 1 reaches it by NOTIFY (LISTEN on the direct connection).
    expectStatus(
      await direct(PORT.api1, 'POST', '/api/auth/logout', { token }),
      200,
      'sign-out on process 1',
    );
    const t = Date.now();
    await waitFor(
      'refused on process 2',
      async () => (await direct(PORT.api2, 'GET', '/api/auth/me', { token })).status === 401,
      3000,
    );
    console.log(`      refused on process 2 after ${Date.now() - t} ms`);
  });

  await step("a pay run's computation runs on the job worker", async () => {
    const admin = people.admin.token;
    const id = await startPayRun(admin, 1);
    let status = '';
    await waitFor(
      'the run computed',
      async () => {
        status = (await viaNginx('GET', `/api/payrun/${id}`, { token: admin })).json().data.status;
        return status === 'computed';
      },
      40_000,
    ).catch((err) => {
      throw new Error(`${(err as Error).message} (status ${status})`);
    });
    // The API processes run no jobs (JOBS=false): the worker's log names the chunks it computed.
    const workerLog = readFileSync(path.join(tmp, 'worker.log'), 'utf8');
    check(
      workerLog.includes('pay run chunk computed') && workerLog.includes(id),
      "the worker's log names no chunk of the run",
    );
    const jobs = await viaNginx('GET', '/api/jobs', { token: admin });
    const compute1 = (jobs.json().data as { name: string; runs: number }[]).find(
      (j) => j.name === 'payrun-compute',
    );
    check(compute1 && compute1.runs >= 1, 'payrun-compute shows no run');
  });

  await step(
    'the pooled traffic went through PgBouncer, on at most default_pool_size server connections',
    async () => {
      const consoleUrl = new URL(pooledUrl.toString());
      consoleUrl.pathname = '/pgbouncer';
      const admin = new pg.Client({ connectionString: consoleUrl.toString() });
      await admin.connect();
      try {
        const stats = (await admin.query<{ database: string; total_xact_count: string }>('SHOW STATS')).rows;
        const xacts = Number(stats.find((r) => r.database === dbName)?.total_xact_count ?? 0);
        const servers = (await admin.query<{ database: string }>('SHOW SERVERS')).rows.filter(
          (r) => r.database === dbName,
        ).length;
        console.log(`      ${xacts} transactions through PgBouncer on ${servers} server connections`);
        check(xacts > 100, `only ${xacts} transactions through PgBouncer`);
        check(servers <= 10, `${servers} server connections (default_pool_size is 10)`);
      } finally {
        await admin.end();
      }
    },
  );

  await step(
    'API process 1 killed under load through nginx: no request fails beyond those in flight',
    async () => {
      const token = people.admin.token;
      const concurrency = 8;
      let sent = 0;
      let failed = 0;
      const failures: string[] = [];
      let stopAt = Date.now() + 60_000;
      const client = async () => {
        while (Date.now() < stopAt) {
          sent++;
          const url = sent % 2 ? '/api/auth/me' : '/api/employee?page=1&records=10';
          const res = await viaNginx('GET', url, { token }).catch((err: Error) => ({
            status: 0,
            text: err.message,
          }));
          if (res.status !== 200) {
            failed++;
            if (failures.length < 5) failures.push(`${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      };
      const load = Array.from({ length: concurrency }, client);
      await new Promise((r) => setTimeout(r, 1000));
      const before = sent;
      await crash('api1');
      const after = sent;
      stopAt = Date.now() + 2000;
      await Promise.all(load);
      console.log(
        `      ${sent} requests, ${before} before the kill, ${sent - after} after; ${failed} failed (${concurrency} in flight at most)`,
      );
      check(sent - after > 20, `only ${sent - after} requests after the kill`);
      check(failed <= concurrency, `${failed} requests failed: ${failures.join(' | ')}`);
    },
  );

  await step(
    'the job worker killed in the middle of a pay run: restarted, the run completes, each payslip once',
    async () => {
      // A run large enough to be sent as two jobs and to take a few seconds: 3,000 more employees.
      const globex = (await login('admin@globex.test')).json().data as { token: string };
      const db = await createPgDb(directUrl.toString(), 2, 0);
      try {
        const { rows } = await db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Globex Ltd'");
        await seedPayrollBulk(db, rows[0]!.id, 3000);
        const run = await startPayRun(globex.token, 1);
        const workerLog = path.join(tmp, 'worker.log');
        await waitFor(
          'a first chunk of the run',
          async () =>
            readFileSync(workerLog, 'utf8')
              .split('\n')
              .some((l) => l.includes(run) && l.includes('chunk computed')),
          40_000,
        );
        await crash('worker');
        const cut = (await viaNginx('GET', `/api/payrun/${run}`, { token: globex.token })).json().data;
        check(
          cut.status === 'computing',
          `the run was ${cut.status} when the worker died: not in the middle`,
        );
        console.log(
          `      worker killed with ${cut.progress.computed} of ${cut.progress.employees} payslips computed`,
        );
        start(
          'worker-restarted',
          process.execPath,
          ['--max-semi-space-size=8', '--import', 'tsx', 'apps/api/src/worker.ts'],
          {
            ...appEnv,
            SEED_DEMO: 'false',
            LOG_LEVEL: 'info',
          },
        );
        let status = '';
        await waitFor(
          'the run computed after the restart',
          async () => {
            status = (await viaNginx('GET', `/api/payrun/${run}`, { token: globex.token })).json().data
              .status;
            return status === 'computed';
          },
          60_000,
        ).catch((err) => {
          throw new Error(`${(err as Error).message} (status ${status})`);
        });
        const done = (await viaNginx('GET', `/api/payrun/${run}`, { token: globex.token })).json().data;
        const counted = await db.tenant(rows[0]!.id, (tx) =>
          tx.query<{ n: number; distinct: number; chunks: number }>(
            `SELECT count(*)::int AS n, count(DISTINCT employee_id)::int AS distinct,
                  (SELECT count(*)::int FROM pay_run_chunks WHERE run_id = $1) AS chunks
             FROM payslips WHERE run_id = $1`,
            [run],
          ),
        );
        const c = counted.rows[0]!;
        check(c.n === c.distinct, `${c.n} payslips for ${c.distinct} employees`);
        check(c.chunks === 0, `${c.chunks} chunks left`);
        check(
          done.progress.computed === done.progress.employees && done.progress.employees > 3000,
          `computed ${done.progress.computed} of ${done.progress.employees}`,
        );
        check(
          readFileSync(path.join(tmp, 'worker-restarted.log'), 'utf8').includes('chunk computed'),
          'the restarted worker computed no chunk',
        );
      } finally {
        await db.close();
      }
    },
  );

  h2?.close();
  await cleanUp();
  console.log(`\nPASS  test:deploy in ${elapsed()}`);
  process.exit(0);
}

/**
 * A pay run of the month `monthsBack` before this one (in India), made, its attendance confirmed
 * and sent to compute through nginx as an administrator would. Returns its id.
 */
async function startPayRun(token: string, monthsBack: number): Promise<string> {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const payDate = `${year}-${String(month).padStart(2, '0')}-${lastDay}`;
  const made = await viaNginx('POST', '/api/payrun', { token, body: { month, year, pay_date: payDate } });
  check(
    made.status === 200 || made.status === 201,
    `pay run made: ${made.status} ${made.text.slice(0, 300)}`,
  );
  const id = made.json().data.id as string;
  const att = await viaNginx('POST', `/api/payrun/confirm-attendance/${id}`, { token });
  check(att.status < 300, `attendance confirmed: ${att.status} ${att.text.slice(0, 300)}`);
  const compute = await viaNginx('POST', `/api/payrun/${id}/compute`, { token });
  check(compute.status < 300, `compute: ${compute.status} ${compute.text.slice(0, 300)}`);
  return id;
}

/** nginx's main file for a run as this user, everything in the temporary folder. */
function nginxConf(http: string): string {
  return `
    ${isRoot ? 'user root;' : ''}
    daemon off;
    worker_processes 1;
    pid ${tmp}/nginx.pid;
    error_log ${tmp}/nginx-error.log warn;
    events { worker_connections 256; }
    http {
      include /etc/nginx/mime.types;
      default_type application/octet-stream;
      access_log ${tmp}/nginx-access.log;
      client_body_temp_path ${tmp}/nginx-body;
      proxy_temp_path ${tmp}/nginx-proxy;
      fastcgi_temp_path ${tmp}/nginx-fastcgi;
      uwsgi_temp_path ${tmp}/nginx-uwsgi;
      scgi_temp_path ${tmp}/nginx-scgi;
      ${http}
    }
  `;
}

main().catch(async (err) => {
  await fail(err instanceof StepFailed ? `step "${err.message}" failed` : String(err?.stack ?? err));
});
