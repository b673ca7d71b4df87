-- Foundation: tenancy role, identity tables, organisation, employees, audit log.
-- Kept to PostgreSQL 15 (production may be 15; PGlite embeds a newer one).

-- The non-owner role tenant transactions switch to. Roles are cluster-wide and several test
-- databases on one server migrate in parallel, so a concurrent create is tolerated.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hr_app') THEN
    CREATE ROLE hr_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- The owner must be a member to `SET ROLE hr_app` (a superuser already is).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'hr_app', 'MEMBER') THEN
    EXECUTE format('GRANT hr_app TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

GRANT USAGE ON SCHEMA public TO hr_app;

-- Identity tables: read by the auth module through the owner connection only.
CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  legal_name text,
  time_zone text NOT NULL DEFAULT 'Asia/Kolkata',
  employee_code_prefix text NOT NULL DEFAULT 'EMP',
  mfa_required boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Tenant tables.
CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_system boolean NOT NULL DEFAULT false,
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_company_name ON roles (company_id, lower(name));

CREATE TABLE divisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX divisions_company_name ON divisions (company_id, lower(name));

CREATE TABLE division_units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  division_id uuid NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX division_units_name ON division_units (company_id, division_id, lower(name));

CREATE TABLE employees (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_code text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text,
  designation text,
  date_of_joining date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'exited')),
  gender text,
  date_of_birth date,
  division_unit_id uuid REFERENCES division_units(id) ON DELETE SET NULL,
  manager_id uuid REFERENCES employees(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The default list order and the uniqueness rule share one index.
CREATE UNIQUE INDEX employees_company_code ON employees (company_id, employee_code);
CREATE INDEX employees_company_manager ON employees (company_id, manager_id);
CREATE INDEX employees_company_unit ON employees (company_id, division_unit_id, employee_code);
CREATE INDEX employees_company_first_name ON employees (company_id, first_name, id);
CREATE INDEX employees_company_last_name ON employees (company_id, last_name, id);
CREATE INDEX employees_company_email ON employees (company_id, lower(email));
CREATE INDEX employees_company_joining ON employees (company_id, date_of_joining, id);
CREATE INDEX employees_company_created ON employees (company_id, created_at, id);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text NOT NULL,
  role_id uuid NOT NULL REFERENCES roles(id),
  employee_id uuid REFERENCES employees(id) ON DELETE SET NULL,
  mfa_enabled boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in is by email alone, so an email is unique across all companies, ignoring case.
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE INDEX users_company_employee ON users (company_id, employee_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  refresh_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE one_time_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'otp')),
  token_hash text NOT NULL UNIQUE,
  code_hash text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, purpose);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key ON login_attempts (key, created_at);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- Append-only audit trail (tenant table).
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  actor_user_id uuid,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  changes jsonb NOT NULL DEFAULT '{}',
  ip text,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_company_created ON audit_log (company_id, created_at DESC, id);

CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
-- The trigger also stops the owner; TRUNCATE is revoked from hr_app below.
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();

-- Row-level security: every tenant table sees only the company set by db.tenant().
-- FORCE makes it bind the table owner too (a superuser still bypasses it).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['roles', 'divisions', 'division_units', 'employees', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
  END LOOP;
END $$;

-- users is an identity table (the auth module reads it as owner before a company is known), but
-- access management updates a user's role inside a tenant transaction: RLS without FORCE limits
-- hr_app to its company while the owner connection still sees every row.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

GRANT SELECT, INSERT, UPDATE, DELETE ON roles, divisions, division_units, employees TO hr_app;
GRANT SELECT, INSERT ON audit_log TO hr_app;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM hr_app;
GRANT SELECT (id, company_id, email, role_id, employee_id, is_active, mfa_enabled) ON users TO hr_app;
GRANT UPDATE (role_id, updated_at) ON users TO hr_app;
