-- LOP reversal from corrections (issue 22): a regularisation approved, or an unpaid leave
-- cancelled, on a date of a confirmed pay run leaves the locked day row as it is and records here
-- the loss of pay that date carried in the confirmed run. The next run pays it back as LOP reversal
-- and its confirm marks the correction settled by that run, so it is paid once.
CREATE TABLE attendance_corrections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  date date NOT NULL,
  -- The first day of the date's month (the confirmed run's month).
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  lop_days numeric(4, 2) NOT NULL CHECK (lop_days > 0 AND lop_days <= 1),
  source text NOT NULL CHECK (source IN ('regularisation', 'leave')),
  source_id uuid NOT NULL,
  -- The company's local date the correction was approved or the leave cancelled.
  decided_on date NOT NULL,
  settled_run_id uuid REFERENCES pay_runs(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A date's loss of pay is paid back once, whatever corrects it.
  UNIQUE (employee_id, date)
);
CREATE INDEX attendance_corrections_unsettled ON attendance_corrections (employee_id, month)
  WHERE settled_run_id IS NULL;
ALTER TABLE attendance_corrections ENABLE ROW LEVEL SECURITY;
ALTER TABLE attendance_corrections FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON attendance_corrections
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_corrections TO hr_app;

-- The corrections a run's LOP reversal pays (taken with its attendance); confirm settles them.
ALTER TABLE pay_run_attendance ADD COLUMN lop_reversal_corrections uuid[] NOT NULL DEFAULT '{}';
