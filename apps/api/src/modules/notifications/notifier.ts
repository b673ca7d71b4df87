import type { Queryable } from '../../db/client';

/** What one event tells its recipients. */
export type NotifyInput = {
  /** The tenant of `tx`; rows are written for it (row-level security checks it). */
  companyId: string;
  /** Employee ids; duplicates are dropped. */
  recipients: string[];
  /** Groups the notification for the recipient's mail preference (NOTIFICATION_KINDS). */
  type: string;
  /** Shown in the list and in the mail. Only what the recipient may see anyway. */
  title: string;
  body: string;
  /** App path where the recipient acts on it (e.g. /team/requests/profile-update). */
  link: string | null;
  /** The approval request it is about, when it is about one. */
  requestId?: string | null;
  /**
   * The mail: a subject kept free of personal data (the mail log keeps subjects), or false for
   * in-app only. Default: the mail's subject is `title`.
   */
  mail?: { subject: string } | false;
};

export type Notifier = {
  /**
   * Writes a notification for each recipient and queues their mail in the outbox, in `tx`: both
   * commit or roll back with the event that caused them. Mail goes only to active employees with
   * an address who have not turned this kind off. Returns how many mails were queued.
   */
  notify(tx: Queryable, input: NotifyInput): Promise<{ notified: number; mailed: number }>;
};

/** `appUrl`: the address mails link to (config APP_URL). */
export function createNotifier(opts: { appUrl: string }): Notifier {
  const base = opts.appUrl.replace(/\/+$/, '');
  return {
    async notify(tx, input) {
      const recipients = [...new Set(input.recipients)];
      if (recipients.length === 0) return { notified: 0, mailed: 0 };
      const title = input.title.slice(0, 200);
      const body = input.body.slice(0, 1000);
      await tx.query(
        `INSERT INTO notifications (company_id, recipient_id, kind, title, body, link, request_id)
         SELECT $1, x, $3, $4, $5, $6, $7 FROM unnest($2::uuid[]) AS x`,
        [input.companyId, recipients, input.type, title, body, input.link, input.requestId ?? null],
      );
      if (input.mail === false) return { notified: recipients.length, mailed: 0 };
      const { rows: to } = await tx.query<{ email: string; first_name: string }>(
        `SELECT e.email, e.first_name FROM employees e
          WHERE e.id = ANY($1::uuid[]) AND e.status = 'active' AND e.email IS NOT NULL AND e.email <> ''
            AND NOT EXISTS (SELECT 1 FROM notification_preferences p
                             WHERE p.employee_id = e.id AND p.kind = $2 AND NOT p.mail)
          ORDER BY e.id`,
        [recipients, input.type],
      );
      const subject = input.mail?.subject ?? title;
      for (const r of to) {
        const text = [
          `Hello ${r.first_name},`,
          '',
          title,
          body ? `\n${body}` : '',
          input.link ? `\nOpen it: ${base}${input.link}` : '',
          '',
          'You can choose which mails you get on your Notifications page.',
        ].join('\n');
        await tx.query('INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ($1, $2, $3)', [
          r.email,
          subject,
          text,
        ]);
      }
      return { notified: recipients.length, mailed: to.length };
    },
  };
}
