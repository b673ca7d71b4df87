import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countEmployees = (companyId: string) =>
  t.db.tenantRead(companyId, async (tx) => {
    const { rows } = await tx.query<{ n: number; who: string }>(
      'SELECT count(*)::int AS n, current_user AS who FROM employees',
    );
    return rows[0]!;
  });

describe('tenantRead', () => {
  it('binds every statement to the company, as the non-owner role', async () => {
    const acme = await t.companyId('Acme Corp');
    const globex = await t.companyId('Globex Ltd');
    // Alternate many times so that pooled connections (which keep their company) are reused
    // across companies.
    for (let i = 0; i < 12; i++) {
      const [a, g] = await Promise.all([countEmployees(acme), countEmployees(globex)]);
      expect(a.n).toBeGreaterThanOrEqual(50);
      expect(g.n).toBe(5);
      expect(a.who).toBe('hr_app');
    }
  });

  it('a call that fails leaves no connection scoped to anyone', async () => {
    const acme = await t.companyId('Acme Corp');
    const globex = await t.companyId('Globex Ltd');
    for (let i = 0; i < 6; i++) {
      await expect(
        t.db.tenantRead(acme, (tx) => tx.query('SELECT no_such_column FROM employees')),
      ).rejects.toThrow();
      expect((await countEmployees(globex)).n).toBe(5);
    }
  });

  it('refuses a company id that is not a uuid', async () => {
    await expect(countEmployees("x' OR true --")).rejects.toThrow('not a uuid');
  });
});
