import type { Db } from '../../db/client';
import { saveFlow } from './approvals.repo';

/**
 * Demo data: the default profile-change flow "Profile changes", one level, rule any. By the
 * first-line reporting role (lowest priority number, e.g. "L1 Manager") when the company has
 * reporting roles, which falls back to the primary manager; otherwise named: the demo manager.
 * Either way employee@acme.test's request goes to manager@acme.test. Call it after the
 * organisation seed so that its reporting roles exist.
 */
export async function seedApprovalsDemo(db: Db, companyId: string): Promise<void> {
  await db.tenant(companyId, async (tx) => {
    const exists = await tx.query("SELECT 1 FROM approval_flows WHERE lower(name) = 'profile changes'");
    if (exists.rows.length > 0) return;
    const role = (
      await tx.query<{ id: string }>('SELECT id FROM reporting_roles ORDER BY priority, name, id LIMIT 1')
    ).rows[0];
    const manager = (
      await tx.query<{ id: string }>("SELECT id FROM employees WHERE lower(email) = 'manager@acme.test'")
    ).rows[0];
    if (!role && !manager) return;
    await saveFlow(tx, null, {
      name: 'Profile changes',
      request_type: 'profile_change',
      is_default: true,
      levels: [
        role
          ? { approver_kind: 'reporting_role', reporting_role_id: role.id, rule: 'any' }
          : { approver_kind: 'employee', approver_employee_ids: [manager!.id], rule: 'any' },
      ],
    });
  });
}
