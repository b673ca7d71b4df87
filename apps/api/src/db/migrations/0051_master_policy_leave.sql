-- A master policy names the leave policy of the employees it applies to (the policies index reads
-- master_policies.leave_policy_id into DayContext.leavePolicyId). Null: the base leave policy.
-- A leave policy in use by a master policy cannot be deleted.
ALTER TABLE master_policies
  ADD COLUMN leave_policy_id uuid REFERENCES leave_policies(id) ON DELETE RESTRICT;
CREATE INDEX master_policies_leave_policy ON master_policies (company_id, leave_policy_id)
  WHERE leave_policy_id IS NOT NULL;
