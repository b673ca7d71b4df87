import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, parseConfig } from './config';
import type { Db } from './db/client';
import { SecretsError, settleDataKey } from './installation-secrets';

/** The process's settings, or it ends saying which are wrong: a start must not limp on. */
export function configOrExit(): Config {
  try {
    return parseConfig();
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof SecretsError ? err.message : err);
    process.exit(1);
  }
}

/**
 * The data key settled against the database before anything is encrypted (a new key only for a
 * database with no encrypted data), or the process ends saying how to restore the key.
 */
export async function settleDataKeyOrExit(db: Db, config: Config): Promise<void> {
  try {
    await settleDataKey(db, config);
  } catch (err) {
    await db.close();
    if (!(err instanceof SecretsError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * On SIGINT or SIGTERM: the app closes (in-flight requests and running jobs finish), then the
 * database; a close that takes longer than `graceMs` ends the process anyway.
 */
export function closeOnSignals(app: FastifyInstance, db: Db, what: string, graceMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, `${what} stopping`);
    const timer = setTimeout(() => process.exit(1), graceMs);
    timer.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, `${what} did not stop cleanly`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
