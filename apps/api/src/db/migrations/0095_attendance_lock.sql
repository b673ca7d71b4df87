-- Attendance locks (issue 11): a confirmed pay run locks its period's attendance days. While a
-- lock covers a date, re-derivation (a holiday, policy, shift, roster or weekly-off change, an
-- approved request, punches arriving, the nightly job) leaves that date's days as they are:
-- punches still land in the ledger, leave marks are still kept, but no day row of the period is
-- written or removed, and regularisation or leave on the date is refused. A reversed pay run
-- removes its lock (by ref) and the period re-derives.
CREATE TABLE attendance_lock (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  period_from date NOT NULL,
  period_to date NOT NULL,
  -- What locked it (a pay run's id or number); one lock per ref.
  ref text NOT NULL CHECK (char_length(ref) BETWEEN 1 AND 100),
  reason text CHECK (char_length(reason) <= 200),
  locked_at timestamptz NOT NULL DEFAULT now(),
  locked_by uuid REFERENCES users(id) ON DELETE SET NULL,
  CHECK (period_to >= period_from),
  UNIQUE (company_id, ref)
);
CREATE INDEX attendance_lock_period ON attendance_lock (company_id, period_from, period_to);
ALTER TABLE attendance_lock ENABLE ROW LEVEL SECURITY;
ALTER TABLE attendance_lock FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON attendance_lock
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_lock TO hr_app;
