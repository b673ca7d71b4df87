-- The nightly attendance derivation (issue 11): how far each company's days have been derived by
-- the job, so a run after missed nights derives every missed day once and a repeated run none.
CREATE TABLE attendance_derive_runs (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  derived_through date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE attendance_derive_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE attendance_derive_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON attendance_derive_runs
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON attendance_derive_runs TO hr_app;
