-- Employee records (issue 3): what the employees module needs beyond 0004.

-- Creating an employee also creates their sign-in (users row) inside the tenant transaction; the
-- users policy (RLS enabled, not forced) limits hr_app to its own company. Deactivating an
-- employee switches the sign-in off; a changed official email follows to the sign-in; an employee
-- without history may be removed together with the sign-in they never used.
GRANT INSERT (company_id, email, password_hash, role_id, employee_id, is_active) ON users TO hr_app;
GRANT UPDATE (is_active, email, updated_at) ON users TO hr_app;
GRANT DELETE ON users TO hr_app;

-- Sign-in emails are unique across companies, but hr_app sees only its company's users: this
-- answers which of the given emails any sign-in already uses (lower-cased), and nothing else.
CREATE FUNCTION hr_emails_in_use(p_emails text[]) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT lower(u.email) FROM users u WHERE lower(u.email) = ANY (p_emails)
$$;
REVOKE ALL ON FUNCTION hr_emails_in_use(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_emails_in_use(text[]) TO hr_app;

-- The employee-code prefix of the company the tenant transaction is set to.
CREATE FUNCTION hr_employee_code_prefix() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT employee_code_prefix FROM companies
   WHERE id = nullif(current_setting('app.company_id', true), '')::uuid
$$;
REVOKE ALL ON FUNCTION hr_employee_code_prefix() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_employee_code_prefix() TO hr_app;

-- Status filter on the list.
CREATE INDEX employees_company_status ON employees (company_id, status, employee_code);
