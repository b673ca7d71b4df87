-- Payslips generated again (ADR 0018 addendum): asking for them again marks the run's files
-- outdated. An outdated file stays the payslip's file (downloads keep working) until its new file
-- replaces it; the generation makes every payslip that has no file or an outdated one.
ALTER TABLE payslip_files ADD COLUMN outdated boolean NOT NULL DEFAULT false;
