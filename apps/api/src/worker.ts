import { buildApp } from './app';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { closeOnSignals, configOrExit, settleDataKeyOrExit } from './process-lifecycle';

/**
 * A job worker: the job runner alone (leave accrual, SLA reminders, attendance derivation, pay run
 * computation and payslips, the mail outbox), on the same PostgreSQL as the API processes, which
 * then run with JOBS=false. Any number of workers share the queues (pg-boss takes each job once).
 * It serves no HTTP. PGlite's data folder has one owning process, so a worker needs DATABASE_URL.
 */
async function main() {
  const config = configOrExit();
  if (!config.databaseUrl) {
    console.error(
      'A job worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process.',
    );
    process.exit(1);
  }
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    directUrl: config.directDatabaseUrl,
    poolMax: config.dbPoolMax,
    readLanes: 0,
  });
  await migrate(db);
  await settleDataKeyOrExit(db, config);
  const app = await buildApp({ config, db, jobs: true, webDir: null });
  await app.ready(); // starts the job runner
  app.log.info({ pid: process.pid }, 'job worker started');
  // Closing the app waits for the running jobs (the job runner's stop).
  closeOnSignals(app, db, 'job worker', 15_000);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
