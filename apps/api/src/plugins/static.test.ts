import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { precompressFiles } from '../../../web/precompress';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { createPgliteDb, type Db } from '../db/client';

// A tiny build in a temporary folder, compressed by the same step as `npm run build`: the test
// does not depend on dist/web existing.
// The web app's own files, which Vite copies as they are from apps/web/public into the build.
const WEB_INDEX = fileURLToPath(new URL('../../../web/index.html', import.meta.url));
const FAVICON = fileURLToPath(new URL('../../../web/public/favicon.svg', import.meta.url));
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>HR</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;

let dir: string;
let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hr-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  copyFileSync(FAVICON, join(dir, 'favicon.svg'));
  await precompressFiles(dir, ['index.html', 'assets/index-Ab12Cd34.js']);
  db = await createPgliteDb();
  app = await buildApp({ config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db, webDir: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('static web app: compression and caching', () => {
  it('sends a hashed asset brotli-compressed to a client that accepts br, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and never cached without revalidation, at / and at client routes', async () => {
    for (const url of ['/', '/admin/employees?page=2']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('still answers unknown /api paths with the JSON 404', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('static web app: favicon', () => {
  it('is linked from index.html and served as SVG, revalidated like index.html', async () => {
    const link = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(
      readFileSync(WEB_INDEX, 'utf8'),
    );
    expect(link?.[1]).toBe('/favicon.svg');
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // Not content-hashed, so never cached for long: a new icon shows on the next visit.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(readFileSync(FAVICON, 'utf8'));
  });
});
