import { parseConfig } from '../config';
import { describeReport, verifyAuditChain } from '../modules/audit/audit-chain';
import { BackupError, restore } from './backup';
import { createDb } from './client';

/**
 * `npm run restore -- <backup folder>`: loads a backup into the empty database (DATABASE_URL, or the
 * embedded one in DATA_DIR) and the empty files folder, then checks that every table has the rows
 * the backup counted, that every file the database names is there, and that the audit chain is
 * intact. Exits 1 naming what differs.
 */
const dir = process.argv[2];
if (!dir) {
  console.error('Name the backup folder: npm run restore -- backups/hr-backup-20261126-020000');
  process.exit(1);
}
try {
  const config = parseConfig();
  const result = await restore(
    {
      // pg_dump and pg_restore take a session of their own: PostgreSQL itself, not the pooler.
      databaseUrl: config.directDatabaseUrl,
      dataDir: config.dataDir,
      filesDir: config.filesDir,
      dataKey: config.dataKey,
    },
    dir,
  );
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored ${Object.keys(result.tables).length} tables, ${rows} rows, ${result.files} files.`);
  for (const d of result.differences)
    console.error(`Table ${d.table}: ${d.expected} rows backed up, ${d.found} restored.`);
  if (result.missingFiles.length > 0)
    console.error(`${result.missingFiles.length} files the database names are missing.`);
  const db = await createDb({ databaseUrl: config.directDatabaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    const report = await verifyAuditChain(db);
    console.log(describeReport(report));
    if (report.broken.length > 0) process.exitCode = 1;
  } finally {
    await db.close();
  }
  if (result.differences.length > 0 || result.missingFiles.length > 0) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
