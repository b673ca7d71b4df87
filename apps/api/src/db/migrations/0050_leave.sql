-- Leave (issue 12): leave types with their rules, leave policies (a set of leave types; the company's
-- base configuration is the policy marked is_base), the append-only leave ledger balances are summed
-- from, and leave requests.
-- - leave_ledger is append-only for hr_app (no UPDATE or DELETE): a balance is never overwritten; a
--   back-dated change adds correcting entries. source_key makes each automatic entry happen once per
--   employee and leave type (an accrual period, a request's debit or credit, a lapse, a year end), so
--   a job run twice or two approvers deciding at once post one entry.
-- - leave_requests.days keeps the counted days of the request (date, amount, kind, reason) as shown
--   in the preview; payroll's LOP days of unpaid leave are read from it.

CREATE TABLE leave_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,16}$'),
  paid boolean NOT NULL DEFAULT true,
  unit text NOT NULL DEFAULT 'day' CHECK (unit IN ('day', 'half_day', 'hour')),
  allow_negative boolean NOT NULL DEFAULT false,
  negative_cap numeric(6, 2) CHECK (negative_cap >= 0),
  max_per_request numeric(6, 2) CHECK (max_per_request > 0),
  max_per_month numeric(6, 2) CHECK (max_per_month > 0),
  notice_days integer NOT NULL DEFAULT 0 CHECK (notice_days BETWEEN 0 AND 365),
  back_dating_days integer CHECK (back_dating_days BETWEEN 0 AND 365),
  document_over_days numeric(6, 2) CHECK (document_over_days >= 0),
  sandwich_weekly_off_before boolean NOT NULL DEFAULT false,
  sandwich_weekly_off_between boolean NOT NULL DEFAULT false,
  sandwich_weekly_off_after boolean NOT NULL DEFAULT false,
  sandwich_holiday_before boolean NOT NULL DEFAULT false,
  sandwich_holiday_between boolean NOT NULL DEFAULT false,
  sandwich_holiday_after boolean NOT NULL DEFAULT false,
  accrual_frequency text CHECK (accrual_frequency IN ('monthly', 'quarterly', 'yearly')),
  accrual_amount numeric(6, 2) NOT NULL DEFAULT 0 CHECK (accrual_amount >= 0),
  accrual_pro_rata boolean NOT NULL DEFAULT true,
  accrual_rounding text NOT NULL DEFAULT 'half_day' CHECK (accrual_rounding IN ('none', 'half_day')),
  carry_forward boolean NOT NULL DEFAULT false,
  carry_forward_cap numeric(6, 2) CHECK (carry_forward_cap >= 0),
  carry_forward_expiry_months integer CHECK (carry_forward_expiry_months BETWEEN 1 AND 24),
  encashment boolean NOT NULL DEFAULT false,
  encashment_cap numeric(6, 2) CHECK (encashment_cap >= 0),
  genders text[],
  employment_types text[],
  after_probation boolean NOT NULL DEFAULT false,
  comp_off boolean NOT NULL DEFAULT false,
  comp_off_expiry_days integer CHECK (comp_off_expiry_days BETWEEN 1 AND 365),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX leave_types_code ON leave_types (company_id, lower(code));
CREATE UNIQUE INDEX leave_types_name ON leave_types (company_id, lower(name));

CREATE TABLE leave_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text,
  is_base boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX leave_policies_name ON leave_policies (company_id, lower(name));
CREATE UNIQUE INDEX leave_policies_one_base ON leave_policies (company_id) WHERE is_base;

CREATE TABLE leave_policy_types (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  leave_policy_id uuid NOT NULL REFERENCES leave_policies(id) ON DELETE CASCADE,
  leave_type_id uuid NOT NULL REFERENCES leave_types(id) ON DELETE RESTRICT,
  PRIMARY KEY (leave_policy_id, leave_type_id)
);
CREATE INDEX leave_policy_types_type ON leave_policy_types (company_id, leave_type_id);

CREATE TABLE leave_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  leave_type_id uuid NOT NULL REFERENCES leave_types(id) ON DELETE RESTRICT,
  from_date date NOT NULL,
  to_date date NOT NULL,
  session text NOT NULL DEFAULT 'full_day' CHECK (session IN ('full_day', 'first_half', 'second_half')),
  days jsonb NOT NULL,
  total numeric(6, 2) NOT NULL,
  reason text,
  contact text,
  document_id uuid,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'cancelled')),
  decided_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_date <= to_date),
  CHECK (session = 'full_day' OR from_date = to_date)
);
CREATE INDEX leave_requests_employee ON leave_requests (company_id, employee_id, from_date);
CREATE INDEX leave_requests_range ON leave_requests (company_id, from_date, to_date) WHERE status IN ('pending', 'approved');

CREATE TABLE leave_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  leave_type_id uuid NOT NULL REFERENCES leave_types(id) ON DELETE RESTRICT,
  entry_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('opening', 'accrual', 'used', 'cancelled', 'carry_forward', 'expiry',
    'encashment', 'comp_off', 'manual_credit', 'manual_debit')),
  amount numeric(8, 2) NOT NULL CHECK (amount <> 0),
  -- Credits that lapse (carried-forward leave, comp-off): the last day they can be used.
  expires_on date,
  reason text NOT NULL,
  -- The rule that made the entry, in words (e.g. "monthly accrual 1.5, pro-rata 10/30").
  rule text,
  -- What the entry belongs to: an accrual period, a request id, a lapsed credit's id, a year.
  ref text,
  source_key text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leave_ledger_balance ON leave_ledger (company_id, employee_id, leave_type_id, entry_date);
CREATE UNIQUE INDEX leave_ledger_once ON leave_ledger (company_id, employee_id, leave_type_id, source_key)
  WHERE source_key IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['leave_types', 'leave_policies', 'leave_policy_types', 'leave_requests', 'leave_ledger'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
      WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON leave_types, leave_policies, leave_policy_types, leave_requests TO hr_app;
GRANT SELECT, INSERT ON leave_ledger TO hr_app;
REVOKE UPDATE, DELETE, TRUNCATE ON leave_ledger FROM hr_app;
