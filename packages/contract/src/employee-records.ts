import { z } from 'zod';
import { IsoDateSchema as isoDate } from './dates';
import { EMPLOYEE_STATUSES, EmployeeListQuerySchema, EmployeeSummarySchema } from './employees';
import { envelope } from './envelope';

/** Employee records (issue 3): profile, create/edit, self-service, experience/education/family, upload. */

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'intern', 'consultant'] as const;
export const GENDERS = ['male', 'female', 'other', 'unspecified'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export const ADDRESS_KINDS = ['present', 'permanent'] as const;
export const TAX_REGIMES = ['new', 'old'] as const;

const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const AADHAAR_RE = /^[0-9]{12}$/;
const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT_RE = /^[0-9]{6,18}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,17}$/;

const text = (max = 120) => z.string().trim().min(1, 'Required').max(max);
const optText = (max = 120) => text(max).nullable().optional();

/** Fields an employee changes only through an approved profile change request. */
export const APPROVAL_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'gender',
  'pan',
  'aadhaar',
  'bank_name',
  'bank_branch',
  'bank_account',
  'bank_ifsc',
  'bank_holder_name',
  'email',
] as const;
/** Fields an employee changes directly on their profile. */
export const SELF_EDIT_FIELDS = [
  'phone',
  'personal_email',
  'blood_group',
  'marital_status',
  'addresses',
] as const;

export const AddressSchema = z.strictObject({
  kind: z.enum(ADDRESS_KINDS),
  line1: text(200),
  line2: optText(200),
  city: text(),
  state: text(),
  postal_code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, 'Not a postal code'),
  country: text().optional(),
});
export type AddressInput = z.infer<typeof AddressSchema>;
export const AddressRowSchema = AddressSchema.extend({
  id: z.string(),
  line2: z.string().nullable(),
  country: z.string(),
});

const employeeFields = {
  employee_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'Letters, digits, - and _ only (up to 32)'),
  first_name: text(80),
  middle_name: optText(80),
  last_name: z.string().trim().max(80).nullable().optional(),
  email: z.string().trim().toLowerCase().email('Not an email address').max(200),
  personal_email: z
    .string()
    .trim()
    .toLowerCase()
    .email('Not an email address')
    .max(200)
    .nullable()
    .optional(),
  phone: z.string().trim().regex(PHONE_PATTERN, 'Not a phone number').nullable().optional(),
  designation: optText(),
  date_of_joining: isoDate,
  gender: z.enum(GENDERS).nullable().optional(),
  date_of_birth: isoDate.nullable().optional(),
  division_unit_id: z.string().uuid().nullable().optional(),
  manager_id: z.string().uuid().nullable().optional(),
  employment_type: z.enum(EMPLOYMENT_TYPES).optional(),
  probation_end: isoDate.nullable().optional(),
  work_location: optText(),
  grade: optText(40),
  cost_centre: optText(40),
  blood_group: z.enum(BLOOD_GROUPS).nullable().optional(),
  marital_status: z.enum(MARITAL_STATUSES).nullable().optional(),
  nationality: optText(60),
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PAN_RE, 'PAN is 5 letters, 4 digits, 1 letter')
    .nullable()
    .optional(),
  aadhaar: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(AADHAAR_RE, 'Aadhaar is 12 digits'))
    .nullable()
    .optional(),
  uan: z
    .string()
    .trim()
    .regex(/^[0-9]{12}$/, 'UAN is 12 digits')
    .nullable()
    .optional(),
  esi_number: z
    .string()
    .trim()
    .regex(/^[0-9]{10,17}$/, 'ESI number is 10 to 17 digits')
    .nullable()
    .optional(),
  bank_name: optText(),
  bank_branch: optText(),
  bank_account: z
    .string()
    .trim()
    .regex(BANK_ACCOUNT_RE, 'Account number is 6 to 18 digits')
    .nullable()
    .optional(),
  bank_ifsc: z.string().trim().toUpperCase().regex(IFSC_RE, 'IFSC is like HDFC0001234').nullable().optional(),
  bank_holder_name: optText(),
  epf_applicable: z.boolean().optional(),
  esi_applicable: z.boolean().optional(),
  pt_state: optText(60),
  lwf_applicable: z.boolean().optional(),
  has_disability: z.boolean().optional(),
  tax_regime: z.enum(TAX_REGIMES).optional(),
  addresses: z.array(AddressSchema).max(2).optional(),
};

