-- employees.manager_id (the primary manager, set by the employee form and the bulk upload) and
-- the reporting_managers row of the first reporting role (lowest priority number, e.g. L1) are
-- one fact in two places. This trigger keeps the row in step whenever manager_id is written, so
-- the reporting-structure screen and the approval engine never disagree with the employee form.
CREATE FUNCTION employees_sync_primary_manager() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE first_role uuid;
BEGIN
  SELECT id INTO first_role FROM reporting_roles
   WHERE company_id = NEW.company_id ORDER BY priority, id LIMIT 1;
  IF first_role IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.manager_id IS NULL THEN
    DELETE FROM reporting_managers WHERE employee_id = NEW.id AND reporting_role_id = first_role;
  ELSE
    INSERT INTO reporting_managers (company_id, employee_id, reporting_role_id, manager_id)
    VALUES (NEW.company_id, NEW.id, first_role, NEW.manager_id)
    ON CONFLICT (employee_id, reporting_role_id)
    DO UPDATE SET manager_id = EXCLUDED.manager_id, updated_at = now()
    WHERE reporting_managers.manager_id IS DISTINCT FROM EXCLUDED.manager_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER employees_sync_primary_manager
  AFTER INSERT OR UPDATE OF manager_id ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_sync_primary_manager();
