-- Tax declaration proofs (issue 23): during the proof window the employee attaches proofs (their own
-- employee documents, uploaded through the files module's checks) to each item they claim; an
-- administrator verifies an item (at the declared amount or less) or rejects it with a reason. From
-- the month the proof window closes, the pay run's TDS reads the verified amounts only.
ALTER TABLE tax_declaration_items
  ADD COLUMN proof_status text NOT NULL DEFAULT 'none'
    CHECK (proof_status IN ('none', 'pending', 'verified', 'rejected')),
  -- The amount the proofs bear out: at most what was declared.
  ADD COLUMN verified_paise bigint CHECK (verified_paise >= 0),
  ADD COLUMN review_reason text,
  ADD COLUMN reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN reviewed_at timestamptz,
  ADD CONSTRAINT tax_items_verified_amount CHECK ((proof_status = 'verified') = (verified_paise IS NOT NULL)),
  ADD CONSTRAINT tax_items_verified_at_most_declared CHECK (verified_paise IS NULL OR verified_paise <= amount_paise),
  ADD CONSTRAINT tax_items_rejected_reason CHECK (proof_status <> 'rejected' OR review_reason IS NOT NULL);

CREATE TABLE tax_declaration_proofs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES tax_declaration_items(id) ON DELETE CASCADE,
  -- The file stays while it proves an item: the files module asks before deleting a document.
  document_id uuid NOT NULL REFERENCES employee_documents(id) ON DELETE RESTRICT,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Attaching the same file twice (a retry) is one proof.
  UNIQUE (item_id, document_id)
);
CREATE INDEX tax_declaration_proofs_document ON tax_declaration_proofs (document_id);
ALTER TABLE tax_declaration_proofs ENABLE ROW LEVEL SECURITY;
ALTER TABLE tax_declaration_proofs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tax_declaration_proofs
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_declaration_proofs TO hr_app;
