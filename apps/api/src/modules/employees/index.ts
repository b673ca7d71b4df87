/** What other modules may use of the employees module (they import this file, never its others). */
export { type ScopeFilter, scopeWhere } from './employees.repo';
export {
  type EmployeePayrollFacts,
  employeeNameOf,
  employeePayrollFacts,
  type PayrollEmployee,
  payrollEmployeesIn,
  payrollSecretsOf,
} from './payroll-facts';
