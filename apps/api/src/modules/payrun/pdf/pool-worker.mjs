// The pool's worker thread. On Node 20 a worker does not get tsx from `execArgv: ['--import', 'tsx']`
// (its TypeScript entry fails with ERR_UNKNOWN_FILE_EXTENSION), so this plain module registers tsx
// in the thread, then loads the TypeScript renderer. It works the same under `npm run serve`, tsx
// and vitest. Messages sent while it loads wait in the port until the listener below is added.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { answer } = await import('./pool-worker.ts');
parentPort.on('message', (m) => {
  const { reply, transfer } = answer(m);
  parentPort.postMessage(reply, transfer);
});
