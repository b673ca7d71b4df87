/** What other modules may use of the payroll module (they import this file, never its others). */
export { seedDefaultComponents } from './payroll.seed';
export { annualCtcOn } from './salary.service';
