import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { ApprovalEngine, SlaReminder } from './approval-engine';

/** Name of the scheduled job (jobs module) that runs the SLA check. */
export const SLA_JOB = 'approvals-sla-check';
/** Every 15 minutes: an SLA is counted in hours, so a reminder is at most a quarter of an hour late. */
export const SLA_CRON = '*/15 * * * *';

function reminderMail(m: SlaReminder) {
  const lines = [
    `Hello ${m.approverName},`,
    '',
    `${m.title} is waiting for your decision (level ${m.level}) longer than its time limit.`,
    m.summary ? `\n${m.summary}\n` : '',
    'Open your approvals queue to approve or reject it.',
  ];
  return { to: m.to, subject: `Reminder: ${m.title} is waiting for you`, text: lines.join('\n') };
}

/**
 * Runs the SLA check for every company at the clock's instant: each company in its own tenant
 * transaction (escalations and the "reminded" events commit together), then the reminders are
 * queued in the mail outbox. A reminder is recorded before it is mailed, so a process that stops
 * in between loses that mail rather than sending it twice; a second run sends none again. With a
 * notifier the engine queues the reminders itself, in the same transaction (counted in `queued`).
 */
export function createSlaCheck(deps: { db: Db; engine: ApprovalEngine; mailer: Mailer; clock: Clock }) {
  const { db, engine, mailer, clock } = deps;
  return async function runSlaCheck(): Promise<{ reminded: number; escalated: number; mailed: number }> {
    const now = clock.now();
    const { rows: companies } = await db.query<{ id: string }>('SELECT id FROM companies ORDER BY id');
    const total = { reminded: 0, escalated: 0, mailed: 0 };
    for (const c of companies) {
      const r = await db.tenant(c.id, (tx) => engine.checkSla(tx, now));
      total.reminded += r.reminded;
      total.escalated += r.escalated;
      total.mailed += r.queued;
      for (const m of r.mails) {
        await mailer.send(reminderMail(m));
        total.mailed += 1;
      }
    }
    return total;
  };
}
