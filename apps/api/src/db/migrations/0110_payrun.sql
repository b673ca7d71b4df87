-- Pay runs (issue 22). A run per company and month goes draft → computing → computed → confirmed;
-- its payslips are rows computed by the pure engine from an input snapshot that is stored with them,
-- and a confirmed run and its payslips never change (a trigger refuses it): corrections are lines of
-- a later run. Money in integer paise; days in numeric (halves).

-- Company payroll settings the pay run reads (one row per company; absent means the defaults).
CREATE TABLE payrun_settings (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  proration text NOT NULL DEFAULT 'calendar' CHECK (proration IN ('calendar', 'fixed', 'working')),
  proration_fixed_days integer CHECK (proration_fixed_days BETWEEN 26 AND 31),
  absent_as_lop boolean NOT NULL DEFAULT true,
  net_change_threshold_bp integer NOT NULL DEFAULT 2000 CHECK (net_change_threshold_bp BETWEEN 100 AND 10000),
  bank_cooling_off_days integer NOT NULL DEFAULT 30 CHECK (bank_cooling_off_days BETWEEN 0 AND 365),
  maker_checker boolean NOT NULL DEFAULT false,
  payslip_password boolean NOT NULL DEFAULT false,
  mail_payslips boolean NOT NULL DEFAULT true,
  legal_name text,
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  postal_code text,
  pan text,
  tan text,
  debit_account_number text,
  debit_ifsc text,
  debit_bank_name text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (proration <> 'fixed' OR proration_fixed_days IS NOT NULL)
);

CREATE TABLE pay_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- First day of the month paid.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  pay_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'computing', 'computed', 'confirmed')),
  attendance_status text NOT NULL DEFAULT 'pending' CHECK (attendance_status IN ('pending', 'confirmed')),
  payslips_status text NOT NULL DEFAULT 'none' CHECK (payslips_status IN ('none', 'generating', 'generated')),
  -- Set when computing ends: employees, gross, deductions, net, employer, ctc, by component and division.
  totals jsonb,
  engine_version text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  compute_started_at timestamptz,
  computed_at timestamptz,
  computed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  confirmed_at timestamptz,
  confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  payslips_started_at timestamptz,
  payslips_generated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One run per company and month (a run that is not confirmed is deleted, not cancelled).
CREATE UNIQUE INDEX pay_runs_company_month ON pay_runs (company_id, month);

-- A confirmed run never changes again; nothing may delete it.
CREATE FUNCTION pay_runs_confirmed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.status = 'confirmed' THEN
    RAISE EXCEPTION 'a confirmed pay run cannot be deleted' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND (
      NEW.status IS DISTINCT FROM OLD.status OR NEW.month IS DISTINCT FROM OLD.month
      OR NEW.pay_date IS DISTINCT FROM OLD.pay_date OR NEW.totals IS DISTINCT FROM OLD.totals
      OR NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at OR NEW.engine_version IS DISTINCT FROM OLD.engine_version) THEN
    RAISE EXCEPTION 'a confirmed pay run cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER pay_runs_confirmed_guard BEFORE UPDATE OR DELETE ON pay_runs
  FOR EACH ROW EXECUTE FUNCTION pay_runs_confirmed_guard();

-- The attendance a run pays: taken at "confirm attendance" from the system's figures or the sheet.
CREATE TABLE pay_run_attendance (
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('system', 'sheet')),
  system_lop_days numeric(6, 2) NOT NULL,
  lop_days numeric(6, 2) NOT NULL CHECK (lop_days >= 0),
  -- Loss of pay of an earlier month paid back in this run (days, and which month).
  lop_reversal_days numeric(6, 2) NOT NULL DEFAULT 0 CHECK (lop_reversal_days >= 0),
  lop_reversal_month date,
  -- The payable-days figures and their dates, as the payable-days screen shows them.
  detail jsonb NOT NULL,
  PRIMARY KEY (run_id, employee_id)
);

-- One-time payouts and deductions of a run: from the one-time sheet, approved reimbursements,
-- leave encashment, arrears of a back-dated revision and LOP reversal (each named).
CREATE TABLE pay_run_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('sheet', 'reimbursement', 'encashment', 'arrears', 'lop_reversal')),
  kind text NOT NULL CHECK (kind IN ('earning', 'deduction')),
  code text NOT NULL,
  label text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  taxable boolean NOT NULL DEFAULT true,
  epf_wage boolean NOT NULL DEFAULT false,
  esi_wage boolean NOT NULL DEFAULT false,
  -- Where it came from, in words (the payslip line's explanation starts with it).
  explain text NOT NULL DEFAULT '',
  -- The claim, encashment, salary revision or sheet import behind it.
  ref_id uuid,
  sheet_import_id uuid
);
CREATE INDEX pay_run_items_run ON pay_run_items (run_id, employee_id);

