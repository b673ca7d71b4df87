-- Head-count per company, kept by statement-level triggers, so that the unfiltered company-wide
-- employee list answers its total without counting every row on every page request.
CREATE TABLE employee_counts (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0)
);

ALTER TABLE employee_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_counts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON employee_counts TO hr_app;

CREATE FUNCTION employee_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO employee_counts AS c (company_id, total)
  SELECT company_id, count(*) FROM added GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET total = c.total + EXCLUDED.total;
  RETURN NULL;
END $$;

CREATE FUNCTION employee_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employee_counts c SET total = c.total - r.n
    FROM (SELECT company_id, count(*) AS n FROM removed GROUP BY company_id) r
   WHERE c.company_id = r.company_id;
  RETURN NULL;
END $$;

CREATE TRIGGER employees_count_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_add();
CREATE TRIGGER employees_count_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_remove();

-- An employee never moves between companies.
CREATE FUNCTION employees_company_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    RAISE EXCEPTION 'employees.company_id cannot change';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER employees_company_fixed BEFORE UPDATE OF company_id ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_company_fixed();

INSERT INTO employee_counts (company_id, total)
SELECT company_id, count(*) FROM employees GROUP BY company_id;
