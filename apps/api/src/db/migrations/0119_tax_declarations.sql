-- Tax declarations (issue 23, first slice): the declaration window an administrator sets per
-- financial year, and each employee's declaration for the year (the regime chosen and, for the old
-- regime, what they mean to claim), kept as one row per item so that proofs can be attached and
-- verified item by item later. Money in paise.
CREATE TABLE tax_declaration_windows (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- '2026-27'
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  opens_on date NOT NULL,
  closes_on date NOT NULL,
  -- The proof window near the year end: both or neither.
  proof_opens_on date,
  proof_closes_on date,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, financial_year),
  CHECK (closes_on >= opens_on),
  CHECK ((proof_opens_on IS NULL) = (proof_closes_on IS NULL)),
  CHECK (proof_closes_on IS NULL OR proof_closes_on >= proof_opens_on)
);
ALTER TABLE tax_declaration_windows ENABLE ROW LEVEL SECURITY;
ALTER TABLE tax_declaration_windows FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tax_declaration_windows
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_declaration_windows TO hr_app;

CREATE TABLE tax_declarations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  regime text NOT NULL CHECK (regime IN ('new', 'old')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted')),
  -- Health insurance (80D): whether the insured self/family and parents are senior citizens.
  self_senior boolean NOT NULL DEFAULT false,
  parents_senior boolean NOT NULL DEFAULT false,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One declaration per employee and year: saving again changes it (a retry does not duplicate).
  UNIQUE (employee_id, financial_year),
  CHECK ((status = 'submitted') = (submitted_at IS NOT NULL))
);
CREATE INDEX tax_declarations_year ON tax_declarations (company_id, financial_year, status);
ALTER TABLE tax_declarations ENABLE ROW LEVEL SECURITY;
ALTER TABLE tax_declarations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tax_declarations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_declarations TO hr_app;

-- One row per thing declared. `details` holds what the kind needs besides the amount: for 'hra'
-- the monthly rent, months, city and the landlord (PAN where the year's rent exceeds ₹1 lakh);
-- for 'previous_employer' (Form 12B) the employer's name, TDS, PT and PF.
CREATE TABLE tax_declaration_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  declaration_id uuid NOT NULL REFERENCES tax_declarations(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('80c', '80ccd1b', '80d_self', '80d_parents', 'hra',
    'home_loan_interest', 'lta', 'other_income', 'previous_employer')),
  label text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  details jsonb NOT NULL DEFAULT '{}',
  UNIQUE (declaration_id, position)
);
ALTER TABLE tax_declaration_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE tax_declaration_items FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tax_declaration_items
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_declaration_items TO hr_app;
