import { z } from 'zod';

/** Every response body is `{ status, message, data }` (spec section 7); status is the HTTP status. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

export const PageMetaSchema = z.object({
  totalCount: z.number().int(),
  page: z.number().int(),
  records: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** Paged lists add `meta` beside `data`. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.number().int(),
    message: z.string(),
    data: z.array(item),
    meta: PageMetaSchema,
  });
}

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** Paging and sorting query shared by every list: `page` is 1-based, `records` defaults to 10. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  records: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.string().max(64).optional(),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Errors use the same envelope with `data: null`, plus field errors and the request id. */
export const ErrorEnvelopeSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.null(),
  code: z.string(),
  requestId: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const MessageSchema = envelope(z.null());
