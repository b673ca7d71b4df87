// Shared pieces of the benchmarks: start a server process, wait for it, run autocannon.
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

export type LoadResult = {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  total: number;
};

/**
 * A scratch database on the PostgreSQL server at `serverUrl` (one where databases may be made): its
 * URL, and `drop` to remove it when the run ends.
 */
export async function scratchPgDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const onServer = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

export function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // A key given as undefined is removed, so a target can unset DATABASE_URL or DATA_DIR.
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  // The same flags as `npm run serve`: an 8 MiB young generation, so each stop-the-world scavenge
  // is short (about 2 ms against 7 ms at 32 MiB, for the same share of time; ADR 0007).
  return spawn(process.execPath, ['--max-semi-space-size=8', '--import', 'tsx', script], {
    env: merged,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function waitForUrl(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

export async function load(
  name: string,
  opts: {
    url: string;
    connections: number;
    duration: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** A steady rate (requests per second) instead of each connection asking again at once. */
    rate?: number;
  },
): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  return {
    name,
    requestsPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

export function table(rows: LoadResult[]): string {
  const head =
    '| run | req/s | p50 ms | p99 ms | max ms | requests | errors | non-2xx |\n|---|---|---|---|---|---|---|---|';
  const body = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${r.total} | ${r.errors} | ${r.non2xx} |`,
    )
    .join('\n');
  return `${head}\n${body}`;
}
