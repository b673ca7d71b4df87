import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countEmployees = (companyId: string, session?: { id: string; userId: string; now: Date }) =>
  t.db.tenantRead(
    companyId,
    async (tx) => {
      const { rows } = await tx.query<{ n: number; who: string }>(
        'SELECT count(*)::int AS n, current_user AS who FROM employees',
      );
      return rows[0]!;
    },
    { session },
  );

describe('tenantRead', () => {
  it('binds every statement to the company, as the non-owner role', async () => {
    const acme = await t.companyId('Acme Corp');
    const globex = await t.companyId('Globex Ltd');
    // Alternate many times so that pooled connections are reused across companies.
    for (let i = 0; i < 12; i++) {
      const [a, g] = await Promise.all([countEmployees(acme), countEmployees(globex)]);
      expect(a.n).toBeGreaterThanOrEqual(50);
      expect(g.n).toBe(5);
      expect(a.who).toBe('hr_app');
    }
  });

  it('a dead session answers 401 and leaves no connection scoped to anyone', async () => {
    const acme = await t.companyId('Acme Corp');
    const globex = await t.companyId('Globex Ltd');
    const s = await t.login('admin@globex.test');
    const sid = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const live = { id: sid, userId: s.userResponse.id, now: new Date() };
    expect((await countEmployees(globex, live)).n).toBe(5);
    const dead = { id: randomUUID(), userId: s.userResponse.id, now: new Date() };
    for (let i = 0; i < 6; i++) {
      await expect(countEmployees(acme, dead)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await countEmployees(globex, live)).n).toBe(5);
    }
  });
});
