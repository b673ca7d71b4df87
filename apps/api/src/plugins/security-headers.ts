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

/** A year, and every subdomain: once a browser has seen the app over TLS it never tries plain HTTP. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every response (pages, assets, API, errors, 404s), set in onSend so that nothing
 * answered by a plugin escapes them.
 * - Everything under /api/ is per user and may carry tokens or personal data: JSON answers and
 *   every file (exports, templates, letters, receipts, photos, payslips) are `no-store`, so no
 *   cache (browser, proxy) keeps them; a route that says `private, no-store` keeps its words.
 * - HSTS when the request came over TLS: `request.protocol` is 'https' on a TLS socket, or behind
 *   a proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto (never from an untrusted
 *   client's header). Over plain HTTP the header would mean nothing and is not sent.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per response (see request-text.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-content-type-options', 'nosniff');
    if (
      request.url.startsWith('/api/') &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store')
    ) {
      reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}
