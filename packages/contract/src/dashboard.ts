import { z } from 'zod';
import { envelope } from './envelope';
import { AnnouncementSchema } from './org';

const PersonDateSchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  /** The coming date (YYYY-MM-DD) in the company's time zone. */
  date: z.string(),
  days_until: z.number().int(),
});

export const AdminDashboardSchema = z.object({
  today: z.string(),
  headcount: z.number().int(),
  joiners_this_month: z.number().int(),
  exits_this_month: z.number().int(),
  headcount_by_division: z.array(
    z.object({ division_id: z.string().nullable(), division_name: z.string(), headcount: z.number().int() }),
  ),
  upcoming_birthdays: z.array(PersonDateSchema),
  upcoming_anniversaries: z.array(PersonDateSchema.extend({ years: z.number().int() })),
  announcements: z.array(AnnouncementSchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export const AdminDashboardResponseSchema = envelope(AdminDashboardSchema);

export const TeamDashboardSchema = z.object({
  team: z.array(
    z.object({
      id: z.string(),
      employee_code: z.string(),
      employee_name: z.string(),
      designation: z.string().nullable(),
      unit_name: z.string().nullable(),
      status: z.string(),
    }),
  ),
  pending_requests: z.array(
    z.object({
      request_id: z.string(),
      request_type: z.string(),
      requester_id: z.string(),
      requester_name: z.string(),
      level: z.number().int(),
      created_at: z.string(),
      on_behalf_of: z.string().nullable(),
    }),
  ),
  announcements: z.array(AnnouncementSchema),
});
export type TeamDashboard = z.infer<typeof TeamDashboardSchema>;
export const TeamDashboardResponseSchema = envelope(TeamDashboardSchema);
