import { z } from 'zod';
import { IsoDateSchema as isoDate, MonthOfYearQuerySchema, YearQuerySchema } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/** Letters an administrator issues to an employee, who accepts or rejects each once (spec section 4). */

export const LETTER_TYPES = [
  'offer',
  'appointment',
  'increment',
  'experience',
  'relieving',
  'other',
] as const;
export type LetterType = (typeof LETTER_TYPES)[number];
export const LETTER_TYPE_LABELS: Record<LetterType, string> = {
  offer: 'Offer letter',
  appointment: 'Appointment letter',
  increment: 'Increment letter',
  experience: 'Experience letter',
  relieving: 'Relieving letter',
  other: 'Other',
};
export const LETTER_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];
export const LETTER_STATUS_LABELS: Record<LetterStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** A letter file: PDF only, at most 5 MiB. */
export const LETTER_MAX_BYTES = 5 * 1024 * 1024;

/** The text fields of the multipart upload (the PDF is the field `file`). */
export const LetterUploadFieldsSchema = z.strictObject({
  employee_id: z.string().uuid('Choose an employee'),
  letter_type: z.enum(LETTER_TYPES, 'Choose a letter type'),
  title: z.string().trim().min(1, 'Required').max(200),
  issue_date: isoDate,
});
export type LetterUploadFields = z.infer<typeof LetterUploadFieldsSchema>;

export const LetterSchema = z.object({
  id: z.string().uuid(),
  employee_id: z.string().uuid(),
  employee_code: z.string().nullable(),
  employee_name: z.string(),
  letter_type: z.enum(LETTER_TYPES),
  title: z.string(),
  issue_date: isoDate,
  file_name: z.string(),
  download_url: z.string(),
  status: z.enum(LETTER_STATUSES),
  responded_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  abilities: z.object({ accept: z.boolean(), reject: z.boolean() }),
});
export type Letter = z.infer<typeof LetterSchema>;
export const LetterResponseSchema = envelope(LetterSchema);
export const LetterPageSchema = pagedEnvelope(LetterSchema);

export const LetterListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['issue_date', 'created_at', 'title']).default('issue_date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  year: YearQuerySchema.optional(),
  month: MonthOfYearQuerySchema.optional(),
  status: z.enum(LETTER_STATUSES).optional(),
  search_term: z.string().trim().max(100).optional(),
});
export type LetterListQuery = z.infer<typeof LetterListQuerySchema>;

/** The admin list adds the employee filter. */
export const AdminLetterListQuerySchema = LetterListQuerySchema.extend({
  employee_id: z.string().uuid().optional(),
});
export type AdminLetterListQuery = z.infer<typeof AdminLetterListQuerySchema>;

export const LetterRejectInputSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Give a reason for rejecting the letter').max(1000),
});
export type LetterRejectInput = z.infer<typeof LetterRejectInputSchema>;

/** The merge fields a letter template may use, as {{name}} in its title or body. */
export const LETTER_MERGE_FIELDS = [
  'employee_name',
  'employee_code',
  'designation',
  'date_of_joining',
  'ctc',
  'issue_date',
  'company_name',
] as const;
export type LetterMergeField = (typeof LETTER_MERGE_FIELDS)[number];
export const LETTER_MERGE_FIELD_HELP: Record<LetterMergeField, string> = {
  employee_name: "The employee's full name",
  employee_code: "The employee's code",
  designation: "The employee's designation",
  date_of_joining: 'Date of joining, e.g. 1 April 2026',
  ctc: "The employee's annual CTC in force on the issue date (their salary), in ₹ (en-IN)",
  issue_date: "The letter's issue date",
  company_name: "The company's name",
};

const FIELD_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Merge fields used in a text that are not known, in order of first use. */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(LETTER_MERGE_FIELDS);
  const bad: string[] = [];
  for (const m of text.matchAll(FIELD_RE)) {
    const name = m[1] ?? '';
    if (!known.has(name) && !bad.includes(name)) bad.push(name);
  }
  return bad;
}

/** Known merge fields used in a text. */
export function usedMergeFields(text: string): LetterMergeField[] {
  const known = new Set<string>(LETTER_MERGE_FIELDS);
  const used: LetterMergeField[] = [];
  for (const m of text.matchAll(FIELD_RE)) {
    const name = m[1] ?? '';
    if (known.has(name) && !used.includes(name as LetterMergeField)) used.push(name as LetterMergeField);
  }
  return used;
}

/** Replaces each {{field}} by its value (unknown ones are refused at save, so left as they are). */
export function renderMergeFields(text: string, values: Partial<Record<LetterMergeField, string>>): string {
  return text.replace(FIELD_RE, (whole, name: string) => values[name as LetterMergeField] ?? whole);
}

const withKnownFields = (field: 'title' | 'body') => (text: string, ctx: z.RefinementCtx) => {
  const bad = unknownMergeFields(text);
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `Unknown merge field${bad.length > 1 ? 's' : ''} in ${field}: ${bad.map((b) => `{{${b}}}`).join(', ')}`,
    });
  }
};

export const LetterTemplateInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(120),
  letter_type: z.enum(LETTER_TYPES, 'Choose a letter type'),
  title: z.string().trim().min(1, 'Required').max(200).superRefine(withKnownFields('title')),
  body: z.string().trim().min(1, 'Required').max(20000).superRefine(withKnownFields('body')),
});
export type LetterTemplateInput = z.infer<typeof LetterTemplateInputSchema>;

export const LetterTemplateSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  letter_type: z.enum(LETTER_TYPES),
  title: z.string(),
  body: z.string(),
  fields: z.array(z.enum(LETTER_MERGE_FIELDS)),
  updated_at: z.string(),
});
export type LetterTemplate = z.infer<typeof LetterTemplateSchema>;
export const LetterTemplateResponseSchema = envelope(LetterTemplateSchema);
export const LetterTemplatePageSchema = pagedEnvelope(LetterTemplateSchema);
export const LetterTemplateListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['name', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search_term: z.string().trim().max(100).optional(),
});
export type LetterTemplateListQuery = z.infer<typeof LetterTemplateListQuerySchema>;

/** A template's text (saved or still being edited) rendered for one employee. */
export const LetterPreviewInputSchema = z.strictObject({
  title: z.string().max(200).superRefine(withKnownFields('title')),
  body: z.string().max(20000).superRefine(withKnownFields('body')),
  employee_id: z.string().uuid('Choose an employee'),
  issue_date: isoDate.optional(),
});
export type LetterPreviewInput = z.infer<typeof LetterPreviewInputSchema>;
export const LetterPreviewSchema = z.object({ title: z.string(), body: z.string() });
export const LetterPreviewResponseSchema = envelope(LetterPreviewSchema);

export const LETTER_GENERATE_MAX = 200;
export const LetterGenerateInputSchema = z.strictObject({
  template_id: z.string().uuid('Choose a template'),
  employee_ids: z
    .array(z.string().uuid())
    .min(1, 'Choose at least one employee')
    .max(LETTER_GENERATE_MAX, `At most ${LETTER_GENERATE_MAX} employees at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'An employee is chosen twice'),
  /** {{ctc}} is each employee's own annual CTC in force on this date (their salary), not an input. */
  issue_date: isoDate.optional(),
});
export type LetterGenerateInput = z.infer<typeof LetterGenerateInputSchema>;
export const LetterGenerateResultSchema = z.object({
  batch_id: z.string().uuid(),
  created: z.number().int(),
  letters: z.array(LetterSchema),
});
export const LetterGenerateResponseSchema = envelope(LetterGenerateResultSchema);
