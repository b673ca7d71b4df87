-- Leave encashment requests (issue 12): an employee asks to encash days of a leave type that allows
-- it; the request goes through the approval engine (request type 'leave_encashment'), and its final
-- approval posts one 'encashment' debit to the leave ledger (source_key 'encashment:<request id>')
-- in the deciding transaction, under the employee's row lock. The pay run reads those debits
-- (encashments() in the leave module's index), dated on the day of the approval.
-- - One pending request per employee and leave type (leave_encashment_requests_one_pending): the
--   same request sent twice at once makes one request; the second is refused.
-- - approval_request_id links the engine's request (set when raised; kept if the flow changes).

CREATE TABLE leave_encashment_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  leave_type_id uuid NOT NULL REFERENCES leave_types(id) ON DELETE RESTRICT,
  days numeric(6, 2) NOT NULL CHECK (days > 0),
  reason text CHECK (reason IS NULL OR length(reason) <= 1000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  approval_request_id uuid REFERENCES approval_requests(id) ON DELETE SET NULL,
  -- The ledger day of the debit (the approval's date in the company's time zone): its pay month.
  encashed_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'approved') = (encashed_on IS NOT NULL))
);
CREATE INDEX leave_encashment_requests_employee ON leave_encashment_requests (company_id, employee_id, created_at);
CREATE INDEX leave_encashment_requests_status ON leave_encashment_requests (company_id, status, created_at);
CREATE UNIQUE INDEX leave_encashment_requests_one_pending
  ON leave_encashment_requests (company_id, employee_id, leave_type_id) WHERE status = 'pending';

ALTER TABLE leave_encashment_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE leave_encashment_requests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON leave_encashment_requests
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON leave_encashment_requests TO hr_app;
