-- Organisation and dashboards (issue 3): what the org and dashboard modules need beyond 0004.

-- The time zone of the company the tenant transaction is set to ("today" for announcements and
-- dashboards). companies is an identity table hr_app cannot read; this answers one column of one row.
CREATE FUNCTION hr_company_time_zone() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce((SELECT time_zone FROM companies
                    WHERE id = nullif(current_setting('app.company_id', true), '')::uuid), 'Asia/Kolkata')
$$;
REVOKE ALL ON FUNCTION hr_company_time_zone() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_company_time_zone() TO hr_app;

-- A reporting role's priority orders the chain (1 = first approver): one role per priority.
CREATE UNIQUE INDEX reporting_roles_priority ON reporting_roles (company_id, priority);
-- "Who holds what" and "has this asset ever been issued".
CREATE INDEX asset_assignments_asset ON asset_assignments (company_id, asset_id, issued_on DESC);
