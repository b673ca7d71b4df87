-- TDS challans (issue 23, Form 24Q): the tax deducted from salary is paid to the government with
-- challan ITNS 281; the quarterly return names each challan (BSR code of the bank branch, date of
-- deposit, challan serial number: together the CIN) and the months whose TDS it carries. An
-- administrator enters them from the bank's counterfoil. Money in paise (challans are whole rupees).
CREATE TABLE tds_challans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- '2026-27' and its quarter 1 (Apr-Jun) to 4 (Jan-Mar).
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  quarter smallint NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  -- Pay months ('YYYY-MM') whose TDS this challan deposits; the service keeps them in the quarter.
  months text[] NOT NULL CHECK (cardinality(months) BETWEEN 1 AND 3),
  bsr_code text NOT NULL CHECK (bsr_code ~ '^[0-9]{7}$'),
  deposited_on date NOT NULL,
  serial_no text NOT NULL CHECK (serial_no ~ '^[0-9]{5}$'),
  tds_paise bigint NOT NULL CHECK (tds_paise >= 0),
  surcharge_paise bigint NOT NULL DEFAULT 0 CHECK (surcharge_paise >= 0),
  cess_paise bigint NOT NULL DEFAULT 0 CHECK (cess_paise >= 0),
  interest_paise bigint NOT NULL DEFAULT 0 CHECK (interest_paise >= 0),
  fee_paise bigint NOT NULL DEFAULT 0 CHECK (fee_paise >= 0),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The CIN names one deposit: the same challan entered twice (a retry, a double click) is one row.
  UNIQUE (company_id, bsr_code, deposited_on, serial_no)
);
CREATE INDEX tds_challans_quarter ON tds_challans (company_id, financial_year, quarter);
ALTER TABLE tds_challans ENABLE ROW LEVEL SECURITY;
ALTER TABLE tds_challans FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tds_challans
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON tds_challans TO hr_app;
