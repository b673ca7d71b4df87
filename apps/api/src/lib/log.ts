import type { LoggerOptions } from 'pino';

/** Keys whose values never reach a log line, at any depth of a logged object. */
const SECRET_KEYS = new Set([
  'authorization',
  'access-token',
  'cookie',
  'password',
  'current_password',
  'new_password',
  'refresh_token',
  'otp',
]);

/**
 * A copy of a logged object with secret values replaced. Only plain objects and arrays are
 * walked (a request or error object is left to its serializer, which picks safe fields).
 */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEYS.has(k.toLowerCase()) ? '[redacted]' : scrubSecrets(v, depth + 1);
  }
  return out;
}

/**
 * Scrubbing runs when a line is written, not when a logger is made: pino's `redact` did its work
 * for every request's child logger, which showed up in the list benchmark's allocations.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: { log: (obj) => scrubSecrets(obj) as Record<string, unknown> },
  };
}
