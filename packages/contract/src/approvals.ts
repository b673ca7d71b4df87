import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Request types a flow can be written for (profile change now; the others in later issues). The
 * API registers each type with its approval engine (apps/api modules/approvals/request-types.ts).
 */
export const APPROVAL_REQUEST_TYPES = [
  'profile_change',
  'leave',
  'regularisation',
  'expense',
  'leave_encashment',
  'resignation',
] as const;
export type ApprovalRequestType = (typeof APPROVAL_REQUEST_TYPES)[number];
export const APPROVAL_RULES = ['any', 'all'] as const;
/**
 * manager: the requester's primary manager; administrators: the request type's administrators
 * (who decide from its admin queue).
 */
export const APPROVER_KINDS = ['reporting_role', 'employee', 'manager', 'administrators'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

// ---------- Approval flows ----------

export const ApprovalLevelInputSchema = z
  .strictObject({
    approver_kind: z.enum(APPROVER_KINDS),
    reporting_role_id: z.string().uuid().nullish(),
    approver_employee_ids: z.array(z.string().uuid()).max(20).optional(),
    rule: z.enum(APPROVAL_RULES).default('any'),
    /** Hours the level may wait; past them its approvers are reminded (once). None: no SLA. */
    sla_hours: z.number().int().min(1, 'At least 1 hour').max(8760, 'At most a year (8760 hours)').nullish(),
    /** With an SLA: past it the request moves on to the next level (after the last: administrators). */
    escalate: z.boolean().default(false),
    /**
     * The level applies only to a request whose amount (paise) is above this, e.g. a reimbursement
     * above ₹10,000 adds the admin level. None: always. Evaluated when the request is raised.
     */
    min_amount_paise: z
      .number()
      .int('Whole paise')
      .min(0, 'Cannot be negative')
      .max(100_000_000_000, 'Too large')
      .nullish(),
  })
  .superRefine((l, ctx) => {
    if (l.escalate && !l.sla_hours) {
      ctx.addIssue({
        code: 'custom',
        path: ['sla_hours'],
        message: 'Give the hours after which the request moves on',
      });
    }
    if (l.approver_kind === 'reporting_role' && !l.reporting_role_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['reporting_role_id'],
        message: 'Choose a reporting role',
      });
    }
    if (l.approver_kind === 'employee' && !(l.approver_employee_ids && l.approver_employee_ids.length > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['approver_employee_ids'],
        message: 'Choose at least one approver',
      });
    }
  });
export type ApprovalLevelInput = z.infer<typeof ApprovalLevelInputSchema>;

export const ApprovalFlowInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  request_type: z.enum(APPROVAL_REQUEST_TYPES),
  is_default: z.boolean().default(false),
  levels: z.array(ApprovalLevelInputSchema).min(1, 'Add at least one level').max(10),
});
export type ApprovalFlowInput = z.infer<typeof ApprovalFlowInputSchema>;
/** A flow as written before defaults apply (rule, escalate may be left out). */
export type ApprovalFlowInputData = z.input<typeof ApprovalFlowInputSchema>;

export const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const ApprovalLevelSchema = z.object({
  position: z.number().int(),
  approver_kind: z.enum(APPROVER_KINDS),
  reporting_role_id: z.string().nullable(),
  reporting_role_name: z.string().nullable(),
  approver_employee_ids: z.array(z.string()),
  approvers: z.array(PersonRefSchema),
  rule: z.enum(APPROVAL_RULES),
  sla_hours: z.number().int().nullable(),
  escalate: z.boolean(),
  min_amount_paise: z.number().int().nullable(),
});
export type ApprovalLevel = z.infer<typeof ApprovalLevelSchema>;

export const ApprovalFlowSchema = z.object({
  id: z.string(),
  name: z.string(),
  request_type: z.enum(APPROVAL_REQUEST_TYPES),
  is_default: z.boolean(),
  levels: z.array(ApprovalLevelSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApprovalFlow = z.infer<typeof ApprovalFlowSchema>;

export const ApprovalFlowListQuerySchema = z.object({
  request_type: z.enum(APPROVAL_REQUEST_TYPES).optional(),
});
export const ApprovalFlowListResponseSchema = envelope(z.array(ApprovalFlowSchema));
export const ApprovalFlowResponseSchema = envelope(ApprovalFlowSchema);

// ---------- Delegations ----------

export const ApprovalDelegationInputSchema = z
  .strictObject({
    /** Only admins (approval_flow.edit) may name someone else; default: the caller. */
    approver_id: z.string().uuid().optional(),
    delegate_id: z.string().uuid(),
    starts_on: isoDate,
    ends_on: isoDate,
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.ends_on < d.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'End date is before the start date' });
    }
  });
