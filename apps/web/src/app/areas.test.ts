import { BUILT_IN_ROLES } from '@hr/contract';
import { enterableAreas, homePathFor } from './areas';

describe('areas', () => {
  it('lands each role on its own area: admin dashboard, team dashboard, employee home', () => {
    expect(homePathFor([...BUILT_IN_ROLES.Employee])).toBe('/user');
    expect(homePathFor([...BUILT_IN_ROLES.Manager])).toBe('/team');
    expect(homePathFor([...BUILT_IN_ROLES.Admin])).toBe('/admin');
    expect(homePathFor(['admin_dashboard.view'])).toBe('/admin');
    expect(homePathFor(['manager_dashboard.view'])).toBe('/team');
    expect(homePathFor([])).toBe('/forbidden');
  });

  it('offers Payroll with admin_dashboard.view', () => {
    expect(enterableAreas([...BUILT_IN_ROLES.Admin]).map((a) => a.label)).toEqual([
      'Employee',
      'Team',
      'Admin',
      'Payroll',
    ]);
    expect(enterableAreas([...BUILT_IN_ROLES.Manager]).map((a) => a.label)).toEqual(['Employee', 'Team']);
  });
});
