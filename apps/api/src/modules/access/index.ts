/** What other modules may use of the access module (they import this file, never its others). */
export { canGrantRole, holdsAll } from './access.policy';
