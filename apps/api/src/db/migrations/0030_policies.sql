-- Policy set-up (issue 11): attendance policies, shifts, rosters, weekly-off policies, holiday
-- calendars, master policies and their effective-dated assignments. modules/policies/index.ts
-- resolves from these "which policy applies to this employee on this date" and each day's context.

CREATE TABLE attendance_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  cycle_start_day smallint NOT NULL DEFAULT 1 CHECK (cycle_start_day BETWEEN 1 AND 28),
  punch_sources text[] NOT NULL DEFAULT '{web,mobile,biometric,manual}'
    CHECK (punch_sources <@ '{web,mobile,biometric,manual}'::text[]),
  half_day_min_minutes integer NOT NULL DEFAULT 240 CHECK (half_day_min_minutes BETWEEN 0 AND 1440),
  full_day_min_minutes integer NOT NULL DEFAULT 480 CHECK (full_day_min_minutes BETWEEN 0 AND 1440),
  late_marks_per_penalty smallint CHECK (late_marks_per_penalty > 0),
  late_penalty_days numeric(3, 1) NOT NULL DEFAULT 0 CHECK (late_penalty_days >= 0),
  early_exit_marks_per_penalty smallint CHECK (early_exit_marks_per_penalty > 0),
  early_exit_penalty_days numeric(3, 1) NOT NULL DEFAULT 0 CHECK (early_exit_penalty_days >= 0),
  regularisation_per_month smallint CHECK (regularisation_per_month >= 0),
  regularisation_lookback_days smallint CHECK (regularisation_lookback_days >= 0),
  regularisation_auto_approve boolean NOT NULL DEFAULT false,
  location_lat double precision CHECK (location_lat BETWEEN -90 AND 90),
  location_lng double precision CHECK (location_lng BETWEEN -180 AND 180),
  location_radius_metres integer CHECK (location_radius_metres > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (half_day_min_minutes <= full_day_min_minutes),
  -- A location restriction is a point and a radius, or nothing.
  CHECK ((location_lat IS NULL) = (location_lng IS NULL) AND (location_lat IS NULL) = (location_radius_metres IS NULL))
);
CREATE UNIQUE INDEX attendance_policies_name ON attendance_policies (company_id, lower(name));

-- Times are local 'HH:MM' in the company time zone; end <= start means the shift ends the next day.
CREATE TABLE shifts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  break_minutes smallint NOT NULL DEFAULT 0 CHECK (break_minutes BETWEEN 0 AND 720),
  grace_in_minutes smallint NOT NULL DEFAULT 0 CHECK (grace_in_minutes BETWEEN 0 AND 240),
  grace_out_minutes smallint NOT NULL DEFAULT 0 CHECK (grace_out_minutes BETWEEN 0 AND 240),
  flexi_minutes smallint NOT NULL DEFAULT 0 CHECK (flexi_minutes BETWEEN 0 AND 480),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shifts_name ON shifts (company_id, lower(name));

-- A roster repeats every `rotation_weeks` weeks counted from the Monday of `anchor_date`; a slot
-- names the shift for one weekday of one week of the rotation (no slot: the master policy's shift).
CREATE TABLE rosters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  anchor_date date NOT NULL,
  rotation_weeks smallint NOT NULL DEFAULT 1 CHECK (rotation_weeks BETWEEN 1 AND 8),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rosters_name ON rosters (company_id, lower(name));

CREATE TABLE roster_slots (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  roster_id uuid NOT NULL REFERENCES rosters(id) ON DELETE CASCADE,
  week_index smallint NOT NULL CHECK (week_index BETWEEN 0 AND 7),
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  shift_id uuid NOT NULL REFERENCES shifts(id) ON DELETE RESTRICT,
  PRIMARY KEY (roster_id, week_index, weekday)
);
CREATE INDEX roster_slots_shift ON roster_slots (company_id, shift_id);

-- `days[weekday]` (0 = Sunday) lists five kinds, one per week of the month (the n-th such weekday):
-- 'none', 'full', 'first_half' or 'second_half'.
CREATE TABLE weekly_off_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  days jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (jsonb_typeof(days) = 'array' AND jsonb_array_length(days) = 7)
);
CREATE UNIQUE INDEX weekly_off_policies_name ON weekly_off_policies (company_id, lower(name));

CREATE TABLE holiday_calendars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- How many optional holidays an employee may pick per calendar year.
  optional_limit smallint NOT NULL DEFAULT 0 CHECK (optional_limit BETWEEN 0 AND 366),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX holiday_calendars_name ON holiday_calendars (company_id, lower(name));

