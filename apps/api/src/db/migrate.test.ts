import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '../test/helper';
import { MigrationError, migrate } from './migrate';

describe('migrations', () => {
  it('are idempotent: a second run applies nothing', async () => {
    const { db, drop } = await createTestDb();
    try {
      const first = await migrate(db);
      expect(first[0]).toMatch(/^0001_/);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('a broken migration throws naming the file and rolls back', async () => {
    const { db, drop } = await createTestDb();
    const dir = mkdtempSync(join(tmpdir(), 'mig-'));
    writeFileSync(join(dir, '0001_ok.sql'), 'CREATE TABLE ok_table (id int);');
    writeFileSync(join(dir, '0002_broken.sql'), 'CREATE TABLE half_done (id int); SELEC oops;');
    try {
      await expect(migrate(db, dir)).rejects.toThrow(MigrationError);
      await expect(migrate(db, dir)).rejects.toThrow(/0002_broken\.sql/);
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name)).toEqual(['0001_ok.sql']);
      const half = await db.query<{ t: string | null }>("SELECT to_regclass('half_done')::text AS t");
      expect(half.rows[0]!.t).toBeNull();
    } finally {
      await drop();
    }
  });
});
