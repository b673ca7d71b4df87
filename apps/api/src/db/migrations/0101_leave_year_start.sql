-- Leave years other than the calendar year (issue 12): a leave policy's year may start in any month
-- (4: April to March). Accrual quarters and years, year end (carry-forward and expiry) and yearly
-- caps follow it. Existing policies keep January.
ALTER TABLE leave_policies ADD COLUMN year_start_month smallint NOT NULL DEFAULT 1
  CHECK (year_start_month BETWEEN 1 AND 12);