CREATE TABLE pay_run_tds_overrides (
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  tds_paise bigint NOT NULL CHECK (tds_paise >= 0),
  reason text NOT NULL,
  sheet_import_id uuid,
  PRIMARY KEY (run_id, employee_id)
);

-- Year-to-date figures before the company's first run in a financial year (a mid-year start), and
-- the previous employer's salary and TDS (Form 12B).
CREATE TABLE payroll_opening_ytd (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  -- '2026-27'
  financial_year text NOT NULL CHECK (financial_year ~ '^\d{4}-\d{2}$'),
  months_paid integer NOT NULL DEFAULT 0 CHECK (months_paid BETWEEN 0 AND 12),
  gross_paise bigint NOT NULL DEFAULT 0,
  taxable_paise bigint NOT NULL DEFAULT 0,
  basic_da_paise bigint NOT NULL DEFAULT 0,
  hra_paise bigint NOT NULL DEFAULT 0,
  pf_wage_paise bigint NOT NULL DEFAULT 0,
  employee_pf_paise bigint NOT NULL DEFAULT 0,
  employer_pf_paise bigint NOT NULL DEFAULT 0,
  pt_paise bigint NOT NULL DEFAULT 0,
  tds_paise bigint NOT NULL DEFAULT 0,
  previous_employer_income_paise bigint NOT NULL DEFAULT 0,
  previous_employer_tds_paise bigint NOT NULL DEFAULT 0,
  sheet_import_id uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, employee_id, financial_year)
);

-- A payslip: one employee in one run. `input` is the engine's whole input, so every line can be
-- explained again by the pure engine (ADR 0016); `lines` keeps each line's figures.
CREATE TABLE payslips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE RESTRICT,
  month date NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'computed', 'failed')),
  -- The salary revision the run took (one consistent version, named on the payslip).
  salary_id uuid REFERENCES employee_salaries(id) ON DELETE RESTRICT,
  -- Who the payslip is for, as it was: code, name, designation, division, unit, joining, exit.
  employee jsonb NOT NULL,
  input jsonb,
  lines jsonb,
  days jsonb,
  ytd jsonb,
  notes jsonb,
  gross_paise bigint,
  deductions_paise bigint,
  net_paise bigint,
  employer_paise bigint,
  ctc_paise bigint,
  lop_days numeric(6, 2),
  payable_days numeric(6, 2),
  engine_version text,
  error text,
  computed_at timestamptz,
  -- The bank account paid, as it was when the run was confirmed (number encrypted, as on employees).
  bank jsonb,
  confirmed boolean NOT NULL DEFAULT false,
  UNIQUE (run_id, employee_id)
);
CREATE INDEX payslips_run_status ON payslips (run_id, status);
CREATE INDEX payslips_employee_month ON payslips (company_id, employee_id, month);

CREATE FUNCTION payslips_confirmed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.confirmed THEN
    RAISE EXCEPTION 'a payslip of a confirmed pay run cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER payslips_confirmed_guard BEFORE UPDATE OR DELETE ON payslips
  FOR EACH ROW EXECUTE FUNCTION payslips_confirmed_guard();

-- The PDF of a payslip (generated after confirm; the payslip row itself stays untouched).
CREATE TABLE payslip_files (
  payslip_id uuid PRIMARY KEY REFERENCES payslips(id) ON DELETE RESTRICT,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE RESTRICT,
  file_key text NOT NULL,
  bytes integer NOT NULL,
  password_protected boolean NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);
CREATE INDEX payslip_files_run ON payslip_files (run_id);

CREATE TABLE pay_run_anomalies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  employee_id uuid REFERENCES employees(id) ON DELETE CASCADE,
  kind text NOT NULL,
  message text NOT NULL,
  acknowledged_by uuid REFERENCES users(id) ON DELETE SET NULL,
  acknowledged_at timestamptz,
  reason text,
  CHECK ((acknowledged_at IS NULL) = (reason IS NULL))
);
CREATE UNIQUE INDEX pay_run_anomalies_one ON pay_run_anomalies (run_id, kind, coalesce(employee_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- When an employee's bank account last changed (review flags a change close to the pay date).
ALTER TABLE employees ADD COLUMN bank_changed_at timestamptz;
CREATE FUNCTION employees_bank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bank_account_enc IS DISTINCT FROM OLD.bank_account_enc OR NEW.bank_ifsc IS DISTINCT FROM OLD.bank_ifsc THEN
    NEW.bank_changed_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER employees_bank_changed BEFORE UPDATE OF bank_account_enc, bank_ifsc ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_bank_changed();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payrun_settings', 'pay_runs', 'pay_run_attendance', 'pay_run_items',
    'pay_run_tds_overrides', 'payroll_opening_ytd', 'payslips', 'payslip_files', 'pay_run_anomalies'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hr_app', t);
  END LOOP;
END $$;
