-- People and organisation (issue 3): employee record details, reporting structure, approval flows
-- and requests, assets, announcements. One shared base; modules add columns in later migrations.

-- Employee record: personal, job, statutory and bank details. PAN, Aadhaar and the bank account
-- number are encrypted by the application (lib/field-crypto.ts): `*_enc` holds the ciphertext and
-- `*_last4` the last four characters for masked display and search.
ALTER TABLE employees
  ADD COLUMN middle_name text,
  ADD COLUMN personal_email text,
  ADD COLUMN blood_group text,
  ADD COLUMN marital_status text,
  ADD COLUMN nationality text,
  ADD COLUMN employment_type text NOT NULL DEFAULT 'full_time',
  ADD COLUMN probation_end date,
  ADD COLUMN exit_date date,
  ADD COLUMN work_location text,
  ADD COLUMN grade text,
  ADD COLUMN cost_centre text,
  ADD COLUMN profile_image text,
  ADD COLUMN pan_enc text,
  ADD COLUMN pan_last4 text,
  ADD COLUMN aadhaar_enc text,
  ADD COLUMN aadhaar_last4 text,
  ADD COLUMN uan text,
  ADD COLUMN esi_number text,
  ADD COLUMN bank_name text,
  ADD COLUMN bank_branch text,
  ADD COLUMN bank_account_enc text,
  ADD COLUMN bank_account_last4 text,
  ADD COLUMN bank_ifsc text,
  ADD COLUMN bank_holder_name text,
  ADD COLUMN epf_applicable boolean NOT NULL DEFAULT true,
  ADD COLUMN esi_applicable boolean NOT NULL DEFAULT false,
  ADD COLUMN pt_state text,
  ADD COLUMN lwf_applicable boolean NOT NULL DEFAULT false,
  ADD COLUMN has_disability boolean NOT NULL DEFAULT false,
  ADD COLUMN tax_regime text NOT NULL DEFAULT 'new' CHECK (tax_regime IN ('new', 'old')),
  ADD COLUMN import_key text;
CREATE UNIQUE INDEX employees_company_email_unique ON employees (company_id, lower(email));
CREATE INDEX employees_company_birthday ON employees (company_id, date_of_birth);

CREATE TABLE employee_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('present', 'permanent')),
  line1 text NOT NULL,
  line2 text,
  city text NOT NULL,
  state text NOT NULL,
  postal_code text NOT NULL,
  country text NOT NULL DEFAULT 'India',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (employee_id, kind)
);

