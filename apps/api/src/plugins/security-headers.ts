import type { FastifyInstance } from 'fastify';

/**
 * One policy for the SPA and the API docs (both load only their own scripts). Mantine and Swagger
 * UI write `<style>` tags and style attributes at run time, so styles allow 'unsafe-inline';
 * scripts do not. Images may be data: URLs (Swagger UI's icons) or blob: URLs (photo previews).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers on every response (pages, assets, API, errors, 404s), set in onSend so that nothing
 * answered by a plugin escapes them. API answers in JSON are per user and may carry tokens or
 * personal data: no cache (browser, proxy) may keep them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per response (see request-text.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/api/') && type.startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
