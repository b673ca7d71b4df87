-- Attendance (issue 11).
-- attendance_punches: the ledger of raw punches. A punch is one employee at one second; the same
-- punch sent again (a device retrying, a file uploaded twice) meets the unique key and is not
-- stored twice. The application only inserts: nothing is changed or removed.
CREATE TABLE attendance_punches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  punched_at timestamptz NOT NULL CHECK (punched_at = date_trunc('second', punched_at)),
  source text NOT NULL CHECK (source IN ('web', 'mobile', 'biometric', 'manual', 'import', 'regularisation')),
  device_id text CHECK (char_length(device_id) <= 100),
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  regularisation_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attendance_punches_dedupe UNIQUE (company_id, employee_id, punched_at)
);

-- attendance_days: derived from punches, day contexts and leave; rebuilt for the affected days on
-- every change. A day a confirmed pay run has used is locked and re-derivation leaves it alone.
CREATE TABLE attendance_days (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  date date NOT NULL,
  status text NOT NULL CHECK (status IN ('present', 'absent', 'half_day', 'late', 'weekly_off', 'holiday', 'on_leave')),
  first_in timestamptz,
  last_out timestamptz,
  worked_minutes integer NOT NULL DEFAULT 0,
  late_minutes integer NOT NULL DEFAULT 0,
  late boolean NOT NULL DEFAULT false,
  early_exit boolean NOT NULL DEFAULT false,
  missed_punch boolean NOT NULL DEFAULT false,
  punch_count integer NOT NULL DEFAULT 0,
  shift_id text,
  locked boolean NOT NULL DEFAULT false,
  derived_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, employee_id, date)
);
CREATE INDEX attendance_days_date ON attendance_days (company_id, date, status);

-- Approved leave as attendance sees it (the leave module marks and unmarks days through the index).
CREATE TABLE attendance_leave_days (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  date date NOT NULL,
  portion text NOT NULL CHECK (portion IN ('full', 'first_half', 'second_half')),
  source_id uuid,
  PRIMARY KEY (company_id, employee_id, date)
);

-- Regularisation: an employee asks to correct a day; approved, its times join the ledger.
CREATE TABLE regularisation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  date date NOT NULL,
  punch_in timestamptz,
  punch_out timestamptz,
  reason text NOT NULL,
  note text CHECK (char_length(note) <= 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (punch_in IS NOT NULL OR punch_out IS NOT NULL),
  CHECK (punch_in IS NULL OR punch_out IS NULL OR punch_out > punch_in)
);
CREATE INDEX regularisation_requests_employee ON regularisation_requests (company_id, employee_id, date DESC);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['attendance_punches', 'attendance_days', 'attendance_leave_days',
    'regularisation_requests'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hr_app', t);
  END LOOP;
END $$;
-- The punch ledger is append-only for the application.
REVOKE UPDATE, DELETE ON attendance_punches FROM hr_app;
