import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo, seedDemoActivity } from './db/seed/index';
import { seedPayrollPeople } from './db/seed/payroll-demo';
import { SecretsError, settleDataKey } from './installation-secrets';

/** The only file that listens. Migrates, seeds (outside production), serves, and shuts down cleanly. */
async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof SecretsError ? err.message : err);
    process.exit(1);
  }
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    readLanes: config.dbReadLanes,
  });
  await migrate(db);
  try {
    // Before anything is encrypted: a new data key only for a database without encrypted data.
    await settleDataKey(db, config);
  } catch (err) {
    await db.close();
    if (!(err instanceof SecretsError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const seeded = config.seedDemo ? await seedDemo(db, { leave: true }) : false;
  if (seeded) {
    await seedDemoActivity(db);
    // Salaries, statutory numbers and bank accounts, so that a pay run can be tried at once.
    await seedPayrollPeople(db, config.dataKey);
  }

  const app = await buildApp({ config, db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (seeded) {
    const lines = DEMO_SIGN_INS.map((s) => `  ${s.email.padEnd(22)} ${s.role.padEnd(9)} ${s.company}`);
    console.log(
      `\nDemo data seeded. Sign in at ${config.appUrl} with password ${DEMO_PASSWORD}:\n${lines.join('\n')}\n`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
