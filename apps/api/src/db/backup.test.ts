import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { isPgTest } from '../test/helper';
import { BackupError, backup, readManifest, restore } from './backup';
import { createPgDb, createPgliteDb, type Db } from './client';
import { migrate } from './migrate';
import { DEMO_PASSWORD, seedDemo } from './seed/index';

/**
 * Backup and restore (issue 25), on whichever database the suite runs: seed, upload a document, back
 * up with `npm run backup`'s program, drop the database and the files, restore with `npm run
 * restore`'s program, then every table has its rows, the audit chain is intact, the document comes
 * back byte for byte and a user signs in. Also what a restore refuses before it touches anything.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const pgMode = isPgTest();

const work = mkdtempSync(join(tmpdir(), 'hr-backup-'));
const dataDir = join(work, 'data');
const filesDir = join(dataDir, 'files');
const env: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  APP_URL: 'http://hr.test',
  DATA_DIR: dataDir,
  DATA_KEY: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
};
let adminUrl = '';
let dbName = '';

async function onServer(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function openDb(): Promise<Db> {
  return env.DATABASE_URL ? createPgDb(env.DATABASE_URL, 3) : createPgliteDb(dataDir);
}

async function openApp(db: Db) {
  const app = await buildApp({ config: parseConfig(env), db, mailSink: () => undefined, webDir: null });
  await app.ready();
  return app;
}

async function signIn(app: Awaited<ReturnType<typeof openApp>>, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { token: string; userResponse: { employee_id: string } };
  return { headers: { authorization: `Bearer ${data.token}` }, employeeId: data.userResponse.employee_id };
}

function cli(file: string, args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/db', file), ...args], {
    cwd: ROOT,
    // Only this test's settings: a DATABASE_URL in the caller's environment (CI sets one) must not
    // send the embedded case to a server.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')), ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const target = () => ({
  databaseUrl: env.DATABASE_URL,
  dataDir,
  filesDir,
  dataKey: env.DATA_KEY!,
});

let documentId = '';
let backupDir = '';

beforeAll(async () => {
  if (pgMode) {
    adminUrl = process.env.DATABASE_URL!;
    dbName = `hr_t_bk_${randomBytes(5).toString('hex')}`;
    await onServer(`CREATE DATABASE ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const db = await openDb();
  try {
    await migrate(db);
    await seedDemo(db);
    const app = await openApp(db);
    try {
      const admin = await signIn(app, 'admin@acme.test');
      const employee = await signIn(app, 'employee@acme.test');
      const boundary = '----hrbackup';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${employee.employeeId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nOffer letter\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offer.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await app.inject({
        method: 'POST',
        url: '/api/upload/file',
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(up.statusCode).toBe(201);
      documentId = up.json().data.id;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}, 120_000);

afterAll(async () => {
  if (pgMode) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe('backup', () => {
  it.skipIf(pgMode)('refuses the embedded database while the app has it open', async () => {
    const db = await openDb();
    try {
      await expect(backup(target(), join(work, 'refused'))).rejects.toThrow(
        /The app is running on .* Stop it/,
      );
    } finally {
      await db.close();
    }
  });

  it('npm run backup writes the database, the files and a manifest that counts them', () => {
    const r = cli('backup-cli.ts', ['--out', join(work, 'backups')]);
    expect(r.out).toMatch(/Backup written to .*hr-backup-\d{8}-\d{6}: \d+ tables, \d+ rows, 1 files\./);
    expect(r.code).toBe(0);
    backupDir = join(work, 'backups', readdirSync(join(work, 'backups'))[0]!);
    const m = readManifest(backupDir);
    expect(m.database).toBe(pgMode ? 'postgresql' : 'pglite');
    expect(m.tables.employees).toBeGreaterThan(10);
    expect(m.tables.employee_documents).toBe(1);
    expect(m.files).toMatchObject({ count: 1, referenced: 1, missing: [] });
    expect(m.migration).toMatch(/^\d{4}_/);
    // Never the installation's secrets, and never the embedded database's neighbours twice.
    const names = readdirSync(backupDir).sort();
    expect(names).toEqual(['files', pgMode ? 'database.dump' : 'database', 'manifest.json'].sort());
    if (!pgMode) expect(readdirSync(join(backupDir, 'database'))).not.toContain('files');
    expect(JSON.stringify(m)).not.toContain(env.DATA_KEY);
  });
});

describe('restore', () => {
  it('drops everything, then refuses another data key and a damaged backup before touching anything', async () => {
    if (pgMode) {
      await onServer(`DROP DATABASE ${dbName} WITH (FORCE)`);
      await onServer(`CREATE DATABASE ${dbName}`);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    rmSync(filesDir, { recursive: true, force: true });

    const otherKey = { ...target(), dataKey: randomBytes(32).toString('hex') };
    await expect(restore(otherKey, backupDir)).rejects.toThrow(/made under another data key/);

    const damaged = join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const part = pgMode ? join(damaged, 'database.dump') : join(damaged, 'database', 'PG_VERSION');
    appendFileSync(part, 'x');
    await expect(restore(target(), damaged)).rejects.toThrow(/is not what was written .* damaged/);

    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(existsSync(filesDir)).toBe(false);
  });

  it('npm run restore puts back every row and file; the audit chain is intact; a user signs in', async () => {
    const r = cli('restore-cli.ts', [backupDir]);
    expect(r.out).toMatch(/Restored \d+ tables, \d+ rows, 1 files\./);
    expect(r.out).toMatch(/Audit log OK: [1-9]\d* entries in \d+ companies, every chain intact/);
    expect(r.code).toBe(0);

    const m = readManifest(backupDir);
    const db = await openDb();
    try {
      // Counted here table by table, apart from the program's own count.
      for (const [table, rows] of Object.entries(m.tables)) {
        const found = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
        expect({ table, rows: Number(found.rows[0]!.n) }).toEqual({ table, rows });
      }
      const app = await openApp(db);
      try {
        const admin = await signIn(app, 'admin@acme.test');
        const doc = await app.inject({
          method: 'GET',
          url: `/api/employee/document/${documentId}/download`,
          headers: admin.headers,
        });
        expect(doc.statusCode).toBe(200);
        expect(doc.rawPayload.equals(PDF)).toBe(true);
        await signIn(app, 'employee@acme.test');
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses a database that already holds tables', async () => {
    rmSync(filesDir, { recursive: true, force: true });
    const err = await restore(target(), backupDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/already holds (tables|a database)/);
  });
});
