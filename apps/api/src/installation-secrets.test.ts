import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from './config';
import type { Db } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/index';
import { seedPayrollPeople } from './db/seed/payroll-demo';
import { SecretsError, secretPath, settleDataKey } from './installation-secrets';
import { createTestDb } from './test/helper';

const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hr-secrets-'));
  dirs.push(d);
  return d;
};
// One migrated database for the data-key tests: without encrypted data first, then seeded.
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
}, 300_000);
afterAll(async () => {
  await drop?.();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every string literal long enough to be a secret in the API's source files. */
function sourceText(): string {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts')) out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(root);
  return out.join('\n');
}

describe('installation secrets (a start without JWT_SECRET / DATA_KEY)', () => {
  it('generates a JWT secret that is in no source file, keeps it 0600, and reuses it on the next start', () => {
    const dataDir = scratch();
    const first = parseConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(sourceText()).not.toContain(first.jwtSecret);
    const file = secretPath(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    // The second start reads it back; another installation gets its own.
    expect(parseConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(parseConfig({ DATA_DIR: scratch() }).jwtSecret).not.toBe(first.jwtSecret);
    // A secret from the environment wins, and nothing is read or written for it.
    const given = 'g'.repeat(40);
    expect(parseConfig({ DATA_DIR: scratch(), JWT_SECRET: given }).jwtSecret).toBe(given);
  });

  it('a copy restored readable by others is tightened to 0600', async () => {
    const dataDir = scratch();
    const { jwtSecret } = parseConfig({ DATA_DIR: dataDir });
    const { chmodSync } = await import('node:fs');
    chmodSync(secretPath(dataDir, 'jwt-secret'), 0o644);
    expect(parseConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(jwtSecret);
    expect(mode(secretPath(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('keeps a new data key once the database is known to hold no encrypted data; reuses it later', async () => {
    const dataDir = scratch();
    const first = parseConfig({ DATA_DIR: dataDir });
    expect(first.dataKeyIsNew).toBe(true);
    // Not kept before the check: a refused start must not leave a wrong key behind.
    expect(existsSync(secretPath(dataDir, 'data-key'))).toBe(false);
    await settleDataKey(db, first);
    expect(first.dataKeyIsNew).toBe(false);
    const file = secretPath(dataDir, 'data-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.dataKey);
    expect(mode(file)).toBe(0o600);
    expect(sourceText()).not.toContain(first.dataKey);

    const second = parseConfig({ DATA_DIR: dataDir });
    expect(second).toMatchObject({ dataKey: first.dataKey, dataKeyIsNew: false });
    await settleDataKey(db, second); // nothing to do
    expect(second.dataKey).toBe(first.dataKey);
  });

  it('refuses to start when the database holds encrypted data and the key file is missing', async () => {
    const dataDir = scratch();
    const installed = parseConfig({ DATA_DIR: dataDir });
    await settleDataKey(db, installed);
    await seedDemo(db);
    // Bank accounts and PAN, encrypted with the installation's key.
    await seedPayrollPeople(db, installed.dataKey);

    unlinkSync(secretPath(dataDir, 'data-key'));
    const next = parseConfig({ DATA_DIR: dataDir });
    expect(next.dataKeyIsNew).toBe(true);
    const refused = await settleDataKey(db, next).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused).toBeInstanceOf(SecretsError);
    const where = path.resolve(secretPath(dataDir, 'data-key'));
    expect(refused!.message).toContain(`the key that encrypts it is missing: ${where} does not exist`);
    expect(refused!.message).toContain('Restore the key: copy the data-key file from your backup');
    expect(refused!.message).toContain('README.md');
    // Still no key file: the next start refuses again rather than run with a wrong key.
    expect(existsSync(secretPath(dataDir, 'data-key'))).toBe(false);

    // Restored from the backup (here: DATA_KEY), it starts.
    const restored = parseConfig({ DATA_DIR: dataDir, DATA_KEY: installed.dataKey });
    await settleDataKey(db, restored);
    expect(restored.dataKey).toBe(installed.dataKey);
  }, 300_000);

  it('under NODE_ENV=test: random secrets per process, the same for every app of it, no files', () => {
    const dataDir = scratch();
    const a = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const b = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(a.jwtSecret).toBe(b.jwtSecret);
    expect(a.dataKey).toBe(b.dataKey);
    expect(a.dataKeyIsNew).toBe(false);
    expect(sourceText()).not.toContain(a.jwtSecret);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
