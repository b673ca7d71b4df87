import { parseConfig } from '../../config';
import { createDb } from '../../db/client';
import { describeReport, verifyAuditChain } from './audit-chain';

/** `npm run audit:verify`: walks every company's audit chain; exits 1 naming the first broken link of each. */
const config = parseConfig();
const db = await createDb({ databaseUrl: config.directDatabaseUrl, dataDir: config.dataDir, poolMax: 2 });
try {
  const report = await verifyAuditChain(db);
  console.log(describeReport(report));
  if (report.broken.length > 0) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
} finally {
  await db.close();
}
