/** What other modules may use of the employees module (they import this file, never its others). */
export { type ScopeFilter, scopeWhere } from './employees.repo';
export {
  type EmployeeByCode,
  type EmployeePayrollFacts,
  employeeNameOf,
  employeePayrollFacts,
  employeesByCodes,
  type PayrollEmployee,
  payrollEmployeesIn,
  payrollSecretsOf,
} from './payroll-facts';
