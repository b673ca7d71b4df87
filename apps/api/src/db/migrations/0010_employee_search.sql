-- Substring search on the employee list ("filter key and value") with a trigram index.
--
-- Why a function: under row-level security PostgreSQL may not evaluate a non-leakproof operator
-- such as LIKE before the policy, so for hr_app it can never use an index on the searched text and
-- falls back to reading every row of the company. hr_employee_search runs as the owner, applies
-- the company itself (from the same app.company_id that the policy reads; unset means no rows),
-- and only narrows the candidate ids: the list query still reads employees as hr_app, under the
-- policy and the caller's data scope. If the owner is itself bound by the policy, the function is
-- merely slower, never wider.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE employees ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || employee_code || ' ' || email)) STORED;
CREATE INDEX employees_search_trgm ON employees USING gin (search_text gin_trgm_ops);

CREATE FUNCTION hr_employee_search(p_key text, p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- A static query: PL/pgSQL keeps its plan for the session, and that plan uses the trigram index.
  RETURN QUERY
    SELECT e.id FROM employees e
     WHERE e.company_id = nullif(current_setting('app.company_id', true), '')::uuid
       AND e.search_text LIKE p_pattern
       AND CASE p_key WHEN 'name' THEN lower(e.first_name || ' ' || e.last_name) LIKE p_pattern
                      WHEN 'employee_code' THEN lower(e.employee_code) LIKE p_pattern
                      WHEN 'email' THEN lower(e.email) LIKE p_pattern
                      ELSE true END;
END $$;
REVOKE ALL ON FUNCTION hr_employee_search(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_employee_search(text, text) TO hr_app;