export type ApprovalDelegationInput = z.infer<typeof ApprovalDelegationInputSchema>;

export const ApprovalDelegationSchema = z.object({
  id: z.string(),
  approver_id: z.string(),
  approver_name: z.string(),
  delegate_id: z.string(),
  delegate_name: z.string(),
  starts_on: isoDate,
  ends_on: isoDate,
  reason: z.string().nullable(),
  active: z.boolean(),
});
export type ApprovalDelegation = z.infer<typeof ApprovalDelegationSchema>;
export const ApprovalDelegationMineSchema = envelope(
  z.object({
    /** Delegations I gave (my approvals handed to someone). */
    given: z.array(ApprovalDelegationSchema),
    /** Delegations I received (I act on someone's behalf). */
    received: z.array(ApprovalDelegationSchema),
  }),
);
export const ApprovalDelegationResponseSchema = envelope(ApprovalDelegationSchema);

// ---------- Request state (any type) ----------

export const NextApproverSchema = z.object({
  level: z.number().int(),
  id: z.string(),
  name: z.string(),
  /** Active delegates today who may decide on this approver's behalf. */
  delegates: z.array(PersonRefSchema),
});
export type NextApprover = z.infer<typeof NextApproverSchema>;

export const ApprovalDecisionSchema = z.object({
  level: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  actor_id: z.string(),
  actor_name: z.string(),
  on_behalf_of: z.string().nullable(),
  on_behalf_of_name: z.string().nullable(),
  as_admin: z.boolean(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** What happened to a request besides decisions: an SLA reminder, or an escalation past its SLA. */
export const ApprovalEventSchema = z.object({
  level: z.number().int(),
  kind: z.enum(['reminded', 'escalated']),
  /** escalated: the level it moved to (a level added for the administrators after the last). */
  to_level: z.number().int().nullable(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type ApprovalEvent = z.infer<typeof ApprovalEventSchema>;

export const ApprovalStateSchema = z.object({
  request_id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  current_level: z.number().int(),
  level_count: z.number().int(),
  skipped_levels: z.array(z.object({ position: z.number().int(), reason: z.string() })),
  next_approvers: z.array(NextApproverSchema),
  history: z.array(ApprovalDecisionSchema),
  events: z.array(ApprovalEventSchema),
});
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;

// ---------- Profile change requests ----------

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const AADHAAR_PATTERN = /^[0-9]{12}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const BANK_ACCOUNT_PATTERN = /^[0-9]{6,18}$/;

export const PROFILE_CHANGE_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'bank_name',
  'bank_ifsc',
  'bank_account_number',
  'bank_holder_name',
  'pan',
  'aadhaar',
] as const;
export type ProfileChangeField = (typeof PROFILE_CHANGE_FIELDS)[number];
/** Stored encrypted and shown masked. */
export const SENSITIVE_PROFILE_FIELDS = ['bank_account_number', 'pan', 'aadhaar'] as const;

export const PROFILE_CHANGE_LABELS: Record<ProfileChangeField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  bank_name: 'Bank name',
  bank_ifsc: 'IFSC',
  bank_account_number: 'Bank account number',
  bank_holder_name: 'Account holder name',
  pan: 'PAN',
  aadhaar: 'Aadhaar',
};

const upper = (s: string) => s.trim().toUpperCase();
export const ProfileChangesSchema = z
  .strictObject({
    first_name: z.string().trim().min(1, 'First name is required').max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    date_of_birth: isoDate.optional(),
    bank_name: z.string().trim().min(1).max(100).optional(),
    bank_ifsc: z
      .string()
      .transform(upper)
      .pipe(z.string().regex(IFSC_PATTERN, 'IFSC must look like ABCD0123456'))
      .optional(),
    bank_account_number: z
      .string()
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(BANK_ACCOUNT_PATTERN, 'Account number must be 6 to 18 digits'))
      .optional(),
    bank_holder_name: z.string().trim().min(1).max(100).optional(),
    pan: z
      .string()
      .transform(upper)
      .pipe(z.string().regex(PAN_PATTERN, 'PAN must look like ABCDE1234F'))
      .optional(),
    aadhaar: z
      .string()
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(AADHAAR_PATTERN, 'Aadhaar must be 12 digits'))
      .optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    message: 'Change at least one field',
  });
export type ProfileChanges = z.infer<typeof ProfileChangesSchema>;

export const ProfileChangeRequestInputSchema = z.strictObject({
  changes: ProfileChangesSchema,
  reason: z.string().trim().min(1, 'Give a reason').max(500),
});
export type ProfileChangeRequestInput = z.infer<typeof ProfileChangeRequestInputSchema>;

export const ProfileFieldChangeSchema = z.object({
  field: z.enum(PROFILE_CHANGE_FIELDS),
  label: z.string(),
  /** Masked for PAN, Aadhaar and bank account number. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ProfileFieldChange = z.infer<typeof ProfileFieldChangeSchema>;

export const ProfileChangeRequestSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  changes: z.array(ProfileFieldChangeSchema),
  reason: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  approval: ApprovalStateSchema.nullable(),
  /** What the caller may do with it here (computed by the server; the action checks again). */
  abilities: RequestAbilitiesSchema,
});
export type ProfileChangeRequest = z.infer<typeof ProfileChangeRequestSchema>;

export const ProfileChangeRequestResponseSchema = envelope(ProfileChangeRequestSchema);
export const ProfileChangeRequestListSchema = envelope(z.array(ProfileChangeRequestSchema));
export const ProfileChangeRequestPageSchema = pagedEnvelope(ProfileChangeRequestSchema);

export const ProfileChangeQueueQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at', 'employee_name']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /** Search by employee name or code. */
  value: z.string().trim().max(100).optional(),
  status: z.enum(APPROVAL_STATUSES).optional(),
});
export type ProfileChangeQueueQuery = z.infer<typeof ProfileChangeQueueQuerySchema>;

