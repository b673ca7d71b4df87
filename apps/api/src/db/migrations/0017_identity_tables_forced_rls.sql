-- Every table with company_id has forced row-level security (guarded by db/rls-catalogue.test.ts).
-- Two identity tables lacked it: users (enabled, not forced) and sessions (not enabled). The auth
-- module reads both through the owner connection before a company is known, so besides the tenant
-- policy (which binds hr_app) each gets an explicit policy for its owner alone. FORCE then makes
-- any other role, and any later policy change, go through the policies like every tenant table.
DO $$
DECLARE
  t text;
  owner_role text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'sessions'] LOOP
    SELECT pg_get_userbyid(c.relowner) INTO owner_role
      FROM pg_class c WHERE c.oid = format('public.%I', t)::regclass;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = format('public.%I', t)::regclass
                                             AND polname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
        t);
    END IF;
    EXECUTE format('CREATE POLICY identity_owner ON %I TO %I USING (true) WITH CHECK (true)', t, owner_role);
  END LOOP;
END $$;
