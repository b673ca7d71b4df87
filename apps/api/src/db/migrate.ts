import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: serialises concurrent migrators (several API processes starting at once). */
const LOCK_KEY = 72_540_001;

export class MigrationError extends Error {}

/**
 * Applies every committed `NNNN_name.sql` not yet in `schema_migrations`, in name order, each in
 * its own transaction, under a session advisory lock. A failure throws naming the file.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return db.exclusive(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await conn.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = readFileSync(join(dir, file), 'utf8');
        try {
          await conn.exec('BEGIN');
          await conn.exec(sql);
          await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await conn.exec('COMMIT');
        } catch (err) {
          await conn.exec('ROLLBACK').catch(() => undefined);
          const reason = err instanceof Error ? err.message : String(err);
          throw new MigrationError(`Migration ${file} failed: ${reason}`, { cause: err });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    }
  });
}
