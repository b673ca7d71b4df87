import { BUILT_IN_ROLES, dataScopeOf } from '@hr/contract';
import { employeeAbilities } from './employees.policy';

const as = (permissions: string[], employeeId: string | null = 'me') => ({
  permissions,
  scope: dataScopeOf(permissions),
  employeeId,
});

describe('employeeAbilities', () => {
  it('admins edit and delete others, not delete themselves', () => {
    const admin = as([...BUILT_IN_ROLES.Admin]);
    expect(employeeAbilities(admin, 'other')).toEqual({ edit: true, delete: true });
    expect(employeeAbilities(admin, 'me')).toEqual({ edit: true, delete: false });
  });

  it('managers and employees get neither; a viewer without edit or delete gets neither', () => {
    expect(employeeAbilities(as([...BUILT_IN_ROLES.Manager]), 'other')).toEqual({
      edit: false,
      delete: false,
    });
    expect(employeeAbilities(as([...BUILT_IN_ROLES.Employee]), 'me')).toEqual({ edit: false, delete: false });
    expect(employeeAbilities(as(['employee_list.view']), 'other')).toEqual({ edit: false, delete: false });
    expect(employeeAbilities(as(['employee_list.view', 'employee_list.edit']), 'x')).toEqual({
      edit: true,
      delete: false,
    });
  });

  it('edit or delete without company scope gives nothing', () => {
    const odd = {
      permissions: ['employee_list.edit', 'employee_list.delete'],
      scope: 'team' as const,
      employeeId: 'me',
    };
    expect(employeeAbilities(odd, 'other')).toEqual({ edit: false, delete: false });
  });
});
