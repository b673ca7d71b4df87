import { isKnownPermission } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import { createPgliteDb, type Db } from '../db/client';

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createPgliteDb();
  app = await buildApp({ config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db, webDir: null });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

/** Lists every registered /api route (collected by the auth plugin's onRoute hook). */
describe('route permission declarations', () => {
  it('every /api route declares a valid permission', () => {
    expect(app.apiRoutes.length).toBeGreaterThan(15);
    const problems = app.apiRoutes.filter(({ permission: p }) => {
      if (p === 'public' || p === 'authenticated') return false;
      const list = typeof p === 'string' ? [p] : (p ?? []);
      return list.length === 0 || !list.every(isKnownPermission);
    });
    expect(problems).toEqual([]);
    const declared = new Map(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.permission]));
    expect(declared.get('GET /api/employee')).toEqual(['employee_list.view', 'manager_dashboard.view']);
    expect(declared.get('PUT /api/role/:id')).toBe('role_permissions.edit');
    expect(declared.get('POST /api/auth/login')).toBe('public');
  });

  it('registering an /api route without a declaration fails', async () => {
    const db2 = await createPgliteDb();
    const app2 = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: db2,
      webDir: null,
    });
    expect(() => app2.get('/api/undeclared', async () => 'x')).toThrow(/no config.permission/);
    await app2.close();
    await db2.close();
  });
});
