import { z } from 'zod';
import { RecordAbilitiesSchema } from './abilities';
import { IsoDateSchema as isoDate } from './dates';
import { EDUCATION_TYPES, EMPLOYMENT_TYPES, GENDERS, RELATIONS } from './employee-records';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/** Organisation set-up: divisions and units, reporting structure, assets, announcements, dropdowns. */

const uuid = z.string().uuid();
const name = z.string().trim().min(1, 'Required').max(100);

// ---- Divisions and units --------------------------------------------------------------------

export const DivisionListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['name', 'created_at']).default('name'),
  search: z.string().trim().max(100).optional(),
});
export type DivisionListQuery = z.infer<typeof DivisionListQuerySchema>;

export const DivisionUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  employee_count: z.number().int(),
});
export type DivisionUnit = z.infer<typeof DivisionUnitSchema>;

export const DivisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  employee_count: z.number().int(),
  units: z.array(DivisionUnitSchema),
});
export type Division = z.infer<typeof DivisionSchema>;
/** List rows carry what the caller may do with each (edit, delete). */
export const DivisionListResponseSchema = pagedEnvelope(
  DivisionSchema.extend({ abilities: RecordAbilitiesSchema }),
);
export const DivisionResponseSchema = envelope(DivisionSchema);

export const DivisionBodySchema = z.strictObject({
  name,
  description: z.string().trim().max(500).optional(),
});
export type DivisionBody = z.infer<typeof DivisionBodySchema>;
export const DivisionUnitBodySchema = z.strictObject({ name });
export type DivisionUnitBody = z.infer<typeof DivisionUnitBodySchema>;
export const DivisionUnitResponseSchema = envelope(DivisionUnitSchema.extend({ division_id: z.string() }));

export const DivisionDropdownResponseSchema = envelope(
  z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      units: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
);

export const DivisionIdParamSchema = z.object({ divisionId: uuid });
export const DivisionUnitParamSchema = z.object({ divisionId: uuid, unitId: uuid });
export const DivisionUnitEmployeeParamSchema = z.object({ divisionId: uuid, unitId: uuid, employeeId: uuid });

export const UnitEmployeesBodySchema = z.strictObject({ employee_ids: z.array(uuid).min(1).max(500) });
export type UnitEmployeesBody = z.infer<typeof UnitEmployeesBodySchema>;
export const UnitEmployeesResponseSchema = envelope(
  z.object({ unit_id: z.string(), moved: z.number().int(), employee_ids: z.array(z.string()) }),
);

// ---- Reporting structure --------------------------------------------------------------------

export const ReportingRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number().int(),
  assignment_count: z.number().int(),
});
export type ReportingRole = z.infer<typeof ReportingRoleSchema>;
export const ReportingRoleListResponseSchema = envelope(z.array(ReportingRoleSchema));
export const ReportingRoleResponseSchema = envelope(ReportingRoleSchema);
export const ReportingRoleBodySchema = z.strictObject({ name, priority: z.number().int().min(1).max(99) });
export type ReportingRoleBody = z.infer<typeof ReportingRoleBodySchema>;

export const ReportingManagerQuerySchema = z.object({ employee_id: uuid });
export const ReportingManagerEntrySchema = z.object({
  reporting_role_id: z.string(),
  reporting_role_name: z.string(),
  priority: z.number().int(),
  manager_id: z.string(),
  manager_name: z.string(),
});
export type ReportingManagerEntry = z.infer<typeof ReportingManagerEntrySchema>;
export const ReportingManagersSchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  primary_manager_id: z.string().nullable(),
  managers: z.array(ReportingManagerEntrySchema),
});
export type ReportingManagers = z.infer<typeof ReportingManagersSchema>;
export const ReportingManagersResponseSchema = envelope(ReportingManagersSchema);
export const ReportingManagersBodySchema = z.strictObject({
  managers: z
    .array(z.strictObject({ reporting_role_id: uuid, manager_id: uuid }))
    .max(20)
    .refine((list) => new Set(list.map((m) => m.reporting_role_id)).size === list.length, {
      message: 'Each reporting role may appear once',
    }),
});
export type ReportingManagersBody = z.infer<typeof ReportingManagersBodySchema>;

