import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db/client';

/**
 * Secrets of one installation, kept in its data folder when the environment gives none
 * (ADR 0019): `JWT_SECRET` signs access tokens, `DATA_KEY` encrypts bank accounts, PAN and
 * Aadhaar. Each is 32 random bytes made on first start, in `<DATA_DIR>/secrets/` (folder 0700,
 * files 0600), and read again on every later start. No secret in the source ever signs a token.
 */
export type SecretName = 'jwt-secret' | 'data-key';

export class SecretsError extends Error {}

export function secretPath(dataDir: string, name: SecretName): string {
  return path.join(dataDir, 'secrets', name);
}

/** A new secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The secret kept in the data folder, or null when there is none. */
export function readSecret(dataDir: string, name: SecretName): string | null {
  const file = secretPath(dataDir, name);
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (text.length < 32) {
    throw new SecretsError(
      `${file} holds no usable secret (fewer than 32 characters): restore it from your backup`,
    );
  }
  // Readable by others on this machine: tighten it rather than trust a copy restored carelessly.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text;
}

/**
 * Keeps `value` as the secret `name`, unless another process kept one first: then theirs, so that
 * processes sharing the folder agree. Created exclusively with mode 0600 (never world-readable,
 * not even for a moment).
 */
export function keepSecret(dataDir: string, name: SecretName, value: string): string {
  const file = secretPath(dataDir, name);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${value}\n`, { flag: 'wx', mode: 0o600 });
    return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = readSecret(dataDir, name);
    if (!theirs) throw err;
    return theirs;
  }
}

/** Why a start must stop: encrypted data, and no key to read it with. */
export function missingDataKeyMessage(dataDir: string): string {
  const file = path.resolve(secretPath(dataDir, 'data-key'));
  return [
    `The database holds encrypted data (bank accounts, PAN or Aadhaar), but the key that encrypts it is missing: ${file} does not exist and DATA_KEY is not set.`,
    'A new key cannot read that data, so the server will not start with one.',
    `Restore the key: copy the data-key file from your backup to ${file} (mode 600), or set DATA_KEY to the key this installation used.`,
    'See "Back up the installation secrets" in README.md.',
  ].join('\n');
}

/**
 * Columns the application encrypts (`*_enc`, lib/field-crypto.ts): does any company hold a value
 * in one? Read per company, since row-level security shows a transaction its company's rows only.
 */
export async function holdsEncryptedData(db: Db): Promise<boolean> {
  const { rows: cols } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name LIKE '%\\_enc'
        AND table_name IN (SELECT table_name FROM information_schema.tables
                            WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
      ORDER BY table_name, column_name`,
  );
  if (cols.length === 0) return false;
  const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
  const probe = `SELECT ${cols
    .map((c) => `EXISTS (SELECT 1 FROM ${quote(c.table_name)} WHERE ${quote(c.column_name)} IS NOT NULL)`)
    .join(' OR ')} AS found`;
  const { rows: companies } = await db.query<{ id: string }>('SELECT id FROM companies');
  for (const c of companies) {
    const found = await db.tenant(
      c.id,
      async (tx) => (await tx.query<{ found: boolean }>(probe)).rows[0]?.found,
    );
    if (found) return true;
  }
  return false;
}

/**
 * Before anything is encrypted or decrypted: a data key made at this start (none in the folder,
 * none in the environment) is kept only when the database holds no encrypted data. Otherwise the
 * key was lost, and starting with a new one would leave that data unreadable and mix two keys:
 * refuse, saying where the key belongs and how to restore it.
 */
export async function settleDataKey(
  db: Db,
  config: { dataDir: string; dataKey: string; dataKeyIsNew: boolean },
): Promise<void> {
  if (!config.dataKeyIsNew) return;
  if (await holdsEncryptedData(db)) throw new SecretsError(missingDataKeyMessage(config.dataDir));
  config.dataKey = keepSecret(config.dataDir, 'data-key', config.dataKey);
  config.dataKeyIsNew = false;
}
