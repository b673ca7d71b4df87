import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live. Keys are generated here (never from client input); the database keeps
 * the key. A local folder today; an S3 implementation can take its place later.
 */
export type FileStore = {
  /** A fresh, unguessable key under the company's prefix. */
  newKey(companyId: string): string;
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^${UUID}/${UUID}$`);

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('file store: malformed key');
    return path.join(root, ...key.split('/'));
  };
  return {
    newKey: (companyId) => `${companyId.toLowerCase()}/${randomUUID()}`,
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
