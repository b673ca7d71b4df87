-- Generated employee codes come from a counter row per company and prefix, taken with
-- INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside the creating transaction: concurrent
-- creates queue on that one row and each gets its own number (max(code) + 1 gave them all the
-- same one, and all but one failed with 409). The first use starts after the existing codes.
CREATE TABLE employee_code_counters (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  prefix text NOT NULL,
  last_number bigint NOT NULL,
  PRIMARY KEY (company_id, prefix)
);
ALTER TABLE employee_code_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_code_counters FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_code_counters
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON employee_code_counters TO hr_app;
