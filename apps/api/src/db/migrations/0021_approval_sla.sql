-- Approval engine for every request type, and an SLA per flow level (issue 15, ADR 0010).
-- - approval_flows.request_type: request types register themselves in code (the engine's
--   registry); the list of types no longer lives in a CHECK, so a new type needs no migration.
-- - approval_levels.sla_hours / escalate: how long a level may wait for its approvers; past it the
--   approvers are reminded once and, with escalate, the request moves to the next level (or, at
--   the last level, to the type's administrators).
-- - approval_request_approvers.sla_hours / escalate: copied from the flow when the request is
--   raised, as the approvers are, so a later edit of the flow does not change a request under way.
-- - approval_requests.level_entered_at: when the current level began (the SLA counts from it).
-- - approval_events: what happened to a request besides decisions (reminded, escalated); one
--   reminder per level per request (unique index), so a re-run of the SLA check sends none twice.
ALTER TABLE approval_flows DROP CONSTRAINT IF EXISTS approval_flows_request_type_check;
ALTER TABLE approval_flows ADD CONSTRAINT approval_flows_request_type_format
  CHECK (request_type ~ '^[a-z][a-z0-9_]{0,39}$');

ALTER TABLE approval_levels
  ADD COLUMN sla_hours integer CHECK (sla_hours > 0 AND sla_hours <= 8760),
  ADD COLUMN escalate boolean NOT NULL DEFAULT false;

ALTER TABLE approval_request_approvers
  ADD COLUMN sla_hours integer,
  ADD COLUMN escalate boolean NOT NULL DEFAULT false;

ALTER TABLE approval_requests
  ADD COLUMN level_entered_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE approval_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES approval_requests(id) ON DELETE CASCADE,
  level integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reminded', 'escalated')),
  -- escalated: the level moved to (null: to the administrators); reminded: null.
  to_level integer,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX approval_events_once ON approval_events (request_id, level, kind);
CREATE INDEX approval_events_request ON approval_events (company_id, request_id, created_at);
ALTER TABLE approval_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE approval_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON approval_events
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT ON approval_events TO hr_app;

-- The SLA check looks for pending requests whose level carries an SLA.
CREATE INDEX approval_requests_pending_level ON approval_requests (company_id, level_entered_at)
  WHERE status = 'pending';
