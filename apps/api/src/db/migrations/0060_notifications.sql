-- In-app notifications and per-user mail preferences (issue 12).
-- - notifications: one row per recipient (an employee), written in the transaction of the event
--   that caused it (a request submitted, decided, withdrawn, reminded), so it exists exactly when
--   the event does. `kind` groups it for the mail preference; `link` is an app path.
-- - notification_preferences: one row per employee and kind where the employee chose; no row
--   means mail is on.
-- - mail_outbox: the tenant role may queue a mail (insert only, never read: the outbox holds every
--   company's mail), so a notification's mail commits or rolls back with its event. A statement
--   trigger NOTIFYs hr_mail_queued, delivered at commit, so each process's deliverer sends it at
--   once instead of on its next poll.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  recipient_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 1000),
  link text CHECK (link IS NULL OR (link ~ '^/[A-Za-z0-9/_?=&.-]*$' AND length(link) <= 300)),
  request_id uuid REFERENCES approval_requests(id) ON DELETE CASCADE,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_recipient ON notifications (company_id, recipient_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (company_id, recipient_id) WHERE read_at IS NULL;
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notifications
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON notifications TO hr_app;

CREATE TABLE notification_preferences (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  mail boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, kind)
);
ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notification_preferences
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON notification_preferences TO hr_app;

GRANT INSERT (recipient, subject, text_body, html_body) ON mail_outbox TO hr_app;

CREATE FUNCTION hr_mail_queued_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A payload: listeners ignore empty notifications.
  PERFORM pg_notify('hr_mail_queued', 'queued');
  RETURN NULL;
END $$;
CREATE TRIGGER mail_outbox_queued AFTER INSERT ON mail_outbox FOR EACH STATEMENT
  EXECUTE FUNCTION hr_mail_queued_notify();
