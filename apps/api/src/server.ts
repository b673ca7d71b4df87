import { buildApp } from './app';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo, seedDemoActivity } from './db/seed/index';
import { seedPayrollDemoCompanies } from './db/seed/payroll-demo';
import { closeOnSignals, configOrExit, settleDataKeyOrExit } from './process-lifecycle';

/** The only file that listens. Migrates, seeds (outside production), serves, and shuts down cleanly. */
async function main() {
  const config = configOrExit();
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    directUrl: config.directDatabaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    readLanes: config.dbReadLanes,
  });
  await migrate(db);
  await settleDataKeyOrExit(db, config);
  const seeded = config.seedDemo ? await seedDemo(db, { leave: true }) : false;
  if (seeded) {
    await seedDemoActivity(db);
    // Salaries, statutory numbers and bank accounts, so that a pay run can be tried at once.
    await seedPayrollDemoCompanies(db, config.dataKey);
  }

  const app = await buildApp({ config, db });
  closeOnSignals(app, db, 'server', 10_000);

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
