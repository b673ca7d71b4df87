/** What other modules may use of the expenses module (they import this file, never its others). */
export { EXPENSE_TYPE } from './expenses.service';
