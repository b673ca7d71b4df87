import { type AreaNav, isMenuGroup } from '../../components/layouts/types';
import { ADMIN_AREA, ADMIN_SCREENS } from './admin';
import { PAYROLL_AREA, PAYROLL_SCREENS } from './payroll';
import { TEAM_AREA, TEAM_SCREENS } from './team';
import type { ScreenDef } from './types';
import { USER_AREA, USER_SCREENS } from './user';

const permissionOf = (screens: { path: string; permission: readonly string[] }[], path: string) =>
  screens.find((s) => s.path === path)?.permission;

describe('route tables (spec section 2)', () => {
  it('has every route of each section', () => {
    // Plus salary/tax-declaration, user/exit: resignation and the F&F statement, and
    // documents/form16 (issue 23).
    expect(USER_SCREENS).toHaveLength(11);
    expect(TEAM_SCREENS).toHaveLength(5);
    // The spec's 21 admin routes, plus the employee page (admin/employees/:employeeId) and the
    // background jobs (utility/jobs, off the dashboard: issue 24).
    expect(ADMIN_SCREENS).toHaveLength(23);
    expect(ADMIN_SCREENS.map((s) => s.path)).toContain('employees/:employeeId');
    expect(permissionOf(ADMIN_SCREENS, 'utility/jobs')).toEqual(['admin_dashboard.view']);
    // Plus settings/statutory-details/figures: what the engine uses on a date (issue 14), and
    // tax/declarations, exits: the F&F settlement of each exit, tax/form16 and tds-returns
    // (Form 24Q) (issue 23).
    expect(PAYROLL_SCREENS).toHaveLength(21);
  });

  it('uses the spec permission strings', () => {
    expect(permissionOf(USER_SCREENS, 'salary/expenses')).toEqual(['employee_expense.view']);
    expect(permissionOf(USER_SCREENS, 'documents/payslips')).toEqual(['employee_profile.view']);
    // The employee's own tax declaration takes the permission of their own payslips.
    expect(permissionOf(USER_SCREENS, 'salary/tax-declaration')).toEqual(['employee_profile.view']);
    expect(permissionOf(PAYROLL_SCREENS, 'tax/declarations')).toEqual(['admin_dashboard.view']);
    expect(permissionOf(PAYROLL_SCREENS, 'tds-returns')).toEqual(['admin_dashboard.view']);
    expect(permissionOf(PAYROLL_SCREENS, 'tax/form16')).toEqual(['admin_dashboard.view']);
    expect(permissionOf(USER_SCREENS, 'documents/form16')).toEqual(['employee_profile.view']);
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

describe('menus (issue 24: every screen can be found from the menu)', () => {
  const menuPaths = (area: AreaNav) =>
    area.menu.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry])).map((link) => link.to);
  const areas: [AreaNav, ScreenDef[]][] = [
    [USER_AREA, USER_SCREENS],
    [TEAM_AREA, TEAM_SCREENS],
    [ADMIN_AREA, ADMIN_SCREENS],
    [PAYROLL_AREA, PAYROLL_SCREENS],
  ];

  // Where a creation form opens from when its list is not at its own path minus /new.
  const CREATED_FROM: Record<string, string> = {
    '/payroll/settings/components/earning/new': '/payroll/settings/components/earnings',
  };

  it.each(areas.map(([a, s]) => [a.label, a, s] as const))(
    '%s: every screen without a path parameter is in the menu',
    (_label, area, screens) => {
      const menu = menuPaths(area);
      for (const s of screens) {
        if (s.path.includes(':')) continue;
        const path = `/${area.key}${s.path ? `/${s.path}` : ''}`;
        if (s.path.endsWith('/new')) {
          // A creation form opens from its list's button; the list itself is in the menu.
          const list = CREATED_FROM[path] ?? path.replace(/\/new$/, '');
          const parent = menu.some((m) => list === m || list.startsWith(`${m}/`) || m.startsWith(`${list}/`));
          expect(parent, `${path}: its list ${list} is in the menu`).toBe(true);
          continue;
        }
        expect(menu, `${s.title} (${path})`).toContain(path);
      }
    },
  );

  it('links only to screens that exist, each guarded as its screen is', () => {
    for (const [area, screens] of areas) {
      for (const entry of area.menu.flatMap((e) => (isMenuGroup(e) ? e.children : [e]))) {
        const screen = screens.find((s) => `/${area.key}${s.path ? `/${s.path}` : ''}` === entry.to);
        expect(screen, entry.to).toBeDefined();
        expect(entry.permission, entry.to).toEqual(screen!.permission);
      }
    }
  });
});
