-- Form 16 Part B (issue 23): the certificates issued per employee and financial year, and the
-- issuing of a year (the bulk job's progress). A certificate is kept as the document it was issued
-- with (the figures, worked from the year's confirmed payslips and the declaration, and who it was
-- for); its PDF is drawn from that on download, the same bytes each time. Issuing again replaces
-- the row (one per employee and year), never adds one.
CREATE TABLE form16_issues (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  status text NOT NULL CHECK (status IN ('issuing', 'issued')),
  -- Each issuing of the year counts up; a certificate of an earlier generation is made again.
  generation integer NOT NULL DEFAULT 1 CHECK (generation > 0),
  employees integer NOT NULL CHECK (employees >= 0),
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (company_id, financial_year)
);
ALTER TABLE form16_issues ENABLE ROW LEVEL SECURITY;
ALTER TABLE form16_issues FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON form16_issues
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON form16_issues TO hr_app;

CREATE TABLE form16_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  generation integer NOT NULL CHECK (generation > 0),
  -- What the PDF shows: employer, employee, the Form 16 figures and the Form 12BA rows.
  document jsonb NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz,
  UNIQUE (company_id, employee_id, financial_year)
);
CREATE INDEX form16_documents_employee ON form16_documents (employee_id, financial_year);
ALTER TABLE form16_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE form16_documents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON form16_documents
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON form16_documents TO hr_app;