/** POST employee. `employee_code` is generated from the company prefix when omitted. */
export const EmployeeCreateSchema = z.strictObject({
  ...employeeFields,
  employee_code: employeeFields.employee_code.optional(),
  role_id: z.string().uuid().optional(),
  status: z.enum(EMPLOYEE_STATUSES).optional(),
});
export type EmployeeCreate = z.infer<typeof EmployeeCreateSchema>;

/**
 * PUT employee/{id}: any subset; null clears an optional field. `role_id` gives the sign-in another
 * role: only a role from GET role/dropdown (role management and all its permissions held).
 */
export const EmployeeUpdateSchema = z
  .strictObject({ ...employeeFields, role_id: z.string().uuid() })
  .partial();
export type EmployeeUpdate = z.infer<typeof EmployeeUpdateSchema>;

export const EmployeeStatusUpdateSchema = z
  .strictObject({ status: z.enum(EMPLOYEE_STATUSES), exit_date: isoDate.nullable().optional() })
  .refine((v) => v.status !== 'exited' || !!v.exit_date, {
    path: ['exit_date'],
    message: 'Give the exit date when the status is exited',
  });
export type EmployeeStatusUpdate = z.infer<typeof EmployeeStatusUpdateSchema>;

/** GET employee adds a status filter to the list query. */
export const EmployeeRecordsListQuerySchema = EmployeeListQuerySchema.extend({
  status: z.enum(EMPLOYEE_STATUSES).optional(),
});
export type EmployeeRecordsListQuery = z.infer<typeof EmployeeRecordsListQuerySchema>;

/**
 * PUT employee/profile (self-service): direct fields only. Fields that need approval are named in
 * the 400 with a pointer to the profile change request.
 */
export const SelfProfileUpdateSchema = z
  .object({
    phone: employeeFields.phone,
    personal_email: employeeFields.personal_email,
    blood_group: employeeFields.blood_group,
    marital_status: employeeFields.marital_status,
    addresses: employeeFields.addresses,
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if ((SELF_EDIT_FIELDS as readonly string[]).includes(key)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: (APPROVAL_FIELDS as readonly string[]).includes(key)
          ? `${key} needs approval: raise a profile change request`
          : 'Unknown field',
      });
    }
  });
export type SelfProfileUpdate = Pick<
  EmployeeUpdate,
  'phone' | 'personal_email' | 'blood_group' | 'marital_status' | 'addresses'
>;

export const EmployeeProfileSchema = EmployeeSummarySchema.extend({
  middle_name: z.string().nullable(),
  personal_email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  date_of_birth: isoDate.nullable(),
  blood_group: z.string().nullable(),
  marital_status: z.string().nullable(),
  nationality: z.string().nullable(),
  employment_type: z.string(),
  probation_end: isoDate.nullable(),
  exit_date: isoDate.nullable(),
  work_location: z.string().nullable(),
  grade: z.string().nullable(),
  cost_centre: z.string().nullable(),
  profile_image: z.string().nullable(),
  division_id: z.string().nullable(),
  division_unit_id: z.string().nullable(),
  manager_code: z.string().nullable(),
  pan: z.string().nullable(),
  aadhaar: z.string().nullable(),
  uan: z.string().nullable(),
  esi_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_branch: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_ifsc: z.string().nullable(),
  bank_holder_name: z.string().nullable(),
  epf_applicable: z.boolean(),
  esi_applicable: z.boolean(),
  pt_state: z.string().nullable(),
  lwf_applicable: z.boolean(),
  has_disability: z.boolean(),
  tax_regime: z.string(),
  addresses: z.array(AddressRowSchema),
  role_id: z.string().nullable(),
  role_name: z.string().nullable(),
  sign_in_active: z.boolean().nullable(),
  /** True when PAN, Aadhaar and bank account are shown in full (admin asked with reveal=true). */
  revealed: z.boolean(),
  /** Whether the caller may reveal the sensitive fields (holds employee_list.edit). */
  can_reveal: z.boolean(),
});
export type EmployeeProfile = z.infer<typeof EmployeeProfileSchema>;
export const EmployeeProfileResponseSchema = envelope(EmployeeProfileSchema);
export const ProfileQuerySchema = z.object({ reveal: z.enum(['true', 'false']).optional() });

export const EmployeeDeleteResultSchema = envelope(
  z.object({ id: z.string(), outcome: z.enum(['deleted', 'deactivated']) }),
);

