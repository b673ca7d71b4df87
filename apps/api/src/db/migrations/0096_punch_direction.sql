-- The direction a device or file gave a punch (issue 11): kept as sent, null when not given.
-- Derivation still takes the first punch of a day as in and the last as out (derive.ts); the
-- direction is the source's own word, kept in the ledger for audit and later rules.
ALTER TABLE attendance_punches ADD COLUMN direction text CHECK (direction IN ('in', 'out'));
