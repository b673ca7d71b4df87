import { z } from 'zod';
import { envelope } from './envelope';

/**
 * One background or scheduled job queue as an administrator sees it (GET /api/jobs): its schedule,
 * when it last ran, succeeded and failed (with the error), and its counts.
 */
export const JobQueueStatusSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Cron expression of a scheduled job; null for a job only sent by the application. */
  schedule: z.string().nullable(),
  time_zone: z.string().nullable(),
  retry_limit: z.number().int(),
  last_started_at: z.string().nullable(),
  last_succeeded_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  /** The error of the last failed attempt. */
  last_error: z.string().nullable(),
  /** Attempts started. */
  runs: z.number().int(),
  /** Attempts that failed (each retried until the retry limit). */
  errors: z.number().int(),
  /** Jobs given up after their last retry. */
  failed: z.number().int(),
  /** Jobs waiting to run (queued, or waiting for a retry). */
  waiting: z.number().int(),
});
export type JobQueueStatus = z.infer<typeof JobQueueStatusSchema>;
export const JobStatusListResponseSchema = envelope(z.array(JobQueueStatusSchema));
