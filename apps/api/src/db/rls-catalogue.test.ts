import { createTestDb } from '../test/helper';
import type { Db } from './client';
import { migrate } from './migrate';

/**
 * A guard that stays: after every migration, any table with a company_id column must have
 * row-level security enabled AND forced, with a tenant policy on app.company_id that binds hr_app
 * (or everyone). A policy granting more (e.g. the owner's policy on identity tables) must be
 * limited to the table's owner. A new migration that forgets any of this fails here.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
});
afterAll(() => drop());

type TableRow = {
  table: string;
  enabled: boolean;
  forced: boolean;
  owner: string;
  policies: {
    name: string;
    cmd: string;
    roles: string[];
    permissive: boolean;
    using: string | null;
    check: string | null;
  }[];
};

async function tenantTables(): Promise<TableRow[]> {
  const { rows } = await db.query<TableRow>(
    `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
            pg_get_userbyid(c.relowner) AS owner,
            coalesce((SELECT json_agg(json_build_object(
                'name', p.polname, 'cmd', p.polcmd, 'permissive', p.polpermissive,
                'roles', (SELECT coalesce(json_agg(CASE WHEN r = 0 THEN 'public' ELSE pg_get_userbyid(r) END), '[]')
                            FROM unnest(p.polroles) r),
                'using', pg_get_expr(p.polqual, p.polrelid),
                'check', pg_get_expr(p.polwithcheck, p.polrelid)))
               FROM pg_policy p WHERE p.polrelid = c.oid), '[]') AS policies
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  return rows;
}

const isTenantFilter = (expr: string | null) =>
  expr !== null && /\bcompany_id\b/.test(expr) && expr.includes("current_setting('app.company_id'");

/** What is wrong with one table, in words; empty when it is guarded. */
function problemsOf(t: TableRow): string[] {
  const out: string[] = [];
  if (!t.enabled) out.push('row-level security not enabled');
  if (!t.forced) out.push('row-level security not forced');
  const tenant = t.policies.filter(
    (p) =>
      p.permissive &&
      p.cmd === '*' &&
      (p.roles.includes('public') || p.roles.includes('hr_app')) &&
      isTenantFilter(p.using) &&
      (p.check === null || isTenantFilter(p.check)),
  );
  if (tenant.length === 0) out.push('no tenant policy on app.company_id for hr_app');
  for (const p of t.policies) {
    if (tenant.includes(p) || !p.permissive) continue;
    if (!(p.roles.length === 1 && p.roles[0] === t.owner)) {
      out.push(`policy ${p.name} widens access for ${p.roles.join(', ')}`);
    }
  }
  return out;
}

describe('row-level security catalogue', () => {
  it('every table with company_id has forced row-level security and a tenant policy', async () => {
    const tables = await tenantTables();
    // The query found the tables (a typo in it must not make the guard pass vacuously).
    expect(tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['employees', 'audit_log', 'users', 'sessions']),
    );
    const problems = tables.flatMap((t) => problemsOf(t).map((p) => `${t.table}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('the guard itself notices a table that forgot', async () => {
    for (const sql of [
      'CREATE TABLE rls_guard_probe (id int, company_id uuid)',
      'CREATE TABLE rls_guard_probe2 (id int, company_id uuid)',
      'ALTER TABLE rls_guard_probe2 ENABLE ROW LEVEL SECURITY',
      'CREATE POLICY p ON rls_guard_probe2 USING (true)',
    ]) {
      await db.query(sql);
    }
    try {
      const tables = await tenantTables();
      const byName = (name: string) => problemsOf(tables.find((t) => t.table === name)!);
      expect(byName('rls_guard_probe')).toEqual([
        'row-level security not enabled',
        'row-level security not forced',
        'no tenant policy on app.company_id for hr_app',
      ]);
      expect(byName('rls_guard_probe2')).toEqual([
        'row-level security not forced',
        'no tenant policy on app.company_id for hr_app',
        'policy p widens access for public',
      ]);
    } finally {
      await db.query('DROP TABLE rls_guard_probe, rls_guard_probe2');
    }
  });
});
