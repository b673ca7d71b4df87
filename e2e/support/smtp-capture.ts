// A real SMTP server for the browser tests: every message the app sends is written to a file that
// the specs read (the specs run in another process than this server).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSmtpCapture } from '../../apps/api/src/test/smtp-capture';
import { E2E } from '../env';

rmSync(E2E.mailDir, { recursive: true, force: true });
mkdirSync(E2E.mailDir, { recursive: true });
let count = 0;

const server = createSmtpCapture(({ to, raw }) => {
  count += 1;
  const file = join(E2E.mailDir, `${Date.now()}-${String(count).padStart(4, '0')}.json`);
  writeFileSync(file, JSON.stringify({ to, raw }));
});
server.listen(E2E.smtpPort, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
