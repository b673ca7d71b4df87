-- Approval engine (issue 3): what the engine records beyond the 0004 tables.
-- - approval_requests.level_count: how many levels were resolved when the request was raised
--   (levels that resolved to nobody are skipped and listed in skipped_levels with the reason).
-- - approval_decisions.as_admin: a decision taken from the admin queue, which settles the request
--   whatever level it was at.
ALTER TABLE approval_requests
  ADD COLUMN level_count integer NOT NULL DEFAULT 1 CHECK (level_count >= 0),
  ADD COLUMN skipped_levels jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE approval_decisions
  ADD COLUMN as_admin boolean NOT NULL DEFAULT false;
CREATE INDEX approval_delegations_delegate ON approval_delegations (company_id, delegate_id, starts_on);
CREATE INDEX approval_request_approvers_request ON approval_request_approvers (company_id, request_id, level);
CREATE INDEX profile_change_requests_status ON profile_change_requests (company_id, status, created_at DESC);
