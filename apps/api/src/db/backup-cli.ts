import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { BackupError, backup } from './backup';

/**
 * `npm run backup [-- --out <folder>]`: writes `<folder>/hr-backup-<UTC time>/` (default folder
 * ./backups) holding the database, the uploaded files and a manifest; prints the folder. On the
 * embedded database the app must be stopped first. The secrets are not in it: keep DATA_KEY (or the
 * data/secrets folder) apart from the backups.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: './backups' } } });
try {
  const config = parseConfig();
  const { dir, manifest } = await backup(
    {
      // pg_dump and pg_restore take a session of their own: PostgreSQL itself, not the pooler.
      databaseUrl: config.directDatabaseUrl,
      dataDir: config.dataDir,
      filesDir: config.filesDir,
      dataKey: config.dataKey,
    },
    values.out!,
  );
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${dir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.count} files.`,
  );
  if (manifest.files.missing.length > 0) {
    console.warn(
      `Warning: ${manifest.files.missing.length} of the ${manifest.files.referenced} files the database names were not in the files folder (listed in manifest.json).`,
    );
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
