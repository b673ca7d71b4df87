-- Background and scheduled jobs run on pg-boss (schema pgboss, created by pg-boss itself at start;
-- ADR 0010). This table is ours: what an administrator sees of each queue (GET /api/jobs), kept by
-- the job runner's wrapper around every handler, so it does not depend on pg-boss's internal tables
-- (whose jobs are archived and deleted on pg-boss's own schedule). Not a tenant table: jobs serve
-- every company; only the owner connection reads and writes it.
CREATE TABLE job_queue_status (
  name text PRIMARY KEY,
  last_started_at timestamptz,
  last_succeeded_at timestamptz,
  last_failed_at timestamptz,
  last_error text,
  -- attempts started, attempts that threw, and jobs given up after their last retry
  runs bigint NOT NULL DEFAULT 0,
  errors bigint NOT NULL DEFAULT 0,
  failed bigint NOT NULL DEFAULT 0
);
