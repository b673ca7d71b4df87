import { z } from 'zod';
import { envelope, PageMetaSchema } from './envelope';

/** Uploads (spec section 7): profile photo and employee documents. Types are detected by magic bytes. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** POST upload/image/profile: admins name the employee; without it, the caller's own photo. */
export const ProfilePhotoQuerySchema = z.strictObject({ employee_id: z.string().uuid().optional() });
export type ProfilePhotoQuery = z.infer<typeof ProfilePhotoQuerySchema>;

export const ProfilePhotoResultSchema = z.object({
  employee_id: z.string().uuid(),
  profile_image_url: z.string(),
});
export type ProfilePhotoResult = z.infer<typeof ProfilePhotoResultSchema>;
export const ProfilePhotoResponseSchema = envelope(ProfilePhotoResultSchema);

/** The text fields sent beside the file to POST upload/file. */
export const DocumentUploadFieldsSchema = z.strictObject({
  employee_id: z.string().uuid(),
  title: z.string().trim().min(1).max(200),
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFieldsSchema>;

export const EmployeeDocumentSchema = z.object({
  id: z.string().uuid(),
  employee_id: z.string().uuid(),
  title: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_by: z.string().uuid().nullable(),
  created_at: z.string(),
  download_url: z.string(),
  /** `letter`: the file of an issued letter (the company's record; only an administrator deletes it). */
  kind: z.enum(['upload', 'letter']),
  /** Whether the caller may delete it (a hint for the screen; the server checks again). */
  abilities: z.object({ delete: z.boolean() }),
});
export type EmployeeDocument = z.infer<typeof EmployeeDocumentSchema>;

export const EmployeeDocumentResponseSchema = envelope(EmployeeDocumentSchema);
export const EmployeeDocumentListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.array(EmployeeDocumentSchema),
  meta: PageMetaSchema,
});

export const DocumentIdParamSchema = z.object({ documentId: z.string().uuid() });