// ---- Assets ---------------------------------------------------------------------------------

export const ASSET_CONDITIONS = ['new', 'good', 'fair', 'damaged', 'lost', 'retired'] as const;
export type AssetCondition = (typeof ASSET_CONDITIONS)[number];

export const AssetSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  serial_number: z.string().nullable(),
  purchase_date: isoDate.nullable(),
  /** Money in paise (integer). */
  cost_paise: z.number().int().nullable(),
  condition: z.enum(ASSET_CONDITIONS),
  holder_id: z.string().nullable(),
  holder_name: z.string().nullable(),
});
export type Asset = z.infer<typeof AssetSchema>;
export const AssetListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['code', 'name', 'category', 'purchase_date', 'created_at']).default('code'),
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(60).optional(),
  condition: z.enum(ASSET_CONDITIONS).optional(),
});
export type AssetListQuery = z.infer<typeof AssetListQuerySchema>;
export const AssetListResponseSchema = pagedEnvelope(
  AssetSchema.extend({ abilities: RecordAbilitiesSchema }),
);
export const AssetResponseSchema = envelope(AssetSchema);
export const AssetBodySchema = z.strictObject({
  code: z.string().trim().min(1).max(40),
  name,
  category: z.string().trim().min(1).max(60),
  serial_number: z.string().trim().max(100).nullable().optional(),
  purchase_date: isoDate.nullable().optional(),
  cost_paise: z.number().int().min(0).max(1e13).nullable().optional(),
  condition: z.enum(ASSET_CONDITIONS).default('good'),
});
export type AssetBody = z.infer<typeof AssetBodySchema>;

export const AssetAssignmentSchema = z.object({
  id: z.string(),
  asset_id: z.string(),
  asset_code: z.string(),
  asset_name: z.string(),
  asset_category: z.string(),
  employee_id: z.string(),
  employee_name: z.string(),
  employee_code: z.string(),
  issued_on: isoDate,
  issue_condition: z.string(),
  returned_on: isoDate.nullable(),
  return_condition: z.string().nullable(),
  notes: z.string().nullable(),
});
export type AssetAssignment = z.infer<typeof AssetAssignmentSchema>;
export const AssetAssignmentListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['issued_on', 'returned_on']).default('issued_on'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  employee_id: uuid.optional(),
  asset_id: uuid.optional(),
  open: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type AssetAssignmentListQuery = z.infer<typeof AssetAssignmentListQuerySchema>;
export const AssetAssignmentListResponseSchema = pagedEnvelope(AssetAssignmentSchema);
export const AssetAssignmentResponseSchema = envelope(AssetAssignmentSchema);
export const AssetAssignmentBodySchema = z.strictObject({
  asset_id: uuid,
  employee_id: uuid,
  issued_on: isoDate,
  issue_condition: z.enum(ASSET_CONDITIONS).optional(),
  notes: z.string().trim().max(500).nullable().optional(),
});
export type AssetAssignmentBody = z.infer<typeof AssetAssignmentBodySchema>;
export const AssetReturnBodySchema = z.strictObject({
  returned_on: isoDate,
  return_condition: z.enum(ASSET_CONDITIONS),
  notes: z.string().trim().max(500).nullable().optional(),
});
export type AssetReturnBody = z.infer<typeof AssetReturnBodySchema>;

// ---- Announcements --------------------------------------------------------------------------

export const ANNOUNCEMENT_AUDIENCES = ['all', 'divisions', 'units', 'employees'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const AnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  starts_on: isoDate,
  ends_on: isoDate,
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  audience_ids: z.array(z.string()),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['starts_on', 'ends_on', 'title', 'created_at']).default('starts_on'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(100).optional(),
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuerySchema>;
export const AnnouncementListResponseSchema = pagedEnvelope(
  AnnouncementSchema.extend({ abilities: RecordAbilitiesSchema }),
);
export const AnnouncementResponseSchema = envelope(AnnouncementSchema);
export const CurrentAnnouncementsResponseSchema = envelope(z.array(AnnouncementSchema));
export const AnnouncementBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Required').max(200),
    body: z.string().trim().min(1, 'Required').max(5000),
    starts_on: isoDate,
    ends_on: isoDate,
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    audience_ids: z.array(uuid).max(1000).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.ends_on < b.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'Must be on or after starts_on' });
    }
    if (b.audience !== 'all' && b.audience_ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['audience_ids'],
        message: `Choose at least one of ${b.audience}`,
      });
    }
  });
