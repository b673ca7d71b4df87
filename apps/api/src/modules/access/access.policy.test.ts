import { BUILT_IN_ROLES } from '@hr/contract';
import { canGrantRole, holdsAll, roleAbilities } from './access.policy';

const hr = ['employee_list.view', 'employee_list.add', 'employee_list.edit', 'role_permissions.view'];
const hrWithRoles = [...hr, 'role_permissions.edit', 'role_permissions.delete'];

describe('access policy', () => {
  it('grants a role only with role management and every permission it holds', () => {
    expect(canGrantRole(hr, ['employee_list.view'])).toBe(false);
    expect(canGrantRole(hrWithRoles, ['employee_list.view'])).toBe(true);
    expect(canGrantRole(hrWithRoles, BUILT_IN_ROLES.Admin)).toBe(false);
    expect(canGrantRole(BUILT_IN_ROLES.Admin, BUILT_IN_ROLES.Admin)).toBe(true);
    expect(holdsAll(hr, [])).toBe(true);
  });

  it('role abilities: edit within one’s own permissions, delete only unheld custom roles', () => {
    const custom = { is_system: false, permissions: ['employee_list.view'], user_count: 0 };
    expect(roleAbilities(hrWithRoles, custom)).toEqual({ edit: true, delete: true });
    expect(roleAbilities(hrWithRoles, { ...custom, user_count: 2 })).toEqual({ edit: true, delete: false });
    expect(roleAbilities(hrWithRoles, { ...custom, is_system: true })).toEqual({ edit: true, delete: false });
    expect(roleAbilities(hrWithRoles, { ...custom, permissions: [...BUILT_IN_ROLES.Admin] })).toEqual({
      edit: false,
      delete: false,
    });
    expect(roleAbilities(hr, custom)).toEqual({ edit: false, delete: false });
  });
});
