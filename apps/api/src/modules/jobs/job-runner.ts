import type { JobQueueStatus } from '@hr/contract';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { currentRequestId, runWithRequestId } from '../../lib/request-context';

/**
 * Background and scheduled work on the application's own PostgreSQL, through pg-boss 10 (ADR 0010).
 * pg-boss keeps its queues in the `pgboss` schema and reaches the database through our `Db`
 * (an executeSql adapter), so on PGlite it shares the one embedded connection and on PostgreSQL
 * the owner pool. Any number of processes may run it on one PostgreSQL: a job is taken by one
 * worker (SKIP LOCKED), and a cron schedule sends one job per minute whichever process sees it.
 *
 * Each job definition says how often it is retried and how long to wait (exponential backoff),
 * and its handler must be idempotent: pg-boss delivers at least once (a process that stops mid-job
 * leaves it to expire and be retried). A wrapper around every handler records runs, successes and
 * failures in job_queue_status (migration 0022), which GET /api/jobs shows to an administrator.
 */

export type JobDefinition<T extends object = object> = {
  /** Queue name: a-z, 0-9, '-' and '_'. */
  name: string;
  /** One line for the administrator's list. */
  description: string;
  /** A cron expression (minute resolution) for a scheduled job. */
  cron?: string;
  /** Time zone the cron expression is read in (default UTC). */
  timeZone?: string;
  /** Attempts after the first (default 3), waiting retryDelaySeconds, doubling each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * 'stately': at most one job per singleton key waiting and one running (a send while one waits
   * is dropped): for work that must not pile up or overlap. 'standard' (default): every send
   * queues a job. Fixed when the queue is first created.
   */
  policy?: 'standard' | 'stately';
  /** A job running longer than this is treated as failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  handler(data: T): Promise<void>;
};

/** The part of a logger the runner uses (Fastify's logger fits). */
type Log = {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * The key of a job's data that carries the id of the request that sent it (lib/request-context.ts);
 * the handler gets the data without it.
 */
const REQUEST_ID = '_requestId';

export type JobRunnerOptions = {
  db: Db;
  log: Log;
  /** How often an idle worker looks for jobs (default 2 s; tests use less). */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (default 30 s; at most a minute late; tests use 1). */
  cronMonitorIntervalSeconds?: number;
};

export type JobRunner = {
  define<T extends object>(def: JobDefinition<T>): void;
  /**
   * Creates pg-boss's schema when missing, the queues and schedules, and starts the workers.
   * `work: false` (an API process beside job workers): the queues only, so that it can send jobs;
   * it takes none and leaves schedules and maintenance to the workers.
   */
  start(opts?: { work?: boolean }): Promise<void>;
  /**
   * Queues a job; returns its id, or null when it was dropped as a duplicate: on a 'stately' queue
   * while a job with the same `singletonKey` waits; with `singletonSeconds`, when one with the key
   * was already sent in the same time slot of that length. Callers use them to make sends idempotent.
   */
  send(
    name: string,
    data?: object,
    opts?: { singletonKey?: string; singletonSeconds?: number; startAfterSeconds?: number },
  ): Promise<string | null>;
  status(): Promise<JobQueueStatus[]>;
  /** Stops taking jobs and waits (up to timeoutMs) for running handlers. */
  stop(timeoutMs?: number): Promise<void>;
  readonly started: boolean;
};

const NAME = /^[a-z0-9][a-z0-9_-]{0,49}$/;
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** pg-boss's SQL through our Db: one statement with the extended protocol, or a script as it is. */
function executeSqlOn(db: Db) {
  return async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return db.query(text, values);
    if (db.driver === 'pg') return db.query(text);
    // PGlite's query runs one statement; pg-boss's schema scripts hold several and need no rows.
    try {
      return await db.query(text);
    } catch (err) {
      if (!/multiple commands/i.test((err as Error).message)) throw err;
      await db.exclusive((conn) => conn.exec(text));
      return { rows: [] };
    }
  };
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, log } = opts;
  const defs = new Map<string, JobDefinition>();
  let boss: PgBoss | null = null;

  /** Updates the queue's status row (created when the runner starts). */
  async function record(name: string, set: string, params: unknown[] = []) {
    await db.query(`UPDATE job_queue_status SET ${set} WHERE name = $1`, [name, ...params]);
  }

  function wrap(def: JobDefinition) {
    return async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      for (const job of jobs) {
        const { [REQUEST_ID]: sentBy, ...data } = (job.data ?? {}) as Record<string, unknown>;
        const requestId = typeof sentBy === 'string' ? sentBy : null;
        const started = performance.now();
        await record(def.name, 'runs = runs + 1, last_started_at = now()');
        try {
          // A job a request sent runs under that request's id (and so do the jobs it sends in turn).
          await (requestId ? runWithRequestId(requestId, () => def.handler(data)) : def.handler(data));
          await record(def.name, 'last_succeeded_at = now()');
          if (requestId) {
            log.info?.(
              { job: def.name, jobId: job.id, requestId, ms: Math.round(performance.now() - started) },
              'job done',
            );
          }
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const last = job.retryCount >= job.retryLimit;
          await record(
            def.name,
            'errors = errors + 1, failed = failed + $2, last_failed_at = now(), last_error = $3',
            [last ? 1 : 0, message.slice(0, 2000)],
          );
          log.warn(
            { job: def.name, jobId: job.id, requestId, attempt: job.retryCount + 1, err: message },
            last ? 'job failed' : 'job failed, will retry',
          );
          throw err; // pg-boss retries it (or marks it failed after the last attempt)
        }
      }
    };
  }

  return {
    get started() {
      return boss !== null;
    },

    define(def) {
      if (!NAME.test(def.name)) throw new Error(`job "${def.name}": use a-z, 0-9, '-' and '_'`);
      if (defs.has(def.name)) throw new Error(`job "${def.name}" is already defined`);
      if (boss) throw new Error(`job "${def.name}": define jobs before the runner starts`);
      defs.set(def.name, def as JobDefinition);
    },

    async start({ work = true } = {}) {
      if (boss) return;
      // pg-boss installs its schema on the first start; processes starting together on a new database
      // can collide there (CREATE SCHEMA IF NOT EXISTS under its lock still met a duplicate in the
      // scale-out test), and a pg-boss whose start failed cannot be started again: a new one asks again.
      const b = await whileOthersStart(async () => {
        const candidate = new PgBoss({
          ...(work ? {} : { supervise: false, schedule: false }),
          db: { executeSql: executeSqlOn(db) },
          // Archive finished jobs after a day and drop them after a week: the status table keeps
          // what an administrator needs.
          archiveCompletedAfterSeconds: 24 * 60 * 60,
          deleteAfterDays: 7,
          ...(opts.cronMonitorIntervalSeconds
            ? { cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 }
            : {}),
        } as PgBoss.ConstructorOptions);
        candidate.on('error', (err) => log.error({ err }, 'job runner error'));
        await candidate.start();
        return candidate;
      });
      for (const def of defs.values()) {
        const queue = {
          name: def.name,
          retryLimit: def.retryLimit ?? 3,
          retryDelay: def.retryDelaySeconds ?? 30,
          retryBackoff: true,
          policy: def.policy ?? 'standard',
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await whileOthersStart(async () => {
          if (await b.getQueue(def.name)) await b.updateQueue(def.name, queue);
          else await b.createQueue(def.name, queue);
        });
        await db.query('INSERT INTO job_queue_status (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
          def.name,
        ]);
        if (!work) continue;
        await b.work(
          def.name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, includeMetadata: true, batchSize: 1 },
          wrap(def),
        );
        if (def.cron) await b.schedule(def.name, def.cron, {}, { tz: def.timeZone ?? 'UTC' });
        else await b.unschedule(def.name);
      }
      boss = b;
    },

    async send(name, data = {}, o = {}) {
      if (!boss) throw new Error('job runner is not started');
      if (!defs.has(name)) throw new Error(`job "${name}" is not defined`);
      const requestId = currentRequestId();
      return boss.send(name, requestId ? { ...data, [REQUEST_ID]: requestId } : data, {
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.singletonSeconds ? { singletonSeconds: o.singletonSeconds } : {}),
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      });
    },

    async status() {
      const { rows } = await db.query<{
        name: string;
        last_started_at: unknown;
        last_succeeded_at: unknown;
        last_failed_at: unknown;
        last_error: string | null;
        runs: number;
        errors: number;
        failed: number;
      }>('SELECT * FROM job_queue_status WHERE name = ANY($1::text[])', [[...defs.keys()]]);
      const byName = new Map(rows.map((r) => [r.name, r]));
      const out: JobQueueStatus[] = [];
      for (const def of [...defs.values()].sort((a, b) => a.name.localeCompare(b.name))) {
        const r = byName.get(def.name);
        out.push({
          name: def.name,
          description: def.description,
          schedule: def.cron ?? null,
          time_zone: def.cron ? (def.timeZone ?? 'UTC') : null,
          retry_limit: def.retryLimit ?? 3,
          last_started_at: iso(r?.last_started_at),
          last_succeeded_at: iso(r?.last_succeeded_at),
          last_failed_at: iso(r?.last_failed_at),
          last_error: r?.last_error ?? null,
          runs: Number(r?.runs ?? 0),
          errors: Number(r?.errors ?? 0),
          failed: Number(r?.failed ?? 0),
          waiting: boss ? await boss.getQueueSize(def.name) : 0,
        });
      }
      return out;
    },

    async stop(timeoutMs = 10_000) {
      const b = boss;
      if (!b) return;
      boss = null;
      await b.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/**
 * Processes started together (API processes and job workers on one PostgreSQL) install pg-boss's
 * schema and create or update the same queues at once; pg-boss makes a table per queue, so one of
 * them can meet a deadlock or find the schema or queue made meanwhile (job-runner-race.test.ts).
 * Each is settled by asking again: the step is idempotent.
 */
async function whileOthersStart<T>(step: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await step();
    } catch (err) {
      const code = (err as { code?: string }).code;
      const raced = code === '40P01' || code === '23505' || code === '42P07' || code === '40001';
      if (!raced || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 * i + Math.floor(Math.random() * 100)));
    }
  }
}
