/** What other modules may use of the reports module (none yet: it reads others, nobody reads it). */
export type { ReportsService } from './reports.service';