export const DecisionInputSchema = z.strictObject({
  comment: z.string().trim().max(1000).optional(),
});
export const RejectInputSchema = z.strictObject({
  comment: z.string().trim().min(1, 'Give a reason for the rejection').max(1000),
});

// ---------- Requests of every type waiting on me ----------

/** One request in the cross-type approvals inbox, summarised by its type. */
export const ApprovalInboxItemSchema = z.object({
  request_id: z.string(),
  request_type: z.string(),
  subject_id: z.string(),
  requester_id: z.string(),
  requester_name: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.number().int(),
  created_at: z.string(),
  abilities: RequestAbilitiesSchema,
});
export type ApprovalInboxItem = z.infer<typeof ApprovalInboxItemSchema>;
export const ApprovalInboxResponseSchema = envelope(z.array(ApprovalInboxItemSchema));

// ---------- Deciding many requests of a queue at once ----------

/** Most requests one bulk decision takes (a page of a queue is at most 100 rows). */
export const BULK_DECISION_MAX = 100;

export const BulkDecisionInputSchema = z
  .strictObject({
    ids: z
      .array(z.string().uuid('Choose requests from the list'))
      .min(1, 'Choose at least one request')
      .max(BULK_DECISION_MAX, `Choose at most ${BULK_DECISION_MAX} requests at a time`),
    decision: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(1000).optional(),
  })
  .refine((v) => v.decision === 'approve' || !!v.comment, {
    path: ['comment'],
    message: 'Give a reason for the rejection',
  });
export type BulkDecisionInput = z.infer<typeof BulkDecisionInputSchema>;

/** What became of one request of a bulk decision: its new status, or why it was not decided. */
export const BulkDecisionResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** The request's status after the decision (null when it failed). */
  status: z.string().nullable(),
  /** "Approved", or the reason in words ("This request is already approved"). */
  message: z.string(),
});
export type BulkDecisionResult = z.infer<typeof BulkDecisionResultSchema>;
export const BulkDecisionResponseSchema = envelope(
  z.object({
    results: z.array(BulkDecisionResultSchema),
    decided: z.number().int(),
    failed: z.number().int(),
  }),
);
export type BulkDecisionResponse = z.infer<typeof BulkDecisionResponseSchema>['data'];