export const DropdownQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  // Up to 500: pickers load a whole company's list at once (ordinary paged lists stay at 100).
  records: z.coerce.number().int().min(1).max(500).default(50),
});
export const EmployeeDropdownItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  employee_code: z.string(),
});
export const EmployeeDropdownResponseSchema = envelope(z.array(EmployeeDropdownItemSchema));

export const EmployeeStatisticsSchema = z.object({
  employee_id: z.string(),
  date_of_joining: isoDate,
  tenure: z.object({
    years: z.number().int(),
    months: z.number().int(),
    days: z.number().int(),
    total_days: z.number().int(),
  }),
  leave_taken: z.number().nullable(),
  attendance_rate: z.number().nullable(),
  notes: z.record(z.string(), z.string()),
});
export const EmployeeStatisticsResponseSchema = envelope(EmployeeStatisticsSchema);

// Experience, education, family.
const optDate = isoDate.nullable().optional();
export const ExperienceInputSchema = z
  .strictObject({
    employee_id: z.string().uuid(),
    company_name: text(),
    designation: text(),
    employment_type: z.enum(EMPLOYMENT_TYPES).nullable().optional(),
    start_date: isoDate,
    end_date: optDate,
    location: optText(),
  })
  .refine((v) => !v.end_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'end_date is before start_date',
  });
export const ExperienceUpdateSchema = z
  .strictObject({
    company_name: text(),
    designation: text(),
    employment_type: z.enum(EMPLOYMENT_TYPES).nullable().optional(),
    start_date: isoDate,
    end_date: optDate,
    location: optText(),
  })
  .refine((v) => !v.end_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'end_date is before start_date',
  });
export const ExperienceSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  company_name: z.string(),
  designation: z.string(),
  employment_type: z.string().nullable(),
  start_date: isoDate,
  end_date: isoDate.nullable(),
  location: z.string().nullable(),
});

const educationFields = {
  education_type: text(60),
  institution: text(),
  degree: optText(),
  field_of_study: optText(),
  year_of_passing: z.number().int().min(1950).max(2100).nullable().optional(),
  score: optText(20),
};
export const EDUCATION_TYPES = [
  'secondary',
  'higher_secondary',
  'diploma',
  'bachelor',
  'master',
  'doctorate',
  'other',
] as const;
export const EducationInputSchema = z.strictObject({ employee_id: z.string().uuid(), ...educationFields });
export const EducationUpdateSchema = z.strictObject(educationFields);
export const EducationSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  education_type: z.string(),
  institution: z.string(),
  degree: z.string().nullable(),
  field_of_study: z.string().nullable(),
  year_of_passing: z.number().nullable(),
  score: z.string().nullable(),
});

export const RELATIONS = [
  'spouse',
  'father',
  'mother',
  'son',
  'daughter',
  'brother',
  'sister',
  'other',
] as const;
const familyFields = {
  name: text(),
  relation: z.enum(RELATIONS),
  date_of_birth: optDate,
  occupation: optText(),
  phone: z.string().trim().regex(PHONE_PATTERN, 'Not a phone number').nullable().optional(),
  email: z.string().trim().toLowerCase().email('Not an email address').nullable().optional(),
  nominee_share: z.number().min(0).max(100).nullable().optional(),
};
export const FamilyInputSchema = z.strictObject({ employee_id: z.string().uuid(), ...familyFields });
export const FamilyUpdateSchema = z.strictObject(familyFields);
export const FamilySchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  name: z.string(),
  relation: z.string(),
  date_of_birth: isoDate.nullable(),
  occupation: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  nominee_share: z.number().nullable(),
});

export type Experience = z.infer<typeof ExperienceSchema>;
export type Education = z.infer<typeof EducationSchema>;
export type FamilyMember = z.infer<typeof FamilySchema>;
export type ExperienceInput = z.infer<typeof ExperienceInputSchema>;
export type EducationInput = z.infer<typeof EducationInputSchema>;
export type FamilyInput = z.infer<typeof FamilyInputSchema>;

// Bulk upload.
export const UploadQuerySchema = z.object({
  mode: z.enum(['all_or_nothing', 'valid_only']).default('all_or_nothing'),
});
export const UploadRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type UploadRowError = z.infer<typeof UploadRowErrorSchema>;
export const UploadResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(UploadRowErrorSchema),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
export const UploadResponseSchema = envelope(UploadResultSchema);

