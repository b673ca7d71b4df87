-- A sign-in whose email changes ends its open sessions, as one switched off does (migration 0015):
-- whoever holds a session may not be the owner of the new address, and an email change followed
-- by a password reset is how an account is taken. Same function, so every process is told through
-- the sessions triggers of migration 0012.
CREATE TRIGGER users_email_changed_revoke_sessions AFTER UPDATE OF email ON users FOR EACH ROW
  WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
  EXECUTE FUNCTION hr_user_deactivated_revoke_sessions();
