-- Every app process keeps the sessions it has seen live in memory (ADR 0006); these triggers tell
-- all of them, through NOTIFY hr_session_ended (delivered at commit), when a session stops being
-- live: revoked, shortened, moved to another user, or deleted.
CREATE FUNCTION hr_session_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hr_session_ended', OLD.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_ended_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
        OR NEW.expires_at < OLD.expires_at
        OR NEW.user_id IS DISTINCT FROM OLD.user_id
        OR NEW.id IS DISTINCT FROM OLD.id)
  EXECUTE FUNCTION hr_session_ended_notify();

CREATE TRIGGER sessions_ended_delete AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION hr_session_ended_notify();
