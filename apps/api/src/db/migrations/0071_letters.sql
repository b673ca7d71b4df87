-- Letters issued to an employee (offer, appointment, ...), accepted or rejected by them (issue 13).
CREATE TABLE letters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  letter_type text NOT NULL
    CHECK (letter_type IN ('offer', 'appointment', 'increment', 'experience', 'relieving', 'other')),
  title text NOT NULL,
  issue_date date NOT NULL,
  -- The file is an employee document (files module). Removing that document leaves the letter
  -- (and its decision) without a file rather than failing.
  document_id uuid REFERENCES employee_documents(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  responded_at timestamptz,
  reject_reason text,
  issued_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX letters_employee ON letters (company_id, employee_id, issue_date DESC);
ALTER TABLE letters ENABLE ROW LEVEL SECURITY;
ALTER TABLE letters FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON letters
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON letters TO hr_app;
