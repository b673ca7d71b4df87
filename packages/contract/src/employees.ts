import { z } from 'zod';
import { RecordAbilitiesSchema } from './abilities';
import { IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

export const EMPLOYEE_STATUSES = ['active', 'inactive', 'exited'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const EMPLOYEE_SORT_FIELDS = [
  'employee_code',
  'first_name',
  'last_name',
  'email',
  'date_of_joining',
  'created_at',
] as const;

/** GET employee: paging, sorting, unit filter and a `filter key and value` search. */
export const EmployeeListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(EMPLOYEE_SORT_FIELDS).default('employee_code'),
  unit_id: z.string().uuid().optional(),
  key: z.enum(['name', 'employee_code', 'email']).optional(),
  value: z.string().trim().max(100).optional(),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuerySchema>;

export const EmployeeSummarySchema = z.object({
  id: z.string(),
  employee_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  employee_name: z.string(),
  email: z.string(),
  designation: z.string().nullable(),
  division_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  manager_id: z.string().nullable(),
  manager_name: z.string().nullable(),
  date_of_joining: isoDate,
  status: z.enum(EMPLOYEE_STATUSES),
  /** What the caller may do with this record (edit, delete), from their permissions and scope. */
  abilities: RecordAbilitiesSchema,
});
export type EmployeeSummary = z.infer<typeof EmployeeSummarySchema>;

export const EmployeeListResponseSchema = pagedEnvelope(EmployeeSummarySchema);
export const EmployeeResponseSchema = envelope(EmployeeSummarySchema);
export const IdParamSchema = z.object({ id: z.string().uuid() });
