import type { Db } from '../../db/client';

/**
 * Demo organisation data for Acme: reporting roles, L1 managers mirroring employees.manager_id,
 * an L2 for the demo employee (the admin), a few assets (one issued), one announcement for all.
 */
export async function seedOrgDemo(db: Db, companyId: string): Promise<void> {
  await db.tenant(companyId, async (tx) => {
    const roles: Record<string, string> = {};
    for (const [name, priority] of [
      ['L1 Manager', 1],
      ['L2 Manager', 2],
      ['HR Partner', 3],
    ] as const) {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO reporting_roles (company_id, name, priority) VALUES ($1, $2, $3) RETURNING id',
        [companyId, name, priority],
      );
      roles[name] = rows[0]!.id;
    }
    await tx.query(
      `INSERT INTO reporting_managers (company_id, employee_id, reporting_role_id, manager_id)
       SELECT $1, id, $2, manager_id FROM employees WHERE manager_id IS NOT NULL`,
      [companyId, roles['L1 Manager']],
    );
    const { rows: people } = await tx.query<{ email: string; id: string }>(
      `SELECT lower(email) AS email, id FROM employees
        WHERE lower(email) IN ('admin@acme.test', 'manager@acme.test', 'employee@acme.test')`,
    );
    const id = (email: string) => people.find((p) => p.email === email)?.id;
    const admin = id('admin@acme.test');
    const employee = id('employee@acme.test');
    if (admin && employee) {
      await tx.query(
        `INSERT INTO reporting_managers (company_id, employee_id, reporting_role_id, manager_id)
         VALUES ($1, $2, $3, $4)`,
        [companyId, employee, roles['L2 Manager'], admin],
      );
    }
    const assets = [
      ['LAP-001', 'MacBook Pro 14"', 'Laptop', 'C02XK1', '2024-01-15', 19_990_000, 'good'],
      ['LAP-002', 'ThinkPad T14', 'Laptop', 'PF3AB2', '2024-03-02', 12_450_000, 'new'],
      ['MON-001', 'Dell 27" monitor', 'Monitor', 'CN0D7', '2023-11-20', 2_299_900, 'good'],
      ['PHN-001', 'Pixel 8', 'Phone', 'GPX8-11', '2024-05-10', 5_999_900, 'fair'],
    ] as const;
    const assetIds: string[] = [];
    for (const a of assets) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO assets (company_id, code, name, category, serial_number, purchase_date, cost_paise, condition)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [companyId, ...a],
      );
      assetIds.push(rows[0]!.id);
    }
    if (employee) {
      await tx.query(
        `INSERT INTO asset_assignments (company_id, asset_id, employee_id, issued_on, issue_condition, notes)
         VALUES ($1, $2, $3, '2024-02-01', 'good', 'Issued at onboarding')`,
        [companyId, assetIds[0], employee],
      );
    }
    await tx.query(
      `INSERT INTO announcements (company_id, title, body, starts_on, ends_on, audience)
       VALUES ($1, 'Welcome to the new HR portal',
               'Profiles, requests and announcements now live here. Check that your details are up to date.',
               current_date - 7, current_date + 365, 'all')`,
      [companyId],
    );
  });
}
