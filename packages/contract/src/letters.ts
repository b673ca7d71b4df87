import { z } from 'zod';
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

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a real date');

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
  issue_date: z.string(),
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
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
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
