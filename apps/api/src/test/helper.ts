import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, writeSync } from 'node:fs';
import type { SessionData } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, parseConfig } from '../config';
import { createPgDb, createPgliteDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index';
import { type Clock, manualClock } from '../lib/clock';
import type { MailMessage } from '../lib/mail';

export const isPgTest = () => process.env.TEST_DB === 'pg' && !!process.env.DATABASE_URL;

/**
 * A fresh, migrated database: in-memory PGlite, or (TEST_DB=pg with DATABASE_URL) a new database
 * `hr_t_<random>` on that server, dropped by `drop()`.
 */
export async function createTestDb(): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }> {
  if (!isPgTest()) {
    const db = await createPgliteDb();
    return { db, url: null, drop: () => db.close() };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `hr_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createPgDb(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  mails: MailMessage[];
  /** Signs in through the API and returns the session plus ready-made auth headers. */
  login(email: string, password?: string): Promise<SessionData & { headers: Record<string, string> }>;
  companyId(name: 'Acme Corp' | 'Globex Ltd'): Promise<string>;
  close(): Promise<void>;
};

export async function buildTestApp(
  opts: { env?: Record<string, string>; seed?: boolean; clock?: Clock } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  await migrate(db);
  if (opts.seed !== false) await seedDemo(db);
  // TEST_LOG_DIR (set by scripts/test.sh): the run's log lines are kept there, at info, and
  // scripts/check-logs.mjs fails the run on personal data in any of them (issue 25).
  const logStream = process.env.TEST_LOG_DIR ? testLogStream(process.env.TEST_LOG_DIR) : undefined;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logStream ? 'info' : 'silent',
    APP_URL: 'http://hr.test',
    ...opts.env,
  });
  const clock = manualClock();
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config,
    db,
    clock,
    mailSink: (m) => mails.push(m),
    webDir: null,
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    mails,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const data = res.json().data as SessionData;
      return { ...data, headers: { authorization: `Bearer ${data.token}` } };
    },
    async companyId(name) {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [name]);
      return rows[0]!.id;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type Session = Awaited<ReturnType<TestApp['login']>>;

/** One file of log lines per test process, appended to by every app the process builds. */
let logFile: { dir: string; write(line: string): void } | null = null;
function testLogStream(dir: string): { write(line: string): void } {
  if (logFile?.dir !== dir) {
    mkdirSync(dir, { recursive: true });
    const fd = openSync(`${dir}/api-${process.pid}.log`, 'a');
    logFile = { dir, write: (line) => writeSync(fd, line) };
  }
  return logFile;
}

/** Signs in the demo users: Acme's admin, manager and employee, and Globex's admin. */
export async function demoSessions(t: TestApp) {
  const [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  return { admin, manager, employee, globex };
}

/** One API call as a signed-in user. */
export function callAs(t: TestApp, s: Session, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: s.headers,
    payload: payload as Record<string, unknown> | undefined,
  });
}

/** Polls until `fn` is true or `ms` pass (for what reaches this process by notification). */
export async function eventually(fn: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return fn();
}
