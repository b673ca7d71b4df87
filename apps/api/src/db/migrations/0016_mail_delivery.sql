-- Every mail goes through mail_outbox; with SMTP set, a deliverer sends what is due and retries
-- what failed (lib/mail.ts). Before, a failed SMTP send was logged and the mail lost.
-- attempts: sends tried; next_attempt_at: when the row is next due (also a lease: a deliverer
-- moves it forward when it takes the row, so another process does not send it at the same time);
-- failed_at: given up after the last attempt.
ALTER TABLE mail_outbox
  ADD COLUMN attempts int NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error text,
  ADD COLUMN failed_at timestamptz;

-- Mails queued before this migration were never meant to leave (no SMTP then); a server that
-- gains SMTP later must not send old links.
UPDATE mail_outbox SET failed_at = now(), last_error = 'queued before delivery existed' WHERE sent_at IS NULL;

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
