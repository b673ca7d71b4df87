import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors';

/**
 * Serves the built SPA (dist/web) when present. Unknown non-/api GET paths answer index.html,
 * because the route table lives in the client; /api (and everything else) gets the JSON 404.
 */
export async function registerSpaAndNotFound(app: FastifyInstance, webDir: string | null): Promise<boolean> {
  const hasSpa = webDir !== null && existsSync(join(webDir, 'index.html'));
  if (hasSpa) await app.register(fastifyStatic, { root: webDir, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
  return hasSpa;
}
