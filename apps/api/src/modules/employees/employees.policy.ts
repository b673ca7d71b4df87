import type { DataScope, RecordAbilities } from '@hr/contract';

/**
 * What the caller may do with one employee record, sent with the record so screens show only those
 * actions. The same rules the service enforces: editing and deleting are company-wide admin work
 * (managers and employees change records through requests), and nobody deletes their own record.
 */
export function employeeAbilities(
  actor: { permissions: readonly string[]; scope: DataScope; employeeId: string | null },
  employeeId: string,
): RecordAbilities {
  const company = actor.scope === 'company';
  return {
    edit: company && actor.permissions.includes('employee_list.edit'),
    delete: company && actor.permissions.includes('employee_list.delete') && employeeId !== actor.employeeId,
  };
}
