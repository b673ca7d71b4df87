// Starts the built app for the browser tests as `npm start` serves it, on a fresh database: a new
// PGlite folder, or a new database on the PostgreSQL server when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { E2E } from '../env';

async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  const name = `hr_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // A run stopped hard cannot drop its database on exit: remove those older than two hours.
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^hr_e2e_[0-9]+$'",
  );
  for (const { datname } of rows) {
    if (Number(datname.slice('hr_e2e_'.length)) < Date.now() - 2 * 3600_000) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

const dataDir = 'e2e/.tmp/data';
rmSync(dataDir, { recursive: true, force: true });
const databaseUrl = await freshDatabaseUrl();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(E2E.port),
  APP_URL: E2E.baseURL,
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
  JWT_SECRET: E2E.jwtSecret,
  DATA_KEY: E2E.dataKey,
  LOG_LEVEL: 'warn',
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env,
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  if (databaseUrl && process.env.DATABASE_URL) {
    // Leave the server as we found it.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  process.exit(code ?? 0);
});
