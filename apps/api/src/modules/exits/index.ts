/** What other modules may use of the exits module (they import this file, never its others). */
export { exitsRoutes } from './exits.routes';
export { createExitsService, type ExitsService, RESIGNATION_TYPE } from './exits.service';
