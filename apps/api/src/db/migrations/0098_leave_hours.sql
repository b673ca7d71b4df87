-- Leave in hours (issue 12): a leave type with unit 'hour' takes requests for part of one date, from
-- a start to an end time ('HH:MM', company local time, quarter hours). `hours` is what the request
-- takes from the balance; for hour-unit types every ledger amount, accrual amount and limit is in
-- hours. An hour leave does not put the attendance day on leave and unpaid hour leave is no LOP day:
-- attendance's worked minutes decide the day (the request is kept for the record and the balance).
ALTER TABLE leave_requests
  ADD COLUMN from_time text CHECK (from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN to_time text CHECK (to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$'),
  ADD COLUMN hours numeric(5, 2) CHECK (hours > 0 AND hours <= 24),
  ADD CONSTRAINT leave_requests_hours CHECK (
    (from_time IS NULL AND to_time IS NULL AND hours IS NULL)
    OR (from_time IS NOT NULL AND to_time IS NOT NULL AND hours IS NOT NULL AND from_time < to_time
        AND from_date = to_date AND session = 'full_day')
  );
