/** What other modules may use of the audit module (they import this file, never its others). */
export { insertAudit, userHasAuditHistory } from './audit.repo';
export type { AuditAction, AuditContext, AuditEvent, AuditService } from './audit.service';
