import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { createPgliteDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed/index';
import { manualClock } from '../lib/clock';

// Its own app over a small built SPA, so that pages and assets are checked as well as the API.
let app: FastifyInstance;
let db: Db;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'hr-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>HR</title><div id="root"></div>');
  writeFileSync(join(webDir, 'app.js'), 'console.log(1)');
  db = await createPgliteDb();
  await migrate(db);
  await seedDemo(db);
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db, clock: manualClock(), mailSink: () => undefined, webDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(webDir, { recursive: true, force: true });
});

const signIn = async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@acme.test', password: 'Demo@1234' },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.token}` };
};

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe('security headers on every response', () => {
  it('pages, assets, API docs, API answers, errors and 404s', async () => {
    const auth = await signIn();
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/' }),
      app.inject({ method: 'GET', url: '/employees/list' }),
      app.inject({ method: 'GET', url: '/app.js' }),
      app.inject({ method: 'GET', url: '/api/docs/' }),
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/auth/me', headers: auth }),
      app.inject({ method: 'GET', url: '/api/auth/me' }),
      app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(500);
      expectSecurityHeaders(res.headers);
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 401, 404]);
  });

  it('authenticated JSON answers (and the sign-in answer carrying tokens) are never stored by a cache', async () => {
    const auth = await signIn();
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await app.inject({ method: 'GET', url: '/api/employee', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@acme.test', password: 'Demo@1234' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    // The SPA's own caching is left as it was.
    const page = await app.inject({ method: 'GET', url: '/employees/list' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('file downloads are never stored by a cache (issue 21)', () => {
  it('the attendance and muster exports, a report export and the bulk-upload template are no-store', async () => {
    const auth = await signIn();
    const urls = [
      '/api/attendance/export?year=2026&month=4&format=csv',
      '/api/attendance/export?year=2026&month=4&format=xlsx',
      '/api/attendance/muster/export?year=2026&month=4&format=csv',
      '/api/attendance/muster/export?year=2026&month=4&format=xlsx',
      '/api/reports/headcount/export?format=csv&from=2026-01&to=2026-03',
      '/api/templates/employee-bulk-upload',
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect({ url, status: res.statusCode }, res.body.slice(0, 300)).toEqual({ url, status: 200 });
      expect(String(res.headers['content-type']), url).not.toMatch(/json/);
      expect(res.headers['cache-control'], url).toMatch(/(^|, )no-store$/);
    }
  });
});

describe('Strict-Transport-Security when the request came over TLS (issue 21)', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    // The same database behind a second app that trusts the proxy in front of it (loopback here).
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
    proxied = await buildApp({ config, db, clock: manualClock(), mailSink: () => undefined, webDir });
    await proxied.ready();
  });
  afterAll(() => proxied.close());

  const HSTS = 'max-age=31536000; includeSubDomains';
  const https = { 'x-forwarded-proto': 'https' };

  it('is sent behind TRUST_PROXY when X-Forwarded-Proto says https, on pages and the API', async () => {
    for (const url of ['/', '/api/health', '/api/nothing-here']) {
      const res = await proxied.inject({ method: 'GET', url, headers: https });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
  });

  it('is not sent over plain HTTP, nor for a forwarded https header without TRUST_PROXY', async () => {
    const plain = await proxied.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({ method: 'GET', url: '/api/health', headers: https });
    expect(forged.statusCode).toBe(200);
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
