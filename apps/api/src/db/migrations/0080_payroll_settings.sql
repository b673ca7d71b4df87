-- Payroll settings (issue 14): salary components, salary templates, statutory settings and the
-- employee salary with its effective-dated revisions. Money in integer paise; percentages in basis
-- points (50% = 5000) so that no floating value is stored.

CREATE TABLE payroll_earnings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  payslip_name text NOT NULL,
  -- basic and special_allowance are the anchors of a breakup: one of each per company.
  kind text NOT NULL CHECK (kind IN ('basic', 'hra', 'special_allowance', 'allowance')),
  earning_type text NOT NULL CHECK (earning_type IN ('fixed', 'variable', 'reimbursement')),
  -- 'balancing' only for the special allowance: it takes what is left of the CTC.
  value_type text NOT NULL CHECK (value_type IN ('fixed_amount', 'percentage_of_basic', 'percentage_of_ctc', 'balancing')),
  -- Monthly amount for fixed_amount; basis points for the percentages; neither for the balancing line.
  amount_paise bigint CHECK (amount_paise IS NULL OR amount_paise >= 0),
  percent_bp integer CHECK (percent_bp IS NULL OR (percent_bp >= 0 AND percent_bp <= 10000)),
  CHECK ((kind = 'special_allowance') = (value_type = 'balancing')),
  taxable boolean NOT NULL DEFAULT true,
  epf_wage boolean NOT NULL DEFAULT false,
  esi_wage boolean NOT NULL DEFAULT true,
  prorated boolean NOT NULL DEFAULT true,
  show_on_payslip boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payroll_earnings_name ON payroll_earnings (company_id, lower(name));
CREATE UNIQUE INDEX payroll_earnings_anchor ON payroll_earnings (company_id, kind)
  WHERE kind IN ('basic', 'special_allowance');

CREATE TABLE payroll_deductions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  payslip_name text NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('one_time', 'recurring')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payroll_deductions_name ON payroll_deductions (company_id, lower(name));

CREATE TABLE payroll_benefits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  payslip_name text NOT NULL,
  benefit_plan text NOT NULL,
  tax_exemption text NOT NULL,
  value_type text NOT NULL CHECK (value_type IN ('fixed_amount', 'percentage_of_basic', 'percentage_of_ctc')),
  amount_paise bigint CHECK (amount_paise IS NULL OR amount_paise >= 0),
  percent_bp integer CHECK (percent_bp IS NULL OR (percent_bp >= 0 AND percent_bp <= 10000)),
  include_in_ctc boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payroll_benefits_name ON payroll_benefits (company_id, lower(name));

CREATE TABLE salary_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  annual_ctc_paise bigint NOT NULL CHECK (annual_ctc_paise > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX salary_templates_name ON salary_templates (company_id, lower(name));

-- A template line names an earning or a benefit; RESTRICT keeps a used component from being deleted.
CREATE TABLE salary_template_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  template_id uuid NOT NULL REFERENCES salary_templates(id) ON DELETE CASCADE,
  earning_id uuid REFERENCES payroll_earnings(id) ON DELETE RESTRICT,
  benefit_id uuid REFERENCES payroll_benefits(id) ON DELETE RESTRICT,
  value_type text NOT NULL CHECK (value_type IN ('fixed_amount', 'percentage_of_basic', 'percentage_of_ctc', 'balancing')),
  amount_paise bigint CHECK (amount_paise IS NULL OR amount_paise >= 0),
  percent_bp integer CHECK (percent_bp IS NULL OR (percent_bp >= 0 AND percent_bp <= 10000)),
  position integer NOT NULL,
  CHECK ((earning_id IS NULL) <> (benefit_id IS NULL))
);
CREATE INDEX salary_template_lines_template ON salary_template_lines (template_id, position);
CREATE INDEX salary_template_lines_earning ON salary_template_lines (earning_id);
CREATE INDEX salary_template_lines_benefit ON salary_template_lines (benefit_id);

-- One row per company; absent means the defaults (EPF on, restricted bases, ESI on).
CREATE TABLE payroll_statutory_settings (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  epf_enabled boolean NOT NULL DEFAULT true,
  epf_establishment_code text,
  epf_employee_base text NOT NULL DEFAULT 'restricted' CHECK (epf_employee_base IN ('actual', 'restricted')),
  epf_employer_base text NOT NULL DEFAULT 'restricted' CHECK (epf_employer_base IN ('actual', 'restricted')),
  epf_employer_in_ctc boolean NOT NULL DEFAULT true,
  epf_lop_prorate_restricted boolean NOT NULL DEFAULT false,
  epf_lop_consider_all_below_ceiling boolean NOT NULL DEFAULT false,
  esi_enabled boolean NOT NULL DEFAULT true,
  esi_code text,
  esi_employer_in_ctc boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Employee salary: every revision is a new row, effective from a date; nothing is overwritten.
-- A revision recorded after its effective date carries arrears_from so the next pay run pays the
-- difference for the months already paid on the previous salary.
CREATE TABLE employee_salaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  template_id uuid REFERENCES salary_templates(id) ON DELETE SET NULL,
  annual_ctc_paise bigint NOT NULL CHECK (annual_ctc_paise > 0),
  effective_from date NOT NULL,
  lines jsonb NOT NULL,
  monthly_gross_paise bigint NOT NULL,
  previous_id uuid REFERENCES employee_salaries(id) ON DELETE SET NULL,
  arrears_from date,
  arrears_settled_run_id uuid,
  note text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX employee_salaries_effective ON employee_salaries (company_id, employee_id, effective_from);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payroll_earnings', 'payroll_deductions', 'payroll_benefits',
    'salary_templates', 'salary_template_lines', 'payroll_statutory_settings', 'employee_salaries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hr_app', t);
  END LOOP;
END $$;
-- Salary history is kept: revisions are never changed or removed by the application, except the
-- arrears marker that the pay run settles.
REVOKE DELETE ON employee_salaries FROM hr_app;
