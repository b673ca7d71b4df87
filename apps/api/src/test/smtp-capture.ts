import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/**
 * A real SMTP server for tests (the API tests and the browser tests' mail catcher): it accepts
 * every message without authentication or TLS and hands each to `onMail` whole.
 */
export function createSmtpCapture(onMail: (mail: CapturedMail) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMail({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
}
