-- Conditional routing by amount (issue 13).
-- - approval_levels.min_amount_paise: the level applies only to a request whose amount is above it
--   (null: always). A reimbursement flow's admin level is "above ₹10,000" by default; each company
--   edits the amount on its flow.
-- - approver_kind 'manager': the requester's primary manager; 'administrators': the request type's
--   administrators (its admin edit permission). Both resolved when the request is raised.
-- - approval_requests.amount_paise: the amount the levels were resolved on, kept with the request
--   (its resolved approvers are stored too), so a later change of the flow does not reroute it.
ALTER TABLE approval_levels
  ADD COLUMN min_amount_paise bigint CHECK (min_amount_paise IS NULL OR min_amount_paise >= 0);
ALTER TABLE approval_levels DROP CONSTRAINT IF EXISTS approval_levels_approver_kind_check;
ALTER TABLE approval_levels DROP CONSTRAINT IF EXISTS approval_levels_check;
ALTER TABLE approval_levels
  ADD CONSTRAINT approval_levels_approver_kind_check
    CHECK (approver_kind IN ('reporting_role', 'employee', 'manager', 'administrators')),
  ADD CONSTRAINT approval_levels_check
    CHECK ((approver_kind = 'reporting_role' AND reporting_role_id IS NOT NULL)
        OR (approver_kind = 'employee' AND cardinality(approver_employee_ids) > 0)
        OR approver_kind IN ('manager', 'administrators'));
ALTER TABLE approval_requests ADD COLUMN amount_paise bigint;

-- The pay run reads approved, unpaid claims of a month (payout_mode 'payroll', payout_reference: the run).
CREATE INDEX expenses_approved_unpaid ON expenses (company_id, status, expense_date) WHERE status = 'approved';
