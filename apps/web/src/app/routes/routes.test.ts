import { ADMIN_SCREENS } from './admin';
import { PAYROLL_SCREENS } from './payroll';
import { TEAM_SCREENS } from './team';
import { USER_SCREENS } from './user';

const permissionOf = (screens: { path: string; permission: readonly string[] }[], path: string) =>
  screens.find((s) => s.path === path)?.permission;

describe('route tables (spec section 2)', () => {
  it('has every route of each section', () => {
    expect(USER_SCREENS).toHaveLength(8);
    expect(TEAM_SCREENS).toHaveLength(5);
    // The spec's 21 admin routes, plus the employee page (admin/employees/:employeeId) and the
    // background jobs (utility/jobs, off the dashboard: issue 24).
    expect(ADMIN_SCREENS).toHaveLength(23);
    expect(ADMIN_SCREENS.map((s) => s.path)).toContain('employees/:employeeId');
    expect(permissionOf(ADMIN_SCREENS, 'utility/jobs')).toEqual(['admin_dashboard.view']);
    // Plus settings/statutory-details/figures: what the engine uses on a date (issue 14).
    expect(PAYROLL_SCREENS).toHaveLength(17);
  });

  it('uses the spec permission strings', () => {
    expect(permissionOf(USER_SCREENS, 'salary/expenses')).toEqual(['employee_expense.view']);
    expect(permissionOf(USER_SCREENS, 'documents/payslips')).toEqual(['employee_profile.view']);
    expect(permissionOf(TEAM_SCREENS, 'requests/profile-update')).toEqual(['profile_update_requests.view']);
    expect(permissionOf(ADMIN_SCREENS, 'requests/profile-change')).toEqual(['profile_change_requests.view']);
    expect(permissionOf(ADMIN_SCREENS, 'utility/letters')).toEqual(['admin_dashboard.view']);
    expect(permissionOf(PAYROLL_SCREENS, 'payrun')).toEqual(['admin_dashboard.view']);
    expect(permissionOf(PAYROLL_SCREENS, 'settings/components/deductions/pre-tax-deductions/new')).toEqual([
      'admin_dashboard.edit',
    ]);
    expect(
      permissionOf(PAYROLL_SCREENS, 'settings/components/deductions/pre-tax-deductions/:benefit_id'),
    ).toEqual(['admin_dashboard.edit']);
  });

  it('guards every private screen', () => {
    for (const s of [...USER_SCREENS, ...TEAM_SCREENS, ...ADMIN_SCREENS, ...PAYROLL_SCREENS]) {
      expect(s.permission.length, s.path).toBeGreaterThan(0);
    }
  });
});
