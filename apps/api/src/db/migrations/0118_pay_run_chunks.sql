-- Pay run chunks (issue 22, ADR 0016, bench/README.md): preparing a run records the employees to
-- compute in chunks instead of one pending payslip per employee, and each chunk inserts its payslips
-- once computed. Each payslip is written once (the pending insert and the update that completed it
-- wrote its heap row and its indexes twice). A chunk is claimed FOR UPDATE SKIP LOCKED and deleted in
-- the transaction that inserts its payslips: done exactly once, and a crash leaves it to be taken
-- again. `employees` holds, per employee, what the pending payslip held: the salary revisions the run
-- took and the employee as they were when the run was prepared.
CREATE TABLE pay_run_chunks (
  run_id uuid NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  -- Employees in the chunk (the run's progress counts them before their payslips exist).
  size integer NOT NULL CHECK (size > 0),
  -- [{employee_id, salary_id, salary_ids, employee}]
  employees jsonb NOT NULL,
  PRIMARY KEY (run_id, seq)
);
ALTER TABLE pay_run_chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE pay_run_chunks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON pay_run_chunks
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_run_chunks TO hr_app;

-- A run being computed when this migration runs carries on from chunks of its pending payslips.
INSERT INTO pay_run_chunks (run_id, company_id, seq, size, employees)
SELECT run_id, company_id, n / 200, count(*)::int,
       jsonb_agg(jsonb_build_object('employee_id', employee_id, 'salary_id', salary_id,
         'salary_ids', salary_ids, 'employee', employee) ORDER BY id)
  FROM (SELECT p.*, (row_number() OVER (PARTITION BY run_id ORDER BY id) - 1)::int AS n
          FROM payslips p WHERE status = 'pending') s
 GROUP BY run_id, company_id, n / 200;
DELETE FROM payslips WHERE status = 'pending';
DROP INDEX payslips_pending_by_id;
