-- Every salary revision a payslip takes for its month (issue 22, ADR 0016), fixed when the run is
-- prepared. `salary_id` names the last of them; a month split by a revision needs the earlier ones
-- too, and reading those again while computing let a revision recorded meanwhile (one starting
-- inside the split month) slip into some payslips and not others. NULL on payslips prepared before.
ALTER TABLE payslips ADD COLUMN salary_ids uuid[];
