-- Letter templates with merge fields, and letters generated from them in one batch (issue 13).
CREATE TABLE letter_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  letter_type text NOT NULL
    CHECK (letter_type IN ('offer', 'appointment', 'increment', 'experience', 'relieving', 'other')),
  title text NOT NULL,
  body text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX letter_templates_name ON letter_templates (company_id, lower(name));
ALTER TABLE letter_templates ENABLE ROW LEVEL SECURITY;
ALTER TABLE letter_templates FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON letter_templates
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON letter_templates TO hr_app;

-- One generate call: its idempotency key makes a retry return the same letters.
CREATE TABLE letter_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  template_id uuid REFERENCES letter_templates(id) ON DELETE SET NULL,
  idempotency_key text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX letter_batches_key ON letter_batches (company_id, idempotency_key);
ALTER TABLE letter_batches ENABLE ROW LEVEL SECURITY;
ALTER TABLE letter_batches FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON letter_batches
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT ON letter_batches TO hr_app;

ALTER TABLE letters ADD COLUMN batch_id uuid REFERENCES letter_batches(id) ON DELETE SET NULL;
CREATE INDEX letters_batch ON letters (batch_id);

-- The name of the company the tenant transaction is set to ({{company_name}} in letters).
-- companies is an identity table hr_app cannot read; this answers one column of one row.
CREATE FUNCTION hr_company_name() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT name FROM companies WHERE id = nullif(current_setting('app.company_id', true), '')::uuid
$$;
REVOKE ALL ON FUNCTION hr_company_name() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_company_name() TO hr_app;
