import { Worker } from 'node:worker_threads';
import type { PayslipPdfDoc } from './payslip-pdf';

/**
 * Payslip PDFs on worker threads (issue 22: 10,000 within 30 s on two cores). Each worker renders
 * with `renderPayslipPdf`, so the files are the ones a single thread would write. A call's documents
 * are cut into chunks, handed to whichever worker is free, and put back in order; the files come
 * back as transferred buffers (no copy). Workers are started with the pool and ended by `close`;
 * one that dies is replaced and the call it was working on fails.
 */

export type PdfPoolRenderOptions = {
  /** The password of each document by position (see `payslipPassword`); none: not protected. */
  passwords?: readonly (string | null | undefined)[];
};

export type PdfPool = {
  readonly threads: number;
  render(docs: readonly PayslipPdfDoc[], opts?: PdfPoolRenderOptions): Promise<Buffer[]>;
  /** Ends the workers; calls still running fail. */
  close(): Promise<void>;
};

/** Messages between the pool and its workers. */
export type PoolRequest = { docs: readonly PayslipPdfDoc[]; passwords: (string | null)[] | null };
export type PoolReply = { pdfs: Uint8Array[] } | { error: string; index: number };

type Call = {
  results: Buffer[];
  left: number;
  failed: boolean;
  resolve(r: Buffer[]): void;
  reject(e: Error): void;
};
type Chunk = { call: Call; start: number; request: PoolRequest };

const WORKER = new URL('./pool-worker.mjs', import.meta.url);
/** Small enough to share the work evenly, large enough that messages cost little against rendering. */
const MAX_CHUNK = 50;

export function createPdfPool(opts: {
  threads: number;
  /** The worker's module: only tests change it (a worker that dies). */
  workerModule?: URL;
}): PdfPool {
  const { threads, workerModule = WORKER } = opts;
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
    throw new RangeError(`A PDF pool needs 1 to 64 threads, not ${threads}`);
  }
  const idle: Worker[] = [];
  const working = new Map<Worker, Chunk>();
  const queue: Chunk[] = [];
  let closed = false;
  /** Workers that stopped since one last answered: past a few, starting more would only loop. */
  let deaths = 0;
  let broken: Error | null = null;

  const fail = (call: Call, error: Error) => {
    if (call.failed) return;
    call.failed = true;
    call.reject(error);
  };

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const chunk = queue.shift()!;
      if (chunk.call.failed) continue;
      const w = idle[idle.length - 1]!;
      try {
        w.postMessage(chunk.request);
      } catch (e) {
        // A document that cannot be copied to a thread (structured clone): the worker stays idle.
        fail(chunk.call, new Error(`Payslip PDFs could not be sent to a worker: ${(e as Error).message}`));
        continue;
      }
      idle.pop();
      working.set(w, chunk);
      w.ref(); // a call in progress keeps the process alive, an idle pool does not
    }
  };

  const spawn = () => {
    const w = new Worker(workerModule);
    let lastError: Error | null = null;
    w.on('message', (reply: PoolReply) => {
      deaths = 0;
      const chunk = working.get(w)!;
      working.delete(w);
      w.unref();
      idle.push(w);
      const { call } = chunk;
      if ('error' in reply) {
        fail(call, new Error(`Payslip PDF ${chunk.start + reply.index + 1} failed: ${reply.error}`));
      } else if (!call.failed) {
        reply.pdfs.forEach((p, i) => {
          call.results[chunk.start + i] = Buffer.from(p.buffer, p.byteOffset, p.byteLength);
        });
        call.left -= reply.pdfs.length;
        if (call.left === 0) call.resolve(call.results);
      }
      pump();
    });
    w.on('error', (e) => {
      lastError = e;
    });
    w.on('exit', (code) => {
      const chunk = working.get(w);
      working.delete(w);
      const i = idle.indexOf(w);
      if (i >= 0) idle.splice(i, 1);
      if (chunk) {
        const why = closed ? 'the PDF pool was closed' : (lastError?.message ?? `exit code ${code}`);
        fail(chunk.call, new Error(`A PDF worker stopped: ${why}`));
      }
      if (closed) return;
      deaths++;
      if (deaths <= 2 * threads) {
        spawn();
        pump();
        return;
      }
      broken = new Error(`The PDF workers keep stopping: ${lastError?.message ?? `exit code ${code}`}`);
      for (const c of queue.splice(0)) fail(c.call, broken);
    });
    w.unref();
    idle.push(w);
  };
  for (let i = 0; i < threads; i++) spawn();

  return {
    threads,
    render(docs, renderOpts = {}) {
      if (closed) return Promise.reject(new Error('The PDF pool is closed'));
      if (broken) return Promise.reject(broken);
      const { passwords } = renderOpts;
      if (passwords && passwords.length !== docs.length) {
        return Promise.reject(new RangeError(`${passwords.length} passwords for ${docs.length} documents`));
      }
      if (docs.length === 0) return Promise.resolve([]);
      return new Promise<Buffer[]>((resolve, reject) => {
        const call: Call = {
          results: new Array(docs.length),
          left: docs.length,
          failed: false,
          resolve,
          reject,
        };
        const size = Math.min(MAX_CHUNK, Math.ceil(docs.length / (threads * 4)));
        for (let start = 0; start < docs.length; start += size) {
          const request: PoolRequest = {
            docs: docs.slice(start, start + size),
            passwords: passwords ? passwords.slice(start, start + size).map((p) => p ?? null) : null,
          };
          queue.push({ call, start, request });
        }
        pump();
      });
    },
    async close() {
      closed = true;
      for (const chunk of queue.splice(0)) fail(chunk.call, new Error('The PDF pool was closed'));
      const all = [...idle, ...working.keys()];
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
