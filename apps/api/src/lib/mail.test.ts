// The mail outbox against a real SMTP server (smtp-server, over TCP on a free port): every mail is
// queued, sent once, retried while the server is down (nodemailer's code for a refused connection is
// ESOCKET), given up after the last attempt.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { createTestDb } from '../test/helper';
import { type CapturedMail, createSmtpCapture } from '../test/smtp-capture';
import { createMailer, type Mailer } from './mail';

type Smtp = { received: CapturedMail[]; port: number; stop(): Promise<void> };
/** Servers still running when a test ends (stopped by afterEach). */
const running = new Set<Smtp>();

/** A real SMTP server; `port` may be given to come back on the port of one that was stopped. */
async function startSmtp(port = 0): Promise<Smtp> {
  const received: CapturedMail[] = [];
  const server = createSmtpCapture((mail) => received.push(mail));
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const smtp: Smtp = {
    received,
    port: (server.server.address() as AddressInfo).port,
    stop: async () => {
      if (!running.delete(smtp)) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.add(smtp);
  return smtp;
}

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail outbox', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    const t = await createTestDb();
    db = t.db;
    drop = t.drop;
    await migrate(db);
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((m) => m.close()));
    await Promise.all([...running].map((smtp) => smtp.stop()));
    await db.query('DELETE FROM mail_outbox');
  });
  afterAll(() => drop());

  function mailer(port: number | null, delivery?: Parameters<typeof createMailer>[0]['delivery']) {
    const m = createMailer({
      db,
      log: silent,
      smtpUrl: port === null ? undefined : `smtp://127.0.0.1:${port}`,
      from: 'HR <hr@acme.test>',
      isProduction: true,
      delivery,
    });
    mailers.push(m);
    return m;
  }
  const outbox = async () =>
    (
      await db.query<{ attempts: number; sent: boolean; failed: boolean; last_error: string | null }>(
        `SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error
           FROM mail_outbox ORDER BY created_at`,
      )
    ).rows;

  it('queues the mail, sends it once over SMTP and marks it sent', async () => {
    const smtp = await startSmtp();
    const m = mailer(smtp.port);
    await m.send({ to: 'asha@acme.test', subject: 'Reset your password', text: 'Follow the link' });
    await m.deliverDue();
    await m.deliverDue(); // nothing left: no second copy
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['asha@acme.test']);
    expect(smtp.received[0]!.raw).toContain('Subject: Reset your password');
    expect(smtp.received[0]!.raw).toContain('Follow the link');
    expect(await outbox()).toEqual([{ attempts: 1, sent: true, failed: false, last_error: null }]);
  });

  it('a mail server that is down: the mail waits with its reason, and arrives once when it is back', async () => {
    const gone = await startSmtp();
    const port = gone.port;
    await gone.stop();
    const m = mailer(port, { firstRetryMs: 300 });
    await m.send({ to: 'ravi@acme.test', subject: 'Your sign-in code', text: '123456' });
    await m.deliverDue();
    expect(await outbox()).toEqual([{ attempts: 1, sent: false, failed: false, last_error: 'ESOCKET' }]);

    const smtp = await startSmtp(port);
    await m.deliverDue(); // not due yet: the first wait has not passed
    expect(smtp.received).toHaveLength(0);
    await sleep(350);
    await m.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain('123456');
    expect(await outbox()).toEqual([{ attempts: 2, sent: true, failed: false, last_error: null }]);
  });

  it('gives a mail up after the last attempt, and mails older than a day are not sent', async () => {
    const gone = await startSmtp();
    await gone.stop();
    const m = mailer(gone.port, { firstRetryMs: 1, maxAttempts: 2 });
    await m.send({ to: 'ravi@acme.test', subject: 'Welcome', text: 'Hello' });
    await m.deliverDue();
    await sleep(20);
    await m.deliverDue();
    await sleep(20);
    await m.deliverDue(); // given up: not taken again
    expect(await outbox()).toEqual([{ attempts: 2, sent: false, failed: true, last_error: 'ESOCKET' }]);

    await db.query('DELETE FROM mail_outbox');
    const smtp = await startSmtp();
    await db.query(
      `INSERT INTO mail_outbox (recipient, subject, text_body, created_at, next_attempt_at)
       VALUES ('old@acme.test', 'Old link', 'stale', now() - interval '2 days', now() - interval '2 days')`,
    );
    await mailer(smtp.port).deliverDue();
    expect(smtp.received).toHaveLength(0);
    expect(await outbox()).toEqual([
      { attempts: 0, sent: false, failed: true, last_error: 'too old to send' },
    ]);
  });

  it('two processes delivering the same outbox send each mail exactly once', async () => {
    const smtp = await startSmtp();
    const a = mailer(smtp.port);
    const b = mailer(smtp.port);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).send({ to: `p${i}@acme.test`, subject: `Mail ${i}`, text: `body ${i}` }),
      ),
    );
    await Promise.all([a.deliverDue(), b.deliverDue()]);
    const to = smtp.received.map((r) => r.to[0]).sort();
    expect(to).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}@acme.test`).sort());
    expect((await outbox()).every((r) => r.sent && r.attempts === 1)).toBe(true);
  });

  it('without SMTP_URL the mail stays queued (a laptop install needs no mail server)', async () => {
    const m = mailer(null);
    await m.send({ to: 'asha@acme.test', subject: 'Welcome', text: 'Hello' });
    await m.deliverDue();
    expect(await outbox()).toEqual([{ attempts: 0, sent: false, failed: false, last_error: null }]);
  });
});
