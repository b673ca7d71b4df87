import { z } from 'zod';

/** Development defaults: fine on a laptop, refused in production (see `parseConfig`). */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
export const DEV_DATA_KEY = 'dev-only-data-key-change-me-0123456789abcdef';

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
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
});

export type Config = {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files (local FileStore); defaults to `${DATA_DIR}/files`. */
  filesDir: string;
  databaseUrl?: string;
  dbPoolMax: number;
  dbReadLanes: number;
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client address (throttles, audit). */
  trustProxy: boolean | number | string;
  jwtSecret: string;
  dataKey: string;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  logLevel: string;
  seedDemo: boolean;
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
  const isProduction = e.NODE_ENV === 'production';
  // Outside production the server answers only this machine unless HOST says otherwise: a laptop
  // run (development secrets, demo users with a published password) must not be on the network.
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  // The development secrets are public (they are in this file): anyone who can reach the server
  // could sign tokens and read encrypted fields, so they are refused whenever it is reachable.
  if (isProduction || !isLoopback(host)) {
    const bad: string[] = [];
    if (!e.JWT_SECRET || e.JWT_SECRET === DEV_JWT_SECRET) bad.push('JWT_SECRET');
    if (!e.DATA_KEY || e.DATA_KEY === DEV_DATA_KEY) bad.push('DATA_KEY');
    if (bad.length > 0) {
      const where = isProduction ? 'in production' : `when HOST (${host}) is reachable from other machines`;
      throw new ConfigError(
        `Invalid configuration: ${bad.join(', ')} must be set to a secret of at least 32 characters ${where}`,
      );
    }
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    dataDir: e.DATA_DIR,
    filesDir: e.FILES_DIR ?? `${e.DATA_DIR.replace(/\/$/, '')}/files`,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dbReadLanes: e.DB_READ_LANES,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    dataKey: e.DATA_KEY ?? DEV_DATA_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    // Demo users with a published password must never exist in production.
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    runJobs: e.JOBS ?? true,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
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
