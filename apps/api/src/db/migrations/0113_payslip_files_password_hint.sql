-- Payslip PDFs (issue 22, ADR 0018 addendum): a protected file keeps the rule its password follows,
-- in words (never the password), so the payslip screen can tell the employee how to open it.
ALTER TABLE payslip_files ADD COLUMN password_hint text;
ALTER TABLE payslip_files ADD CONSTRAINT payslip_files_hint CHECK (password_protected = (password_hint IS NOT NULL));
