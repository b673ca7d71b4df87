import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };
/** Tests pass a sink to read what would have been mailed (codes and links are stored hashed). */
export type MailSink = (message: MailMessage) => void;

/**
 * SMTP when SMTP_URL is set; otherwise the message goes to the `mail_outbox` table and the log, so
 * a laptop install works without a mail server. The body is logged only outside production.
 */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  isProduction: boolean;
  sink?: MailSink;
}): Mailer {
  const { db, log, smtpUrl, from, isProduction, sink } = opts;
  const transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  return {
    async send(message) {
      sink?.(message);
      if (transport) {
        await transport.sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
        return;
      }
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO mail_outbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id',
        [message.to, message.subject, message.text, message.html ?? null],
      );
      if (isProduction) log.info({ mailId: rows[0]!.id, subject: message.subject }, 'mail queued');
      else log.info({ mailId: rows[0]!.id, subject: message.subject, text: message.text }, 'mail queued');
    },
  };
}

function smtpTransport(smtpUrl: string) {
  const u = new URL(smtpUrl);
  const isLocal = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : u.protocol === 'smtps:' ? 465 : 587,
    secure: u.protocol === 'smtps:',
    // A localhost relay (a dev mail catcher, a test server) has no certificate.
    ignoreTLS: isLocal && u.protocol === 'smtp:',
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
  });
}
