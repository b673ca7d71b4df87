-- Substring search on the employee list without a trigram index (ADR 0006).
--
-- The trigram index of 0010 answered "%upload12%" correctly but slowly when many rows share words
-- (a bulk import where every name and email holds "upload"): its posting lists are as long as the
-- company. Here every suffix of each searched field is a row, so "contains x" becomes "some suffix
-- starts with x": a short range scan of a B-tree, whatever the data look like. Suffixes are cut
-- to 32 characters; a longer search term finds its candidates by its first 32 characters and is
-- checked against the whole field (employees.repo.ts).
-- No foreign keys: checking two per term row doubled the time of a 10,000-row import. The rows
-- are written and removed only by the triggers below, which follow employees (a company's
-- deletion cascades to its employees, and so here).
CREATE TABLE employee_search_terms (
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  field "char" NOT NULL, -- n: first and last name, c: employee code, e: email
  term text COLLATE "C" NOT NULL,
  -- A copy of the code, so that a search sorted by code (the default) picks its page from the
  -- index alone; rewritten with the terms whenever the code changes.
  employee_code text NOT NULL
);
CREATE INDEX employee_search_terms_lookup ON employee_search_terms (company_id, field, term) INCLUDE (employee_id, employee_code);
CREATE INDEX employee_search_terms_employee ON employee_search_terms (employee_id);
ALTER TABLE employee_search_terms ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_search_terms FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_search_terms
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, DELETE ON employee_search_terms TO hr_app;

-- The searched text of each field, lower-cased as the search term is.
CREATE FUNCTION hr_employee_search_fields(first_name text, last_name text, code text, email text)
RETURNS TABLE (field "char", txt text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('n'::"char", lower(first_name || ' ' || last_name)), ('c', lower(code)), ('e', lower(email))
$$;

-- Every indexed suffix of one employee's fields (a plain SQL function: inlined where it is used).
CREATE FUNCTION hr_employee_search_terms_of(first_name text, last_name text, code text, email text)
RETURNS TABLE (field "char", term text) LANGUAGE sql IMMUTABLE AS $$
  SELECT f.field, left(substr(f.txt, i), 32)
    FROM hr_employee_search_fields(first_name, last_name, code, email) f
   CROSS JOIN LATERAL generate_series(1, length(f.txt)) i
   WHERE substr(f.txt, i, 1) <> ' '
$$;

-- Statement-level, so that a bulk import of 1,000 rows writes their terms in one statement.
CREATE FUNCTION employee_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO employee_search_terms (company_id, employee_id, field, term, employee_code)
  SELECT a.company_id, a.id, t.field, t.term, a.employee_code
    FROM added a
    CROSS JOIN LATERAL hr_employee_search_terms_of(a.first_name, a.last_name, a.employee_code, a.email) t;
  RETURN NULL;
END $$;
CREATE TRIGGER employee_search_terms_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION employee_search_terms_added();

CREATE FUNCTION employee_search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.id, n.company_id, n.first_name, n.last_name, n.employee_code, n.email
      FROM after_rows n JOIN before_rows o ON o.id = n.id
     WHERE (n.first_name, n.last_name, n.employee_code, n.email)
           IS DISTINCT FROM (o.first_name, o.last_name, o.employee_code, o.email)
  ), gone AS (
    DELETE FROM employee_search_terms t USING changed c WHERE t.employee_id = c.id
  )
  INSERT INTO employee_search_terms (company_id, employee_id, field, term, employee_code)
  SELECT c.company_id, c.id, t.field, t.term, c.employee_code
    FROM changed c
    CROSS JOIN LATERAL hr_employee_search_terms_of(c.first_name, c.last_name, c.employee_code, c.email) t;
  RETURN NULL;
END $$;
CREATE TRIGGER employee_search_terms_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION employee_search_terms_changed();

CREATE FUNCTION employee_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_search_terms t USING removed r WHERE t.employee_id = r.id;
  RETURN NULL;
END $$;
CREATE TRIGGER employee_search_terms_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION employee_search_terms_removed();

INSERT INTO employee_search_terms (company_id, employee_id, field, term, employee_code)
SELECT e.company_id, e.id, t.field, t.term, e.employee_code
  FROM employees e
  CROSS JOIN LATERAL hr_employee_search_terms_of(e.first_name, e.last_name, e.employee_code, e.email) t;

-- Text comparison is leakproof, so the list query reads the terms as hr_app under the policy and
-- still uses the index: the security-definer search function of 0010 is no longer needed.
DROP FUNCTION hr_employee_search(text, text);

-- The trigram index and its column are no longer read.
DROP INDEX employees_search_trgm;
ALTER TABLE employees DROP COLUMN search_text;
