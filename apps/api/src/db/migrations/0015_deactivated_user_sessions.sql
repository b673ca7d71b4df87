-- A sign-in switched off (an employee deactivated or exited) ends that user's open sessions at
-- once. Until now /api/auth/me and refresh refused them, but other routes accepted the access token
-- until it expired (15 minutes). Revoking the rows here also reaches every app process: the sessions
-- triggers of migration 0012 notify hr_session_ended, and each process drops what it trusted.
-- Security definer: the tenant role hr_app that switches the sign-in off may not touch sessions.
CREATE FUNCTION hr_user_deactivated_revoke_sessions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE sessions SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION hr_user_deactivated_revoke_sessions() FROM PUBLIC;

CREATE TRIGGER users_deactivated_revoke_sessions AFTER UPDATE OF is_active ON users FOR EACH ROW
  WHEN (OLD.is_active AND NOT NEW.is_active)
  EXECUTE FUNCTION hr_user_deactivated_revoke_sessions();
