/**
 * What other modules may use of the approvals module (they import this file, never its others):
 * the engine their request types register with, the audit helper shared by request modules, and
 * questions other modules ask about approvals (an employee's history).
 */
export {
  type ApprovalEngine,
  createApprovalEngine,
  type DecideResult,
  type SlaReminder,
  type SlaResult,
} from './approval-engine';
export {
  employeeHasApprovalHistory,
  ensureDefaultFlow,
  isApproverOfAny,
  pendingCountsByType,
  pendingForApprover,
  pendingOfRequester,
} from './approvals.repo';
export { auditOf } from './approvals.service';
export {
  createRequestTypeRegistry,
  DEFAULT_LINKS,
  type DecideActor,
  type HookContext,
  type LinkAudience,
  type RequestSummary,
  type RequestTypeDefinition,
  type RequestTypeRegistry,
} from './request-types';
export { createSlaCheck, SLA_CRON, SLA_JOB } from './sla';