export type AnnouncementBody = z.infer<typeof AnnouncementBodySchema>;

// ---- Roles (create) -------------------------------------------------------------------------

export const RoleCreateBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(80),
  description: z.string().trim().max(500).default(''),
  permissions: z.array(z.string().max(100)).max(500).default([]),
});
export type RoleCreateBody = z.infer<typeof RoleCreateBodySchema>;

// ---- Dropdowns (spec section 7) -------------------------------------------------------------

export const ValueLabelSchema = z.object({ value: z.string(), label: z.string() });
export type ValueLabel = z.infer<typeof ValueLabelSchema>;
export const ValueLabelListResponseSchema = envelope(z.array(ValueLabelSchema));

const opts = (pairs: [string, string][]): ValueLabel[] => pairs.map(([value, label]) => ({ value, label }));
/** Options for values the API validates elsewhere: the label map must name exactly those values. */
const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>): ValueLabel[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** `GET dropdown/type/{type}`: fixed option lists. Leave types come from leave policies (later). */
export const DROPDOWN_TYPE_OPTIONS = {
  gender: labelled(GENDERS, {
    male: 'Male',
    female: 'Female',
    other: 'Other',
    unspecified: 'Prefer not to say',
  }),
  'employment-type': labelled(EMPLOYMENT_TYPES, {
    full_time: 'Full time',
    part_time: 'Part time',
    contract: 'Contract',
    intern: 'Intern',
    consultant: 'Consultant',
  }),
  'education-type': labelled(EDUCATION_TYPES, {
    secondary: 'Secondary (10th)',
    higher_secondary: 'Higher secondary (12th)',
    diploma: 'Diploma',
    bachelor: "Bachelor's degree",
    master: "Master's degree",
    doctorate: 'Doctorate',
    other: 'Other',
  }),
  relation: labelled(RELATIONS, {
    spouse: 'Spouse',
    father: 'Father',
    mother: 'Mother',
    son: 'Son',
    daughter: 'Daughter',
    brother: 'Brother',
    sister: 'Sister',
    other: 'Other',
  }),
  'leave-type': [] as ValueLabel[],
  'day-type': opts([
    ['full_day', 'Full day'],
    ['half_day', 'Half day'],
  ]),
  'half-day-type': opts([
    ['first_half', 'First half'],
    ['second_half', 'Second half'],
  ]),
  'earning-type': opts([
    ['fixed', 'Fixed'],
    ['variable', 'Variable'],
    ['reimbursement', 'Reimbursement'],
  ]),
  'value-type': opts([
    ['fixed_amount', 'Fixed amount'],
    ['percentage_of_basic', 'Percentage of basic'],
    ['percentage_of_ctc', 'Percentage of CTC'],
  ]),
} as const satisfies Record<string, ValueLabel[]>;
export type DropdownType = keyof typeof DROPDOWN_TYPE_OPTIONS;
export const DROPDOWN_TYPES = Object.keys(DROPDOWN_TYPE_OPTIONS) as DropdownType[];

/** `GET dropdown/status/{status}`. */
export const DROPDOWN_STATUS_OPTIONS = {
  attendance: opts([
    ['present', 'Present'],
    ['absent', 'Absent'],
    ['half_day', 'Half day'],
    ['late', 'Late'],
    ['on_leave', 'On leave'],
    ['holiday', 'Holiday'],
    ['weekly_off', 'Weekly off'],
  ]),
  approval: opts([
    ['pending', 'Pending'],
    ['approved', 'Approved'],
    ['rejected', 'Rejected'],
    ['cancelled', 'Cancelled'],
  ]),
} as const satisfies Record<string, ValueLabel[]>;
export type DropdownStatus = keyof typeof DROPDOWN_STATUS_OPTIONS;
export const DropdownTypeParamSchema = z.object({
  type: z.enum(DROPDOWN_TYPES as [DropdownType, ...DropdownType[]]),
});
export const DropdownStatusParamSchema = z.object({ status: z.enum(['attendance', 'approval']) });
