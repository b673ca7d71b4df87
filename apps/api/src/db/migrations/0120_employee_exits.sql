-- Exits (issue 23): an employee's resignation (raised by the employee, decided through the approval
-- engine as request type 'resignation') or termination (recorded by an administrator), with the
-- notice period of the employee's master policy copied when the exit is recorded, and the last
-- working day agreed. The full and final settlement is computed from this row (no stored figures
-- yet: the preview reads the salary, leave, claims and assets of the day).
-- - One open exit per employee (employee_exits_one_open): a second resignation or termination
--   while one is pending or approved is refused; the same request sent twice at once makes one.
-- - agreed_last_day is set when the exit is approved (a termination is approved when recorded).

ALTER TABLE master_policies
  ADD COLUMN notice_days integer NOT NULL DEFAULT 30 CHECK (notice_days BETWEEN 0 AND 365);

CREATE TABLE employee_exits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('resignation', 'termination')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
  notice_given_on date NOT NULL,
  requested_last_day date NOT NULL CHECK (requested_last_day >= notice_given_on),
  agreed_last_day date CHECK (agreed_last_day IS NULL OR agreed_last_day >= notice_given_on),
  notice_days integer NOT NULL CHECK (notice_days BETWEEN 0 AND 365),
  waived_days integer NOT NULL DEFAULT 0 CHECK (waived_days BETWEEN 0 AND 365),
  fixed_term boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  approval_request_id uuid REFERENCES approval_requests(id) ON DELETE SET NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'approved') = (agreed_last_day IS NOT NULL))
);
CREATE UNIQUE INDEX employee_exits_one_open ON employee_exits (company_id, employee_id)
  WHERE status IN ('pending', 'approved');
CREATE INDEX employee_exits_company ON employee_exits (company_id, status, created_at);
CREATE INDEX employee_exits_employee ON employee_exits (company_id, employee_id, created_at);

ALTER TABLE employee_exits ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_exits FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_exits
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_exits TO hr_app;
