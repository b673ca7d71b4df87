-- Attendance writes (issue 11, performance): every punch and every derived day paid a foreign-key
-- check against companies (a row lock on the one company row per inserted row). company_id is
-- always the tenant's own id (current_setting under RLS), so the check can never fail; the
-- employee foreign keys stay (they carry the cascade when an employee without history is deleted).
ALTER TABLE attendance_punches DROP CONSTRAINT attendance_punches_company_id_fkey;
ALTER TABLE attendance_days DROP CONSTRAINT attendance_days_company_id_fkey;

-- The muster reads status and late of every employee's days in a month: an index holding both
-- answers it from the index alone.
DROP INDEX attendance_days_date;
CREATE INDEX attendance_days_date ON attendance_days (company_id, date) INCLUDE (employee_id, status, late);