/** Columns of the bulk upload template, in order. `*` marks required ones in the header. */
export const UPLOAD_COLUMNS = [
  'employee_code',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'personal_email',
  'phone',
  'gender',
  'date_of_birth',
  'date_of_joining',
  'employment_type',
  'designation',
  'status',
  'exit_date',
  'unit',
  'manager_code',
  'work_location',
  'pan',
  'aadhaar',
  'uan',
  'bank_name',
  'bank_account',
  'bank_ifsc',
] as const;
export const UPLOAD_REQUIRED = ['first_name', 'email', 'date_of_joining'] as const;

const UPLOAD_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One cell of the bulk upload: trimmed and normalised, then checked; an empty optional cell is ''. */
function uploadCell(
  opts: {
    required?: string;
    normalise?: (v: string) => string;
    pattern?: [RegExp, string];
    oneOf?: readonly string[];
    max?: number;
  } = {},
) {
  return z.string().transform((raw, ctx) => {
    const v = opts.normalise ? opts.normalise(raw.trim()) : raw.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!v) return opts.required ? fail(opts.required) : '';
    if (opts.pattern && !opts.pattern[0].test(v)) return fail(opts.pattern[1]);
    if (opts.oneOf && !opts.oneOf.includes(v)) return fail(`Not one of: ${opts.oneOf.join(', ')}`);
    if (opts.max && v.length > opts.max) return fail(`At most ${opts.max} characters`);
    return v;
  });
}
/**
 * A date cell of the bulk upload: the contract's one date type (its messages), trimmed; an empty
 * optional cell is ''.
 */
function uploadDate(required?: string) {
  const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    required
      ? z.string().min(1, required).pipe(isoDate)
      : z.union([z.literal(''), isoDate], {
          error: (issue) =>
            blank(issue.input) ? undefined : 'Use a real date as YYYY-MM-DD, in the years 1900 to 2199',
        }),
  );
}
const lower = (v: string) => v.toLowerCase();
const upper = (v: string) => v.toUpperCase();

/**
 * A row of the bulk upload, one schema per column (each cell's own checks; the API checks what
 * needs more than one cell or the company's data: dates against each other and today, duplicates,
 * existing employees, units, managers).
 */
export const EmployeeUploadRowSchema = z.object({
  employee_code: uploadCell({
    pattern: [/^[A-Za-z0-9_-]{1,32}$/, 'Letters, digits, - and _ only (up to 32)'],
  }),
  first_name: uploadCell({ required: 'first_name is required', max: 80 }),
  middle_name: uploadCell(),
  last_name: uploadCell(),
  email: uploadCell({
    required: 'email is required',
    normalise: lower,
    pattern: [UPLOAD_EMAIL_RE, 'Not an email address'],
  }),
  personal_email: uploadCell({ normalise: lower, pattern: [UPLOAD_EMAIL_RE, 'Not an email address'] }),
  phone: uploadCell({ pattern: [PHONE_PATTERN, 'Not a phone number'] }),
  gender: uploadCell({ normalise: lower, oneOf: GENDERS }),
  date_of_birth: uploadDate(),
  date_of_joining: uploadDate('date_of_joining is required'),
  employment_type: uploadCell({ normalise: lower, oneOf: EMPLOYMENT_TYPES }),
  designation: uploadCell(),
  status: uploadCell({ normalise: lower, oneOf: EMPLOYEE_STATUSES }),
  exit_date: uploadDate(),
  unit: uploadCell(),
  manager_code: uploadCell(),
  work_location: uploadCell(),
  pan: uploadCell({ normalise: upper, pattern: [PAN_RE, 'PAN is 5 letters, 4 digits, 1 letter'] }),
  aadhaar: uploadCell({
    normalise: (v) => v.replace(/\s/g, ''),
    pattern: [AADHAAR_RE, 'Aadhaar is 12 digits'],
  }),
  uan: uploadCell({ pattern: [/^[0-9]{12}$/, 'UAN is 12 digits'] }),
  bank_name: uploadCell(),
  bank_account: uploadCell({ pattern: [BANK_ACCOUNT_RE, 'Account number is 6 to 18 digits'] }),
  bank_ifsc: uploadCell({ normalise: upper, pattern: [IFSC_RE, 'IFSC is like HDFC0001234'] }),
});
export type EmployeeUploadRow = z.infer<typeof EmployeeUploadRowSchema>;
