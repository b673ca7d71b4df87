-- Leave ledger read and write cost (issue 12, benchmark).
-- Every ledger entry paid a foreign-key check against companies (a row lock on the one company row
-- per inserted row: 10,000 of them in a monthly accrual). company_id is always the tenant's own id
-- (current_setting under RLS), so the check can never fail; the employee foreign key stays (it
-- carries the cascade when an employee or company is deleted) and so does the leave type's
-- (ON DELETE RESTRICT: a type with entries cannot be deleted).
ALTER TABLE leave_ledger DROP CONSTRAINT leave_ledger_company_id_fkey;

-- A balance is the sum of an employee's entries by type up to a date: with the amount in the index
-- it is read from the index alone (the wide rows, with reason and rule, are not visited).
DROP INDEX leave_ledger_balance;
CREATE INDEX leave_ledger_balance ON leave_ledger (company_id, employee_id, leave_type_id, entry_date)
  INCLUDE (amount);
