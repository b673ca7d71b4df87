-- Expense claims (reimbursements) and their company-configurable categories (issue 13).

CREATE TABLE expense_categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,39}$'),
  name text NOT NULL,
  -- From / to locations (and distance) are asked for: travel, fuel.
  requires_travel boolean NOT NULL DEFAULT false,
  -- Set: the amount is distance × this rate (fuel), not typed in.
  rate_per_km_paise integer CHECK (rate_per_km_paise IS NULL OR rate_per_km_paise > 0),
  max_per_claim_paise bigint CHECK (max_per_claim_paise IS NULL OR max_per_claim_paise > 0),
  max_per_month_paise bigint CHECK (max_per_month_paise IS NULL OR max_per_month_paise > 0),
  -- A receipt is required when the amount is above this (0: always; null: never).
  receipt_required_over_paise bigint CHECK (receipt_required_over_paise IS NULL OR receipt_required_over_paise >= 0),
  -- How many days back an expense may be claimed.
  claim_window_days integer NOT NULL DEFAULT 60 CHECK (claim_window_days BETWEEN 1 AND 366),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, code)
);

CREATE TABLE expenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES expense_categories(id),
  expense_date date NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  merchant text,
  description text,
  bill_number text,
  receipt_document_id uuid REFERENCES employee_documents(id) ON DELETE SET NULL,
  travel_from text,
  travel_to text,
  distance_km numeric(8, 1) CHECK (distance_km IS NULL OR distance_km > 0),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'paid')),
  decided_at timestamptz,
  payout_mode text CHECK (payout_mode IN ('payroll', 'outside')),
  payout_reference text,
  paid_on date,
  paid_by uuid,
  idempotency_key text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expenses_employee ON expenses (company_id, employee_id, expense_date DESC);
CREATE INDEX expenses_status ON expenses (company_id, status, created_at DESC);
-- The same bill (number, amount, date) is claimed once per employee while the claim stands.
CREATE UNIQUE INDEX expenses_same_bill ON expenses (company_id, employee_id, lower(bill_number), amount_paise, expense_date)
  WHERE bill_number IS NOT NULL AND status IN ('pending', 'approved', 'paid');
-- A retried submission (same Idempotency-Key) stores one claim.
CREATE UNIQUE INDEX expenses_idempotency ON expenses (company_id, employee_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['expense_categories', 'expenses'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE ON expense_categories, expenses TO hr_app;
