-- Scope for the read pool (db.tenantRead in db/client.ts): its connections are opened as hr_app,
-- so a read needs no transaction to switch role; this sets the company for the session (after
-- checking the caller's session when given). Runs as the owner to read sessions. A failed check
-- raises, the change is rolled back, and the client code discards that connection.
CREATE FUNCTION hr_enter_tenant_read(p_company uuid, p_session uuid, p_user uuid, p_now timestamptz)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF p_session IS NOT NULL THEN
    PERFORM 1 FROM sessions
     WHERE id = p_session AND user_id = p_user AND revoked_at IS NULL AND expires_at > p_now;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'session is not live' USING ERRCODE = 'HR401';
    END IF;
  END IF;
  PERFORM set_config('app.company_id', p_company::text, false);
END $$;
REVOKE ALL ON FUNCTION hr_enter_tenant_read(uuid, uuid, uuid, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hr_enter_tenant_read(uuid, uuid, uuid, timestamptz) TO hr_app;
