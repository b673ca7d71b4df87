import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createPgliteDb, type Queryable } from './client';

const run = promisify(execFile);

/**
 * Backups (issue 25): one folder holding the database, the uploaded files and a manifest of what
 * was in them, so that a restore can prove it put everything back.
 *
 * - PostgreSQL: `pg_dump` in its custom format, taken inside the same exported snapshot as the row
 *   counts, so the counts are exactly the dump's whatever was written meanwhile.
 * - Embedded (PGlite): a copy of the database's own files, taken with the app stopped (PGlite is one
 *   process's database; a second opener would corrupt it). `dumpDataDir` is not used because it
 *   packs the whole data folder, and that folder also holds the installation's secrets.
 *
 * The secrets (data key, token secret) are never in a backup: a backup that carries its key makes a
 * stolen copy readable. The manifest holds a check of the data key instead, and a restore refuses to
 * run under a key that could not read the backup's encrypted fields.
 */

export const BACKUP_FORMAT = 1;

export type Manifest = {
  format: number;
  created_at: string;
  database: 'postgresql' | 'pglite';
  /** The last migration applied when the backup was taken (the app applies newer ones on start). */
  migration: string | null;
  /** Rows per table, counted in the backup's snapshot. */
  tables: Record<string, number>;
  /** Uploaded files copied, and those the database names (documents, payslips) that were missing. */
  files: { count: number; bytes: number; referenced: number; missing: string[] };
  /** HMAC of a fixed text under the data key: tells a restore whether its key matches, reveals nothing. */
  data_key_check: string;
  /** sha256 of the database part (the dump file, or the embedded database's files in name order). */
  database_sha256: string;
};

export class BackupError extends Error {}

export type BackupTarget = {
  databaseUrl?: string;
  /** The PGlite folder (DATA_DIR) when there is no databaseUrl. */
  dataDir: string;
  filesDir: string;
  dataKey: string;
};

/** Tables and the columns in them that name a stored file (documents, payslip PDFs, photos). */
const FILE_REFERENCES = [
  { table: 'employee_documents', column: 'storage_key' },
  { table: 'payslip_files', column: 'file_key' },
  { table: 'employees', column: 'profile_image' },
] as const;

/** A stored file's key: company id / file id (modules/files/file-store.ts). */
const STORAGE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export function dataKeyCheck(dataKey: string): string {
  return createHmac('sha256', dataKey).update('hr-app backup data key check').digest('hex').slice(0, 32);
}

/** PostgreSQL's own entries of a PGlite data folder (the folder also holds secrets/ and files/). */
function isPgliteEntry(name: string): boolean {
  return (
    name === 'PG_VERSION' ||
    name === 'base' ||
    name === 'global' ||
    name.startsWith('pg_') ||
    name.startsWith('postgresql.')
  );
}

async function countRows(q: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await q.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  if (tables.length === 0) return {};
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t.name.replace(/'/g, "''")}' AS name, count(*)::int AS n FROM "${t.name.replace(/"/g, '""')}"`,
    )
    .join(' UNION ALL ');
  const { rows } = await q.query<{ name: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

async function lastMigration(q: Queryable): Promise<string | null> {
  // Checked, not caught: inside the backup's transaction a failed statement would abort it.
  const exists = await q.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!exists.rows[0]?.t) return null;
  const { rows } = await q.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations');
  return rows[0]?.name ?? null;
}

