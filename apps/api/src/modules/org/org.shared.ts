import type { Queryable } from '../../db/client';
import { dateIn } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditAction } from '../audit';

/** Audit actions of the organisation area (kept here so the audit module's list stays short). */
export type OrgAuditAction =
  | 'org.unit_employees_moved'
  | 'org.unit_employee_removed'
  | 'org.division_deleted'
  | 'org.reporting_managers_changed'
  | 'org.reporting_role_changed'
  | 'access.role_created'
  | 'access.role_deleted';
export const orgAction = (a: OrgAuditAction) => a as unknown as AuditAction;

// A foreign key refusal is 23503 or (RESTRICT on PGlite) 23001: lib/pg-errors.ts reads both.
export { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });

export const paging = (q: { page: number; records: number }) => ({
  limit: q.records,
  offset: (q.page - 1) * q.records,
});

/** Today's date (YYYY-MM-DD) in the tenant company's time zone, at the clock's instant. */
export async function companyToday(tx: Queryable, now: Date): Promise<{ today: string; timeZone: string }> {
  const { rows } = await tx.query<{ tz: string }>('SELECT hr_company_time_zone() AS tz');
  const timeZone = rows[0]?.tz || 'Asia/Kolkata';
  return { today: dateIn(timeZone, now), timeZone };
}