CREATE TABLE employee_experience (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  company_name text NOT NULL,
  designation text NOT NULL,
  employment_type text,
  start_date date NOT NULL,
  end_date date,
  location text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX employee_experience_employee ON employee_experience (company_id, employee_id);

CREATE TABLE employee_education (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  education_type text NOT NULL,
  institution text NOT NULL,
  degree text,
  field_of_study text,
  year_of_passing integer CHECK (year_of_passing BETWEEN 1950 AND 2100),
  score text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employee_education_employee ON employee_education (company_id, employee_id);

CREATE TABLE employee_family (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  name text NOT NULL,
  relation text NOT NULL,
  date_of_birth date,
  occupation text,
  phone text,
  email text,
  nominee_share numeric(5, 2) CHECK (nominee_share IS NULL OR (nominee_share >= 0 AND nominee_share <= 100)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employee_family_employee ON employee_family (company_id, employee_id);

CREATE TABLE employee_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  title text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text NOT NULL,
  uploaded_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employee_documents_employee ON employee_documents (company_id, employee_id);

-- Reporting structure: roles with a priority (1 = first approver, e.g. L1), and per employee the
-- manager for each role. employees.manager_id stays the primary (highest-priority) manager.
CREATE TABLE reporting_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  priority integer NOT NULL CHECK (priority > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reporting_roles_name ON reporting_roles (company_id, lower(name));

CREATE TABLE reporting_managers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  reporting_role_id uuid NOT NULL REFERENCES reporting_roles(id) ON DELETE CASCADE,
  manager_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (employee_id, reporting_role_id),
  CHECK (employee_id <> manager_id)
);
CREATE INDEX reporting_managers_manager ON reporting_managers (company_id, manager_id);

-- Approval flows: one engine for every request type.
CREATE TABLE approval_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  request_type text NOT NULL CHECK (request_type IN ('profile_change', 'leave', 'regularisation', 'expense')),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX approval_flows_name ON approval_flows (company_id, lower(name));
CREATE UNIQUE INDEX approval_flows_default ON approval_flows (company_id, request_type) WHERE is_default;

CREATE TABLE approval_levels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  flow_id uuid NOT NULL REFERENCES approval_flows(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  approver_kind text NOT NULL CHECK (approver_kind IN ('reporting_role', 'employee')),
  reporting_role_id uuid REFERENCES reporting_roles(id) ON DELETE RESTRICT,
  approver_employee_ids uuid[] NOT NULL DEFAULT '{}',
  rule text NOT NULL DEFAULT 'any' CHECK (rule IN ('any', 'all')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (flow_id, position),
  CHECK ((approver_kind = 'reporting_role' AND reporting_role_id IS NOT NULL)
      OR (approver_kind = 'employee' AND cardinality(approver_employee_ids) > 0))
);

-- An approver away hands their approvals to someone else for a date range.
CREATE TABLE approval_delegations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  approver_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  delegate_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on),
  CHECK (approver_id <> delegate_id)
);
CREATE INDEX approval_delegations_approver ON approval_delegations (company_id, approver_id, starts_on);

-- A request of any type, the approvers resolved for each level when it was raised, and every
-- decision. The request type's own table (e.g. profile_change_requests) holds the payload.
CREATE TABLE approval_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  request_type text NOT NULL,
  subject_id uuid NOT NULL,
  requester_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  flow_id uuid REFERENCES approval_flows(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  current_level integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX approval_requests_status ON approval_requests (company_id, request_type, status, created_at DESC);
CREATE UNIQUE INDEX approval_requests_subject ON approval_requests (company_id, request_type, subject_id);

CREATE TABLE approval_request_approvers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES approval_requests(id) ON DELETE CASCADE,
  level integer NOT NULL,
  rule text NOT NULL CHECK (rule IN ('any', 'all')),
  approver_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  UNIQUE (request_id, level, approver_id)
);
CREATE INDEX approval_request_approvers_approver ON approval_request_approvers (company_id, approver_id);

CREATE TABLE approval_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES approval_requests(id) ON DELETE CASCADE,
  level integer NOT NULL,
  actor_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  on_behalf_of uuid REFERENCES employees(id) ON DELETE SET NULL,
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_decisions_request ON approval_decisions (company_id, request_id, created_at);

-- Profile change requests: the fields asked for, with before and after. Sensitive values are
-- stored encrypted (`*_enc` keys inside `changes`) and shown masked.
CREATE TABLE profile_change_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  changes jsonb NOT NULL,
  reason text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  applied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_change_requests_employee ON profile_change_requests (company_id, employee_id, created_at DESC);

-- Assets: the catalogue and who holds what.
CREATE TABLE assets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  serial_number text,
  purchase_date date,
  cost_paise bigint CHECK (cost_paise IS NULL OR cost_paise >= 0),
  condition text NOT NULL DEFAULT 'good' CHECK (condition IN ('new', 'good', 'fair', 'damaged', 'lost', 'retired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX assets_code ON assets (company_id, lower(code));

CREATE TABLE asset_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  issued_on date NOT NULL,
  issue_condition text NOT NULL,
  returned_on date,
  return_condition text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (returned_on IS NULL OR returned_on >= issued_on)
);
-- An asset is held by at most one person at a time.
CREATE UNIQUE INDEX asset_assignments_open ON asset_assignments (asset_id) WHERE returned_on IS NULL;
CREATE INDEX asset_assignments_employee ON asset_assignments (company_id, employee_id);

CREATE TABLE announcements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  audience text NOT NULL CHECK (audience IN ('all', 'divisions', 'units', 'employees')),
  audience_ids uuid[] NOT NULL DEFAULT '{}',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on),
  CHECK (audience = 'all' OR cardinality(audience_ids) > 0)
);
CREATE INDEX announcements_dates ON announcements (company_id, starts_on, ends_on);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['employee_addresses', 'employee_experience', 'employee_education',
    'employee_family', 'employee_documents', 'reporting_roles', 'reporting_managers',
    'approval_flows', 'approval_levels', 'approval_delegations', 'approval_requests',
    'approval_request_approvers', 'approval_decisions', 'profile_change_requests', 'assets',
    'asset_assignments', 'announcements'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hr_app', t);
  END LOOP;
END $$;
-- Decisions are history: never changed or removed by the application.
REVOKE UPDATE, DELETE ON approval_decisions FROM hr_app;
