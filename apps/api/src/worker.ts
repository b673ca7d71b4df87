import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { SecretsError, settleDataKey } from './installation-secrets';

/**
 * A job worker: the job runner alone (leave accrual, SLA reminders, attendance derivation, pay run
 * computation and payslips, the mail outbox), on the same PostgreSQL as the API processes, which
 * then run with JOBS=false. Any number of workers share the queues (pg-boss takes each job once).
 * It serves no HTTP. PGlite's data folder has one owning process, so a worker needs DATABASE_URL.
 */
async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof SecretsError ? err.message : err);
    process.exit(1);
  }
  if (!config.databaseUrl) {
    console.error(
      'A job worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process.',
    );
    process.exit(1);
  }
  const db = await createDb({ databaseUrl: config.databaseUrl, poolMax: config.dbPoolMax, readLanes: 0 });
  await migrate(db);
  try {
    await settleDataKey(db, config);
  } catch (err) {
    await db.close();
    if (!(err instanceof SecretsError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const app = await buildApp({ config, db, jobs: true, webDir: null });
  await app.ready(); // starts the job runner
  app.log.info({ pid: process.pid }, 'job worker started');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'job worker stopping');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close(); // waits for running jobs (job runner stop)
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