-- `location` null: every location; otherwise only employees whose work location matches.
CREATE TABLE holidays (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  calendar_id uuid NOT NULL REFERENCES holiday_calendars(id) ON DELETE CASCADE,
  holiday_date date NOT NULL,
  name text NOT NULL,
  optional boolean NOT NULL DEFAULT false,
  location text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX holidays_unique ON holidays (calendar_id, holiday_date, lower(coalesce(location, '')));
CREATE INDEX holidays_calendar_date ON holidays (company_id, calendar_id, holiday_date);

CREATE TABLE employee_optional_holidays (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  holiday_id uuid NOT NULL REFERENCES holidays(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, holiday_id)
);
CREATE INDEX employee_optional_holidays_holiday ON employee_optional_holidays (company_id, holiday_id);

CREATE TABLE master_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The company default: applies to anyone no assignment reaches. Exactly one per company.
  is_default boolean NOT NULL DEFAULT false,
  attendance_policy_id uuid REFERENCES attendance_policies(id) ON DELETE RESTRICT,
  shift_id uuid REFERENCES shifts(id) ON DELETE RESTRICT,
  roster_id uuid REFERENCES rosters(id) ON DELETE RESTRICT,
  weekly_off_policy_id uuid REFERENCES weekly_off_policies(id) ON DELETE RESTRICT,
  holiday_calendar_id uuid REFERENCES holiday_calendars(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX master_policies_name ON master_policies (company_id, lower(name));
CREATE UNIQUE INDEX master_policies_default ON master_policies (company_id) WHERE is_default;

-- The approval flow a master policy uses for each request type (none: the company's default flow).
CREATE TABLE master_policy_approval_flows (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  master_policy_id uuid NOT NULL REFERENCES master_policies(id) ON DELETE CASCADE,
  request_type text NOT NULL,
  approval_flow_id uuid NOT NULL REFERENCES approval_flows(id) ON DELETE CASCADE,
  PRIMARY KEY (master_policy_id, request_type)
);

-- Effective-dated assignments, never overwritten: a change is a new row (ending the previous one
-- with effective_to). Precedence: employee > unit > division > the company default.
CREATE TABLE master_policy_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  master_policy_id uuid NOT NULL REFERENCES master_policies(id) ON DELETE RESTRICT,
  target_kind text NOT NULL CHECK (target_kind IN ('employee', 'unit', 'division')),
  employee_id uuid REFERENCES employees(id) ON DELETE CASCADE,
  unit_id uuid REFERENCES division_units(id) ON DELETE CASCADE,
  division_id uuid REFERENCES divisions(id) ON DELETE CASCADE,
  effective_from date NOT NULL,
  effective_to date,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (effective_to IS NULL OR effective_to >= effective_from),
  CHECK ((target_kind = 'employee') = (employee_id IS NOT NULL)
     AND (target_kind = 'unit') = (unit_id IS NOT NULL)
     AND (target_kind = 'division') = (division_id IS NOT NULL))
);
CREATE INDEX master_policy_assignments_employee ON master_policy_assignments (company_id, employee_id, effective_from) WHERE employee_id IS NOT NULL;
CREATE INDEX master_policy_assignments_unit ON master_policy_assignments (company_id, unit_id, effective_from) WHERE unit_id IS NOT NULL;
CREATE INDEX master_policy_assignments_division ON master_policy_assignments (company_id, division_id, effective_from) WHERE division_id IS NOT NULL;
CREATE INDEX master_policy_assignments_policy ON master_policy_assignments (company_id, master_policy_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['attendance_policies', 'shifts', 'rosters', 'roster_slots',
    'weekly_off_policies', 'holiday_calendars', 'holidays', 'employee_optional_holidays',
    'master_policies', 'master_policy_approval_flows', 'master_policy_assignments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hr_app', t);
  END LOOP;
END $$;

-- Every company has a default master policy, so "which policy applies" always has an answer: a
-- general shift 09:30-18:30 (60 min break, 15 min grace), Sunday plus 2nd and 4th Saturday off, a
-- standard attendance policy and an empty holiday calendar. Runs with the tenant setting switched
-- to the company for its inserts (row-level security is forced even for the owner), then restored.
CREATE FUNCTION hr_seed_default_policies(p_company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prev text := current_setting('app.company_id', true);
  v_att uuid; v_shift uuid; v_wo uuid; v_cal uuid;
BEGIN
  PERFORM set_config('app.company_id', p_company::text, true);
  IF NOT EXISTS (SELECT 1 FROM master_policies WHERE company_id = p_company AND is_default) THEN
    INSERT INTO attendance_policies (company_id, name, late_marks_per_penalty, late_penalty_days,
        regularisation_per_month, regularisation_lookback_days)
      VALUES (p_company, 'Standard attendance', 3, 0.5, 3, 30) RETURNING id INTO v_att;
    INSERT INTO shifts (company_id, name, start_time, end_time, break_minutes, grace_in_minutes, grace_out_minutes)
      VALUES (p_company, 'General shift', '09:30', '18:30', 60, 15, 15) RETURNING id INTO v_shift;
    INSERT INTO weekly_off_policies (company_id, name, days)
      VALUES (p_company, 'Sunday + 2nd and 4th Saturday', '[
        ["full","full","full","full","full"],
        ["none","none","none","none","none"], ["none","none","none","none","none"],
        ["none","none","none","none","none"], ["none","none","none","none","none"],
        ["none","none","none","none","none"],
        ["none","full","none","full","none"]]'::jsonb) RETURNING id INTO v_wo;
    INSERT INTO holiday_calendars (company_id, name) VALUES (p_company, 'Company holidays')
      RETURNING id INTO v_cal;
    INSERT INTO master_policies (company_id, name, description, is_default, attendance_policy_id,
        shift_id, weekly_off_policy_id, holiday_calendar_id)
      VALUES (p_company, 'Company default', 'Applies to everyone no other master policy is assigned to',
        true, v_att, v_shift, v_wo, v_cal);
  END IF;
  PERFORM set_config('app.company_id', coalesce(prev, ''), true);
END $$;
REVOKE ALL ON FUNCTION hr_seed_default_policies(uuid) FROM PUBLIC;

CREATE FUNCTION companies_seed_policies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hr_seed_default_policies(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER companies_seed_policies AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_seed_policies();

SELECT hr_seed_default_policies(id) FROM companies;
