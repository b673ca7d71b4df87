-- The employee list shows each person's unit, division and manager by name. Joining three more
-- tables on every page cost as much as reading the page itself, so the names are kept on the
-- employee row (like the head-count in 0002) and these triggers keep them true when a unit or
-- manager is assigned, and when a unit, division or manager is renamed (or removed: the foreign
-- keys' SET NULL is an update of the column, which fires the first trigger).
ALTER TABLE employees
  ADD COLUMN unit_name text,
  ADD COLUMN division_name text,
  ADD COLUMN manager_name text;

CREATE FUNCTION employees_list_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.unit_name := NULL;
  NEW.division_name := NULL;
  NEW.manager_name := NULL;
  IF NEW.division_unit_id IS NOT NULL THEN
    SELECT u.name, d.name INTO NEW.unit_name, NEW.division_name
      FROM division_units u LEFT JOIN divisions d ON d.id = u.division_id
     WHERE u.id = NEW.division_unit_id;
  END IF;
  IF NEW.manager_id IS NOT NULL THEN
    SELECT trim(m.first_name || ' ' || m.last_name) INTO NEW.manager_name
      FROM employees m WHERE m.id = NEW.manager_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER employees_list_names
  BEFORE INSERT OR UPDATE OF division_unit_id, manager_id ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_list_names();

-- Reports carry their manager's name. (Updating only manager_name fires none of the triggers on
-- employees, so this does not recurse.)
CREATE FUNCTION employees_manager_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employees SET manager_name = trim(NEW.first_name || ' ' || NEW.last_name)
   WHERE company_id = NEW.company_id AND manager_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER employees_manager_renamed
  AFTER UPDATE OF first_name, last_name ON employees
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION employees_manager_renamed();

CREATE FUNCTION division_units_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employees
     SET unit_name = NEW.name,
         division_name = (SELECT d.name FROM divisions d WHERE d.id = NEW.division_id)
   WHERE company_id = NEW.company_id AND division_unit_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER division_units_renamed
  AFTER UPDATE OF name, division_id ON division_units
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.division_id IS DISTINCT FROM NEW.division_id)
  EXECUTE FUNCTION division_units_renamed();

CREATE FUNCTION divisions_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employees e SET division_name = NEW.name
    FROM division_units u
   WHERE u.division_id = NEW.id AND e.company_id = NEW.company_id AND e.division_unit_id = u.id;
  RETURN NULL;
END $$;
CREATE TRIGGER divisions_renamed
  AFTER UPDATE OF name ON divisions
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION divisions_renamed();

-- Existing rows.
UPDATE employees e
   SET unit_name = u.name, division_name = d.name
  FROM division_units u LEFT JOIN divisions d ON d.id = u.division_id
 WHERE u.id = e.division_unit_id;
UPDATE employees e
   SET manager_name = trim(m.first_name || ' ' || m.last_name)
  FROM employees m
 WHERE m.id = e.manager_id;
