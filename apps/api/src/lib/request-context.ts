import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request (or job) whose work is running, for what happens later on its behalf: a job a request
 * sends carries the request's id, so the job's log lines can be matched to the request that caused
 * it (issue 25). Entered for every request in app.ts, and for every job by the job runner.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

export function currentRequestId(): string | null {
  return store.getStore()?.requestId ?? null;
}
