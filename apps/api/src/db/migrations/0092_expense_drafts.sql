-- Expense drafts (issue 13): a claim saved before it is submitted. A draft is its owner's alone: no
-- approval request, not counted in limits, summaries, reports or duplicate checks, and it may lack
-- its date and amount (category is required). Submitting turns it into a pending claim after the
-- full validation.
ALTER TABLE expenses DROP CONSTRAINT IF EXISTS expenses_status_check;
ALTER TABLE expenses
  ADD CONSTRAINT expenses_status_check
    CHECK (status IN ('draft', 'pending', 'approved', 'rejected', 'cancelled', 'paid'));
ALTER TABLE expenses ALTER COLUMN expense_date DROP NOT NULL;
ALTER TABLE expenses ALTER COLUMN amount_paise DROP NOT NULL;
ALTER TABLE expenses
  ADD CONSTRAINT expenses_complete_unless_draft
    CHECK (status = 'draft' OR (expense_date IS NOT NULL AND amount_paise IS NOT NULL));
