import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin } = await demoSessions(t));
});
afterAll(() => t.close());

type Row = { abilities: { edit: boolean; delete: boolean } };

describe('org list abilities', () => {
  it('divisions: a division with employees cannot be deleted; an empty one can', async () => {
    const created = await callAs(t, admin, 'POST', '/api/division', { name: 'Empty one' });
    expect(created.statusCode).toBe(201);
    const rows = (await callAs(t, admin, 'GET', '/api/division?records=100')).json().data as (Row & {
      name: string;
      employee_count: number;
    })[];
    expect(rows.find((d) => d.name === 'Empty one')!.abilities).toEqual({ edit: true, delete: true });
    expect(rows.find((d) => d.employee_count > 0)!.abilities).toEqual({ edit: true, delete: false });
  });

  it('assets and announcements carry abilities on every row', async () => {
    const assets = (await callAs(t, admin, 'GET', '/api/asset?records=100')).json().data as (Row & {
      holder_id: string | null;
    })[];
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(a.abilities).toEqual({ edit: true, delete: a.holder_id === null });
    const news = await callAs(t, admin, 'POST', '/api/announcement', {
      title: 'Hello',
      body: 'World',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      audience: 'all',
    });
    expect(news.statusCode).toBe(201);
    const list = (await callAs(t, admin, 'GET', '/api/announcement')).json().data as Row[];
    expect(list[0]!.abilities).toEqual({ edit: true, delete: true });
  });
});
