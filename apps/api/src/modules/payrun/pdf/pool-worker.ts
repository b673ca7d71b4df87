import { renderPayslipPdf } from './payslip-pdf';
import type { PoolReply, PoolRequest } from './pool';

/**
 * A worker's answer to one message: the documents rendered in order, and the buffers to transfer
 * with the reply (so the files cross threads without a copy). `pool-worker.mjs` posts it.
 */
export function answer(m: PoolRequest): { reply: PoolReply; transfer: ArrayBuffer[] } {
  const pdfs: Uint8Array[] = [];
  let index = 0;
  try {
    for (; index < m.docs.length; index++) {
      const password = m.passwords?.[index] ?? undefined;
      pdfs.push(owned(renderPayslipPdf(m.docs[index]!, { password })));
    }
  } catch (e) {
    return { reply: { error: e instanceof Error ? e.message : String(e), index }, transfer: [] };
  }
  return { reply: { pdfs }, transfer: pdfs.map((p) => p.buffer as ArrayBuffer) };
}

/**
 * The bytes in an ArrayBuffer of their own, so that it can be transferred: a small Buffer may be a
 * slice of Node's shared pool, and transferring that would take the pool away from this thread.
 */
function owned(b: Buffer): Uint8Array {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength) return new Uint8Array(b.buffer);
  return new Uint8Array(b);
}
