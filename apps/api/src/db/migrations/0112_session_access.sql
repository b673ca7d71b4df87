-- A role or permission change applies to live sessions at once (issue 21), not at the next token
-- refresh. The session check (one primary-key lookup, or memory: ADR 0006) now also reads the
-- user's current role, so the permissions a request is judged by are the role's as of that read,
-- not the ones frozen in the access token.
--
-- roles has forced row-level security, and the auth module's connection has no company set: the
-- function sets the session's own company for this statement only (transaction-local, as
-- hr_enter_tenant does), so only that company's role can be read, and only through a session row
-- of that user and company.
CREATE FUNCTION hr_session_access(p_session uuid, p_user uuid, p_company uuid, p_now timestamptz)
RETURNS TABLE (revoked boolean, expired boolean, expires_at timestamptz, role_name text, permissions text[])
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.company_id', p_company::text, true);
  RETURN QUERY
    SELECT s.revoked_at IS NOT NULL, s.expires_at <= p_now, s.expires_at, r.name, r.permissions
      FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
     WHERE s.id = p_session AND s.user_id = p_user AND s.company_id = p_company;
END $$;
REVOKE ALL ON FUNCTION hr_session_access(uuid, uuid, uuid, timestamptz) FROM PUBLIC;

-- Every process keeps the sessions (and now their permissions) it has checked in memory; these
-- triggers tell all of them through the channel they already listen to (hr_session_ended,
-- delivered at commit). Payloads: a session id (migration 0012), 'user:<id>' (that user's role
-- changed) and 'company:<id>' (a role of that company changed: roles change rarely, so the
-- company's sessions are all checked again rather than listed here).
CREATE FUNCTION hr_user_access_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hr_session_ended', 'user:' || NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_access_changed AFTER UPDATE OF role_id ON users FOR EACH ROW
  WHEN (NEW.role_id IS DISTINCT FROM OLD.role_id)
  EXECUTE FUNCTION hr_user_access_changed_notify();

CREATE FUNCTION hr_role_access_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hr_session_ended', 'company:' || OLD.company_id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER roles_access_changed AFTER UPDATE ON roles FOR EACH ROW
  WHEN (NEW.permissions IS DISTINCT FROM OLD.permissions OR NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION hr_role_access_changed_notify();
