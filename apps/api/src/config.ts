import { z } from 'zod';
import { keepSecret, newSecret, readSecret } from './installation-secrets';

/**
 * Secrets published in this project's source by earlier releases (their development defaults).
 * Refused as JWT_SECRET everywhere (anyone could forge a token with them) and as DATA_KEY wherever
 * the server is reachable; on loopback DATA_KEY may still name the old one, to read data a laptop
 * installation encrypted with it before installation secrets existed (ADR 0019).
 */
const PUBLISHED_JWT_SECRETS = ['dev-only-jwt-secret-change-me-0123456789abcdef'];
const PUBLISHED_DATA_KEYS = ['dev-only-data-key-change-me-0123456789abcdef'];

/**
 * Under NODE_ENV=test without secrets: random ones per process (tests build many apps; those of
 * one process agree). Nothing is written to a data folder.
 */
let testSecrets: { jwtSecret: string; dataKey: string } | undefined;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // No default here: it depends on NODE_ENV (see `parseConfig`).
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  FILES_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  // Set when DATABASE_URL is a transaction-mode pooler (PgBouncer): PostgreSQL itself, for the work
  // that needs a session of its own (ADR 0021).
  DIRECT_DATABASE_URL: z.string().url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_READ_LANES: z.coerce.number().int().min(0).max(64).default(2),
  // Behind a load balancer: "true" (trust every hop), a hop count, or the proxies' addresses/CIDRs.
  TRUST_PROXY: z.string().trim().min(1).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  DATA_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('HR App <no-reply@hr.local>'),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  // false: this process serves the API and runs no jobs (a job worker, `npm run worker`, runs them).
  JOBS: bool.optional(),
  // Set: GET /metrics answers a scraper that sends it as a bearer token. Unset: no /metrics.
  METRICS_TOKEN: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
});

/** Every environment variable read here (deploy/hr.env.example and the README list each). */
export const CONFIG_KEYS = Object.keys(ConfigSchema.shape);

export type Config = {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files (local FileStore); defaults to `${DATA_DIR}/files`. */
  filesDir: string;
  databaseUrl?: string;
  /**
   * PostgreSQL itself, for migrations (a session advisory lock), LISTEN, the read lanes and backups:
   * DIRECT_DATABASE_URL, else DATABASE_URL. When it differs from `databaseUrl`, that one is taken to
   * be a transaction-mode pooler (ADR 0021).
   */
  directDatabaseUrl?: string;
  dbPoolMax: number;
  dbReadLanes: number;
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client address (throttles, audit). */
  trustProxy: boolean | number | string;
  /** JWT_SECRET, or the installation's own (`<dataDir>/secrets/jwt-secret`, made on first start). */
  jwtSecret: string;
  /** DATA_KEY, or the installation's own (`<dataDir>/secrets/data-key`). */
  dataKey: string;
  /**
   * True when the data key was made at this start and is not kept yet: `settleDataKey` keeps it,
   * or refuses to start when the database already holds encrypted data (the key was lost).
   */
  dataKeyIsNew: boolean;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  logLevel: string;
  seedDemo: boolean;
  /** Bearer token of GET /metrics; unset, the route does not exist. */
  metricsToken?: string;
  /** Runs the job runner in this process (JOBS=false for API processes beside separate workers). */
  runJobs: boolean;
  accessTokenTtl: number;
  refreshTokenTtl: number;
};

export class ConfigError extends Error {}

/** Parses an environment once; throws listing every bad key so a misconfigured start fails at once. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" (a common artefact of .env files and CI matrices).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const keys = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${keys.join('; ')}`);
  }
  const e = parsed.data;
  if (e.DIRECT_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DIRECT_DATABASE_URL is set without DATABASE_URL; set DATABASE_URL to the pooler (PgBouncer) and DIRECT_DATABASE_URL to PostgreSQL itself, or only DATABASE_URL',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  // Outside production the server answers only this machine unless HOST says otherwise: a laptop
  // run (development secrets, demo users with a published password) must not be on the network.
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  // Secrets set in the environment must be secret: never a value published in the source.
  if (e.JWT_SECRET && PUBLISHED_JWT_SECRETS.includes(e.JWT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: JWT_SECRET is a value published in this project's source; anyone could sign tokens with it. Unset it (a secret is made for this installation) or set your own.",
    );
  }
  // Production (often several processes, several machines, a database server) takes its secrets
  // from the environment only; so does a server reachable from other machines (ADR 0019).
  if (isProduction || !isLoopback(host)) {
    const bad: string[] = [];
    if (!e.JWT_SECRET) bad.push('JWT_SECRET');
    if (!e.DATA_KEY || PUBLISHED_DATA_KEYS.includes(e.DATA_KEY)) bad.push('DATA_KEY');
    if (bad.length > 0) {
      const where = isProduction ? 'in production' : `when HOST (${host}) is reachable from other machines`;
      throw new ConfigError(
        `Invalid configuration: ${bad.join(', ')} must be set to a secret of at least 32 characters ${where}`,
      );
    }
  }
  const secrets = secretsOf(e.NODE_ENV, e.DATA_DIR, e.JWT_SECRET, e.DATA_KEY);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    dataDir: e.DATA_DIR,
    filesDir: e.FILES_DIR ?? `${e.DATA_DIR.replace(/\/$/, '')}/files`,
    databaseUrl: e.DATABASE_URL,
    directDatabaseUrl: e.DIRECT_DATABASE_URL ?? e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dbReadLanes: e.DB_READ_LANES,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    jwtSecret: secrets.jwtSecret,
    dataKey: secrets.dataKey,
    dataKeyIsNew: secrets.dataKeyIsNew,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    // Demo users with a published password must never exist in production.
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    runJobs: e.JOBS ?? true,
    metricsToken: e.METRICS_TOKEN,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
  };
}

/**
 * The secrets the environment does not give: under test, random per process; otherwise the
 * installation's own from its data folder. A JWT secret is made and kept at once (losing it only
 * signs everyone out); a new data key is kept only after `settleDataKey` has checked the database.
 */
function secretsOf(
  nodeEnv: string,
  dataDir: string,
  jwtSecret: string | undefined,
  dataKey: string | undefined,
): { jwtSecret: string; dataKey: string; dataKeyIsNew: boolean } {
  if (jwtSecret && dataKey) return { jwtSecret, dataKey, dataKeyIsNew: false };
  if (nodeEnv === 'test') {
    testSecrets ??= { jwtSecret: newSecret(), dataKey: newSecret() };
    return {
      jwtSecret: jwtSecret ?? testSecrets.jwtSecret,
      dataKey: dataKey ?? testSecrets.dataKey,
      dataKeyIsNew: false,
    };
  }
  const keptKey = dataKey ?? readSecret(dataDir, 'data-key');
  return {
    jwtSecret:
      jwtSecret ?? readSecret(dataDir, 'jwt-secret') ?? keepSecret(dataDir, 'jwt-secret', newSecret()),
    dataKey: keptKey ?? newSecret(),
    dataKeyIsNew: keptKey === null,
  };
}

/** Addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

function trustProxyOf(v: string | undefined): boolean | number | string {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}
