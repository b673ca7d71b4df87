import { parseConfig } from '../config';
import { createDb } from './client';
import { migrate } from './migrate';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite DATA_DIR. */
const config = parseConfig();
const db = await createDb({ databaseUrl: config.directDatabaseUrl, dataDir: config.dataDir, poolMax: 2 });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
