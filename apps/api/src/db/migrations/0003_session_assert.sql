-- Opens a tenant transaction's scope in one statement: optionally checks the caller's session
-- (see `TenantOptions.session` in db/client.ts), then switches to the non-owner role hr_app and
-- sets the company that row-level security filters on. Called right after BEGIN, as the owner;
-- both settings are transaction-local (like SET LOCAL), so they end with the transaction.
CREATE FUNCTION hr_enter_tenant(p_company uuid, p_session uuid, p_user uuid, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_session IS NOT NULL THEN
    PERFORM 1 FROM sessions
     WHERE id = p_session AND user_id = p_user AND revoked_at IS NULL AND expires_at > p_now;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'session is not live' USING ERRCODE = 'HR401';
    END IF;
  END IF;
  PERFORM set_config('role', 'hr_app', true);
  PERFORM set_config('app.company_id', p_company::text, true);
END $$;
REVOKE ALL ON FUNCTION hr_enter_tenant(uuid, uuid, uuid, timestamptz) FROM PUBLIC;
