/**
 * What other modules may use of the notifications module: `createNotifier` builds the `notify`
 * function (app.ts hands it to the approval engine, and later to letters or pay runs) that writes
 * in-app notifications and queues their mails in the caller's transaction.
 */
export { createNotifier, type Notifier, type NotifyInput } from './notifier';