async function referencedFiles(q: Queryable): Promise<string[]> {
  const keys: string[] = [];
  for (const { table, column } of FILE_REFERENCES) {
    const exists = await q.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]);
    if (!exists.rows[0]?.t) continue;
    const { rows } = await q.query<{ k: string }>(
      `SELECT ${column} AS k FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    keys.push(...rows.map((r) => r.k).filter((k) => STORAGE_KEY.test(k)));
  }
  return keys;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

function sha256OfFiles(files: string[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex');
}

/** Keys (company/uuid) of the files under a files folder. */
function storedKeys(dir: string): Set<string> {
  return new Set(walk(dir).map((f) => relative(dir, f).split(sep).join('/')));
}

/** A session with row security off: a role that may not see every row fails instead of undercounting. */
async function pgSession(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'hr-backup' });
  await client.connect();
  await client.query('SET row_security = off');
  return client;
}

function pgTools(url: string): { env: NodeJS.ProcessEnv; args: string[] } {
  // The password goes to the tool in its environment, not on its command line (where any local
  // user's `ps` would show it); the rest of the URL is its dbname argument (libpq reads a URI there).
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    args: ['--dbname', u.toString()],
  };
}

function copyFiles(from: string, to: string): { count: number; bytes: number } {
  const files = walk(from);
  if (files.length > 0) cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
  return { count: files.length, bytes: files.reduce((n, f) => n + statSync(f).size, 0) };
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

/** Writes `<outDir>/hr-backup-<UTC stamp>/` and returns its path and manifest. */
export async function backup(
  target: BackupTarget,
  outDir: string,
  now = new Date(),
): Promise<{ dir: string; manifest: Manifest }> {
  const dir = resolve(outDir, `hr-backup-${stamp(now)}`);
  if (existsSync(dir))
    throw new BackupError(`${dir} already exists: wait a second and run the backup again.`);
  mkdirSync(dir, { recursive: true });

  let tables: Record<string, number>;
  let migration: string | null;
  let referenced: string[];
  let databaseSha: string;
  let kind: Manifest['database'];

  if (target.databaseUrl) {
    kind = 'postgresql';
    const client = await pgSession(target.databaseUrl);
    try {
      // One snapshot for the counts, the file list and pg_dump.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
      const q: Queryable = { query: (sql, params) => client.query(sql, params as unknown[]) as never };
      tables = await countRows(q);
      migration = await lastMigration(q);
      referenced = await referencedFiles(q);
      const dump = join(dir, 'database.dump');
      const tool = pgTools(target.databaseUrl);
      await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dump}`, ...tool.args], {
        env: tool.env,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((err: { stderr?: string }) => {
        throw new BackupError(`pg_dump failed: ${(err.stderr ?? String(err)).trim()}`);
      });
      await client.query('COMMIT');
      databaseSha = sha256OfFiles([dump]);
    } finally {
      await client.end();
    }
  } else {
    kind = 'pglite';
    const dataDir = resolve(target.dataDir);
    if (!existsSync(join(dataDir, 'PG_VERSION')))
      throw new BackupError(`There is no database in ${dataDir}.`);
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      throw new BackupError(
        `The app is running on ${dataDir} (or did not stop cleanly). Stop it, then back up; if it is not running, start and stop it once so that the database closes cleanly.`,
      );
    }
    // Opening and closing replays anything unfinished and leaves the files consistent to copy.
    const db = await createPgliteDb(dataDir);
    try {
      tables = await countRows(db);
      migration = await lastMigration(db);
      referenced = await referencedFiles(db);
    } finally {
      await db.close();
    }
    const to = join(dir, 'database');
    mkdirSync(to);
    for (const name of readdirSync(dataDir).filter(isPgliteEntry)) {
      cpSync(join(dataDir, name), join(to, name), { recursive: true });
    }
    databaseSha = sha256OfFiles(walk(to));
  }

  const files = copyFiles(target.filesDir, join(dir, 'files'));
  const present = storedKeys(join(dir, 'files'));
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    created_at: now.toISOString(),
    database: kind,
    migration,
    tables,
    files: { ...files, referenced: referenced.length, missing: referenced.filter((k) => !present.has(k)) },
    data_key_check: dataKeyCheck(target.dataKey),
    database_sha256: databaseSha,
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest };
}

export function readManifest(dir: string): Manifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${dir} is not a backup: it has no manifest.json.`);
  const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (m.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${dir} was written in backup format ${m.format}; this version reads ${BACKUP_FORMAT}.`,
    );
  return m;
}

export type RestoreResult = {
  manifest: Manifest;
  tables: Record<string, number>;
  /** Tables whose row count differs from the manifest (empty when the restore is whole). */
  differences: { table: string; expected: number; found: number }[];
  files: number;
  missingFiles: string[];
};

