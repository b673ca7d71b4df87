import { z } from 'zod';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Kinds of notification a user may turn mail off for. Request kinds come from the approval engine
 * for every request type; other modules add theirs here when they notify.
 */
export const NOTIFICATION_KINDS = [
  'request_submitted',
  'request_decided',
  'request_withdrawn',
  'request_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  request_submitted: 'A request waits for my approval',
  request_decided: 'My request moved on, was approved or was rejected',
  request_withdrawn: 'A request I was to approve was withdrawn',
  request_reminder: 'Reminder: a request has waited too long for me',
};

/** GET /api/notification: newest first by default (spec section 9). */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pagedEnvelope(NotificationSchema).extend({
  meta: z.object({
    totalCount: z.number().int(),
    page: z.number().int(),
    records: z.number().int(),
    unreadCount: z.number().int(),
  }),
});

export const NotificationUnreadSchema = envelope(z.object({ unread: z.number().int() }));

/** PUT /api/notification/read: one notification by id, or every unread one with `all`. */
export const NotificationReadInputSchema = z
  .object({
    id: z.uuid({ message: 'id must be a notification id' }).optional(),
    all: z.literal(true, { message: 'all must be true' }).optional(),
  })
  .strict()
  .refine((v) => (v.id === undefined) !== (v.all === undefined), {
    message: 'Give either id (one notification) or all: true',
    path: ['id'],
  });
export type NotificationReadInput = z.infer<typeof NotificationReadInputSchema>;
export const NotificationReadResponseSchema = envelope(z.object({ updated: z.number().int() }));

export const NotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  mail: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
export const NotificationPreferencesResponseSchema = envelope(z.array(NotificationPreferenceSchema));

export const NotificationPreferencesInputSchema = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), mail: z.boolean() }).strict())
    .min(1)
    .max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;
