import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors';

/** Vite names everything it writes under assets/ by its content hash: a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and anything else not hashed) is checked with the server on every use. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA (dist/web) when present. Unknown non-/api GET paths answer index.html,
 * because the route table lives in the client; /api (and everything else) gets the JSON 404.
 *
 * The build writes a brotli and a gzip copy beside each text file (apps/web/precompress.ts):
 * `preCompressed` sends the one the client accepts, with `Vary: Accept-Encoding`, and the plain file
 * otherwise. Hashed assets are cached for a year; index.html names them, so it is never cached
 * without revalidation (ADR 0011).
 */
export async function registerSpaAndNotFound(app: FastifyInstance, webDir: string | null): Promise<boolean> {
  const hasSpa = webDir !== null && existsSync(join(webDir, 'index.html'));
  if (hasSpa) {
    const assetsDir = resolve(webDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      preCompressed: true,
      // Our header below instead of send's default (public, max-age=0).
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', resolve(path).startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
  return hasSpa;
}