/**
 * Loads a backup into an empty database and an empty files folder, then counts every table and
 * looks for every referenced file. Refuses, before touching anything, a database that already holds
 * tables, a files folder that already holds files, a backup of the other kind of database, a backup
 * whose database part changed since it was written, and a data key that is not the backup's.
 */
export async function restore(target: BackupTarget, dir: string): Promise<RestoreResult> {
  const from = resolve(dir);
  const manifest = readManifest(from);
  const kind = target.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupError(
      `This is a backup of ${manifest.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL server'}; it restores into the same kind (${manifest.database === 'pglite' ? 'unset DATABASE_URL' : 'set DATABASE_URL'}).`,
    );
  }
  if (manifest.data_key_check !== dataKeyCheck(target.dataKey)) {
    throw new BackupError(
      'This backup was made under another data key: its encrypted fields (PAN, bank accounts) could not be read. Set DATA_KEY to the key of the installation that made it (or copy its data/secrets folder), then restore again.',
    );
  }
  const dbPart = kind === 'postgresql' ? [join(from, 'database.dump')] : walk(join(from, 'database'));
  if (dbPart.length === 0 || !existsSync(dbPart[0]!)) throw new BackupError(`${from} has no database part.`);
  if (sha256OfFiles(dbPart) !== manifest.database_sha256) {
    throw new BackupError(
      `The database part of ${from} is not what was written (its checksum differs): it is damaged.`,
    );
  }
  if (walk(target.filesDir).length > 0) {
    throw new BackupError(
      `${resolve(target.filesDir)} already holds files: restore into an empty files folder.`,
    );
  }

  let tables: Record<string, number>;
  let referenced: string[];
  if (target.databaseUrl) {
    const client = await pgSession(target.databaseUrl);
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      if (Number(rows[0]!.n) > 0) {
        throw new BackupError('The database already holds tables: restore into an empty database.');
      }
      // The role the tenant transactions switch to is cluster-wide: a new server needs it first
      // (the same statements as migration 0001).
      await client.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hr_app') THEN CREATE ROLE hr_app NOLOGIN; END IF;
        IF NOT pg_has_role(current_user, 'hr_app', 'MEMBER') THEN EXECUTE format('GRANT hr_app TO %I', current_user); END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
      const tool = pgTools(target.databaseUrl);
      await run(
        'pg_restore',
        ['--exit-on-error', '--single-transaction', '--no-owner', ...tool.args, dbPart[0]!],
        { env: tool.env, maxBuffer: 16 * 1024 * 1024 },
      ).catch((err: { stderr?: string }) => {
        throw new BackupError(`pg_restore failed: ${(err.stderr ?? String(err)).trim()}`);
      });
      const q: Queryable = { query: (sql, params) => client.query(sql, params as unknown[]) as never };
      tables = await countRows(q);
      referenced = await referencedFiles(q);
    } finally {
      await client.end();
    }
  } else {
    const dataDir = resolve(target.dataDir);
    if (existsSync(join(dataDir, 'PG_VERSION'))) {
      throw new BackupError(`${dataDir} already holds a database: restore into an empty data folder.`);
    }
    mkdirSync(dataDir, { recursive: true });
    cpSync(join(from, 'database'), dataDir, { recursive: true, errorOnExist: true, force: false });
    const db = await createPgliteDb(dataDir);
    try {
      tables = await countRows(db);
      referenced = await referencedFiles(db);
    } finally {
      await db.close();
    }
  }

  const filesFrom = join(from, 'files');
  const files = existsSync(filesFrom) ? copyFiles(filesFrom, target.filesDir).count : 0;
  const present = storedKeys(target.filesDir);
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(tables)]);
  const differences = [...names]
    .sort()
    .map((t) => ({ table: t, expected: manifest.tables[t] ?? 0, found: tables[t] ?? 0 }))
    .filter((d) => d.expected !== d.found);
  return { manifest, tables, differences, files, missingFiles: referenced.filter((k) => !present.has(k)) };
}
