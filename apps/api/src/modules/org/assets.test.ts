import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);

describe('asset catalogue', () => {
  it('lists, searches and filters the seeded assets (cost in paise)', async () => {
    const res = await call(admin, 'GET', '/api/asset');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.totalCount).toBe(4);
    const lap = res.json().data.find((a: { code: string }) => a.code === 'LAP-001');
    expect(lap).toMatchObject({
      cost_paise: 19_990_000,
      holder_id: employee.userResponse.employee_id,
      holder_name: 'Priya Sharma',
    });
    expect((await call(admin, 'GET', '/api/asset?category=laptop')).json().meta.totalCount).toBe(2);
    expect(
      (await call(admin, 'GET', '/api/asset?condition=fair'))
        .json()
        .data.map((a: { code: string }) => a.code),
    ).toEqual(['PHN-001']);
    expect((await call(admin, 'GET', '/api/asset?search=pixel')).json().meta.totalCount).toBe(1);
    expect((await call(admin, 'GET', '/api/asset?condition=shiny')).statusCode).toBe(400);
  });

  it('creates, updates and deletes; duplicate code 409; delete of an issued asset 409', async () => {
    const bad = await call(admin, 'POST', '/api/asset', {
      code: 'X',
      name: 'Desk',
      category: 'Furniture',
      cost_paise: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('cost_paise');
    const res = await call(admin, 'POST', '/api/asset', {
      code: 'DSK-001',
      name: 'Standing desk',
      category: 'Furniture',
      cost_paise: 3_500_000,
      purchase_date: '2024-07-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.condition).toBe('good');
    const id = res.json().data.id;
    expect(
      (await call(admin, 'POST', '/api/asset', { code: 'dsk-001', name: 'Other', category: 'Furniture' }))
        .statusCode,
    ).toBe(409);
    const upd = await call(admin, 'PUT', `/api/asset/${id}`, {
      code: 'DSK-001',
      name: 'Standing desk XL',
      category: 'Furniture',
      condition: 'new',
    });
    expect(upd.json().data).toMatchObject({ name: 'Standing desk XL', condition: 'new', cost_paise: null });
    expect((await call(admin, 'DELETE', `/api/asset/${id}`)).statusCode).toBe(200);
    const issued = (await call(admin, 'GET', '/api/asset?search=LAP-001')).json().data[0];
    const del = await call(admin, 'DELETE', `/api/asset/${issued.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/retired/);
  });

  it('permission matrix: employee/manager 403; Globex 404', async () => {
    const lap = (await call(admin, 'GET', '/api/asset?search=LAP-002')).json().data[0];
    for (const s of [employee, manager]) {
      expect((await call(s, 'GET', '/api/asset')).statusCode).toBe(403);
      expect((await call(s, 'POST', '/api/asset', { code: 'Z', name: 'Z', category: 'Z' })).statusCode).toBe(
        403,
      );
      expect((await call(s, 'GET', '/api/asset-assignment')).statusCode).toBe(403);
    }
    expect((await call(globex, 'GET', `/api/asset/${lap.id}`)).statusCode).toBe(404);
    expect((await call(globex, 'DELETE', `/api/asset/${lap.id}`)).statusCode).toBe(404);
    expect((await call(globex, 'GET', '/api/asset')).json().data).toEqual([]);
    const issue = await call(globex, 'POST', '/api/asset-assignment', {
      asset_id: lap.id,
      employee_id: globex.userResponse.employee_id,
      issued_on: '2025-01-01',
    });
    expect(issue.statusCode).toBe(404);
  });
});

describe('asset assignments', () => {
  it('issues a free asset, refuses a held one, returns it with condition', async () => {
    const lap2 = (await call(admin, 'GET', '/api/asset?search=LAP-002')).json().data[0];
    const mgr = manager.userResponse.employee_id;
    const res = await call(admin, 'POST', '/api/asset-assignment', {
      asset_id: lap2.id,
      employee_id: mgr,
      issued_on: '2025-01-10',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      asset_code: 'LAP-002',
      employee_name: 'Vikram Mehta',
      issue_condition: 'new',
      returned_on: null,
    });
    const again = await call(admin, 'POST', '/api/asset-assignment', {
      asset_id: lap2.id,
      employee_id: employee.userResponse.employee_id,
      issued_on: '2025-01-11',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Vikram Mehta');
    const open = await call(admin, 'GET', `/api/asset-assignment?employee_id=${mgr}&open=true`);
    expect(open.json().meta.totalCount).toBe(1);
    const id = res.json().data.id;
    const early = await call(admin, 'PUT', `/api/asset-assignment/${id}/return`, {
      returned_on: '2025-01-01',
      return_condition: 'good',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].path).toBe('returned_on');
    const back = await call(admin, 'PUT', `/api/asset-assignment/${id}/return`, {
      returned_on: '2025-03-01',
      return_condition: 'fair',
      notes: 'Scratched lid',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      returned_on: '2025-03-01',
      return_condition: 'fair',
      notes: 'Scratched lid',
    });
    expect(
      (
        await call(admin, 'PUT', `/api/asset-assignment/${id}/return`, {
          returned_on: '2025-03-02',
          return_condition: 'fair',
        })
      ).statusCode,
    ).toBe(409);
    const asset = (await call(admin, 'GET', `/api/asset/${lap2.id}`)).json().data;
    expect(asset).toMatchObject({ condition: 'fair', holder_id: null });
    expect(
      (await call(admin, 'GET', `/api/asset-assignment?employee_id=${mgr}&open=false`)).json().meta
        .totalCount,
    ).toBe(1);
    expect(
      (
        await call(globex, 'PUT', `/api/asset-assignment/${id}/return`, {
          returned_on: '2025-03-02',
          return_condition: 'fair',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('an employee reads their own assignments through /mine only', async () => {
    const mine = await call(employee, 'GET', '/api/asset-assignment/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((a: { asset_code: string }) => a.asset_code)).toEqual(['LAP-001']);
    const other = await call(
      employee,
      'GET',
      `/api/asset-assignment/mine?employee_id=${manager.userResponse.employee_id}`,
    );
    expect(
      other
        .json()
        .data.every((a: { employee_id: string }) => a.employee_id === employee.userResponse.employee_id),
    ).toBe(true);
    expect((await call(globex, 'GET', '/api/asset-assignment/mine')).json().data).toEqual([]);
  });
});
