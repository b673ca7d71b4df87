// pool-worker.mjs for pool.test.ts, except that it ends its thread (exit code 3) on a document
// whose employee code is CRASH.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { answer } = await import('./pool-worker.ts');
parentPort.on('message', (m) => {
  if (m.docs[0]?.payslip.employee.code === 'CRASH') process.exit(3);
  const { reply, transfer } = answer(m);
  parentPort.postMessage(reply, transfer);
});
