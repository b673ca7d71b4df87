/** What other modules may use of the payroll module (they import this file, never its others). */
export {
  type ComponentFlags,
  componentFlags,
  earningCode,
  engineEpf,
  engineSalary,
  type MonthlyLine,
  pfWageOf,
  stateCode,
} from './engine-input';
export { seedDefaultComponents } from './payroll.seed';
export {
  annualCtcOn,
  firstRevisionIds,
  type RevisionHead,
  revisionHeadsForMonth,
  revisionsById,
  revisionsForMonth,
  type SalaryRevision,
  settleArrears,
  unsettledArrears,
} from './salary.service';
export { readSettings as readStatutorySettings } from './statutory';
