import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  /** Queues the message (durably: a row in mail_outbox) and asks for delivery; does not wait for SMTP. */
  send(message: MailMessage): Promise<void>;
  /** Sends what is due now; resolves when none is left (queueing and the retry timer call it). */
  deliverDue(): Promise<void>;
  /** Stops the retry timer. */
  close(): Promise<void>;
};
/** Tests pass a sink to read what would have been mailed (codes and links are stored hashed). */
export type MailSink = (message: MailMessage) => void;

/** Waits between attempts: 30 s, 1, 2, 4, 8, 16 min; after the last, the mail is given up. */
export const DELIVERY = {
  firstRetryMs: 30_000,
  maxAttempts: 7,
  /** A mail older than this is not sent any more (a reset link would have expired anyway). */
  maxAgeMs: 24 * 60 * 60 * 1000,
  pollMs: 30_000,
};

/**
 * How long a taken row is left to the process sending it before another may take it. Longer than
 * the SMTP timeouts below add up to, so a slow send is not sent twice.
 */
const LEASE_MS = 2 * 60 * 1000;

type Due = {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};
type Transport = { sendMail(m: MailMessage & { from: string }): Promise<unknown> };

/**
 * Every message is first a row in `mail_outbox`, so nothing is lost to a mail server that is down
 * or a process that stops.
 * - With SMTP_URL set, a deliverer sends the rows that are due, one at a time, and retries a failed
 *   send with growing waits (DELIVERY). Several processes may deliver at once: a row is taken with
 *   FOR UPDATE SKIP LOCKED and its next attempt moved past a lease before it is sent, so two
 *   processes never send it together. (A process that stops between the server accepting a mail
 *   and marking it sent will send it again: at least once, as any outbox.)
 * - Without SMTP_URL the rows stay queued and the message is logged, so a laptop install works
 *   without a mail server. The body is logged only outside production.
 * Logs never hold the recipient or the body in production: personal data and sign-in links.
 */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  isProduction: boolean;
  sink?: MailSink;
  /** Tests shorten the waits. */
  delivery?: Partial<typeof DELIVERY>;
}): Mailer {
  const { db, log, from, isProduction, sink } = opts;
  const delivery = { ...DELIVERY, ...opts.delivery };
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl) : null;

  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Takes the next due row (moving its next attempt past the lease), or null. */
  async function takeDue(): Promise<Due | null> {
    const { rows } = await db.query<Due>(
      `UPDATE mail_outbox m
          SET attempts = m.attempts + 1,
              next_attempt_at = now() + make_interval(secs => $1::double precision)
        WHERE m.id = (SELECT id FROM mail_outbox
                       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                       ORDER BY next_attempt_at
                       LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING m.id, m.recipient, m.subject, m.text_body, m.html_body, m.attempts`,
      [LEASE_MS / 1000],
    );
    return rows[0] ?? null;
  }

  async function deliverOne(transport: Transport, mail: Due) {
    try {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
      await db.query('UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [mail.id]);
      log.info({ mailId: mail.id, subject: mail.subject, attempts: mail.attempts }, 'mail sent');
    } catch (err) {
      // The SMTP reply may quote the address; keep only its code.
      const e = err as { code?: string; responseCode?: number };
      const reason = [e.code, e.responseCode].filter(Boolean).join(' ') || 'send failed';
      const last = mail.attempts >= delivery.maxAttempts;
      await db.query(
        `UPDATE mail_outbox
            SET last_error = $2, failed_at = CASE WHEN $3 THEN now() END,
                next_attempt_at = now() + make_interval(secs => $4::double precision * 2 ^ (attempts - 1))
          WHERE id = $1`,
        [mail.id, reason, last, delivery.firstRetryMs / 1000],
      );
      log.warn(
        { mailId: mail.id, subject: mail.subject, attempts: mail.attempts, reason },
        last ? 'mail given up' : 'mail failed, will retry',
      );
    }
  }

  async function drain(transport: Transport) {
    await db.query(
      `UPDATE mail_outbox SET failed_at = now(), last_error = coalesce(last_error || '; ', '') || 'too old to send'
        WHERE sent_at IS NULL AND failed_at IS NULL
          AND created_at <= now() - make_interval(secs => $1::double precision)`,
      [delivery.maxAgeMs / 1000],
    );
    do {
      again = false;
      for (let mail = await takeDue(); mail && !closed; mail = await takeDue()) {
        await deliverOne(transport, mail);
      }
    } while (again && !closed);
  }

  function deliverDue(): Promise<void> {
    if (!transport || closed) return Promise.resolve();
    if (running) {
      again = true; // a mail queued during a run is taken by the same run
      return running;
    }
    running = drain(transport)
      .catch((err: unknown) => log.error({ err }, 'mail delivery stopped; retried on the next poll'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = transport ? setInterval(() => void deliverDue(), delivery.pollMs) : null;
  timer?.unref();

  return {
    async send(message) {
      sink?.(message);
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO mail_outbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id',
        [message.to, message.subject, message.text, message.html ?? null],
      );
      const mailId = rows[0]!.id;
      if (transport) {
        void deliverDue();
        return;
      }
      if (isProduction) log.info({ mailId, subject: message.subject }, 'mail queued (no SMTP_URL)');
      else log.info({ mailId, subject: message.subject, text: message.text }, 'mail queued (no SMTP_URL)');
    },
    deliverDue,
    async close() {
      if (timer) clearInterval(timer);
      closed = true;
      await running;
    },
  };
}

function smtpTransport(smtpUrl: string): Transport {
  const u = new URL(smtpUrl);
  const isLocal = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : u.protocol === 'smtps:' ? 465 : 587,
    secure: u.protocol === 'smtps:',
    // A localhost relay (a dev mail catcher, a test server) has no certificate.
    ignoreTLS: isLocal && u.protocol === 'smtp:',
    // Within LEASE_MS together: a send still running when the lease ends could be taken by
    // another process and sent twice.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
  });
}
