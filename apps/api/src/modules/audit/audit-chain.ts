import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';

/** What the first entry of a company chains from (migration 0018). */
export const GENESIS_HASH = '0'.repeat(64);
const PAGE = 2000;

export type BrokenLink = { companyId: string; entryId: string; seq: number; reason: string };
export type ChainReport = { companies: number; entries: number; broken: BrokenLink[] };

type Row = { id: string; seq: string | number; prev_hash: string; hash: string; canonical: string };

/**
 * Walks every company's audit chain in sequence order and recomputes each link here, independently
 * of the database trigger that wrote it: sha256(previous hash + the entry's canonical text). Reports
 * the first broken link of each company: a changed entry (its hash no longer matches), a removed or
 * reordered one (a gap in the sequence, or a previous hash that is not the previous entry's).
 * Reads each company in its own tenant transaction, so forced row-level security lets it see the rows.
 */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const { rows: companies } = await db.query<{ id: string }>('SELECT id FROM companies ORDER BY id');
  const report: ChainReport = { companies: companies.length, entries: 0, broken: [] };
  for (const { id: companyId } of companies) {
    let expectedSeq = 1;
    let prevHash = GENESIS_HASH;
    let broken: BrokenLink | null = null;
    while (!broken) {
      const { rows } = await db.tenant(companyId, (tx) =>
        tx.query<Row>(
          `SELECT id, seq, prev_hash, hash, audit_log_canonical(a) AS canonical
             FROM audit_log a WHERE seq >= $1 ORDER BY seq LIMIT ${PAGE}`,
          [expectedSeq],
        ),
      );
      for (const r of rows) {
        const seq = Number(r.seq);
        const reason =
          seq !== expectedSeq
            ? `entries ${expectedSeq}..${seq - 1} before it are missing`
            : r.prev_hash !== prevHash
              ? 'does not follow the previous entry (previous hash differs)'
              : createHash('sha256')
                    .update(r.prev_hash + r.canonical, 'utf8')
                    .digest('hex') !== r.hash
                ? 'was changed after it was written (hash does not match)'
                : null;
        if (reason) {
          broken = { companyId, entryId: r.id, seq, reason };
          break;
        }
        report.entries += 1;
        expectedSeq += 1;
        prevHash = r.hash;
      }
      if (rows.length < PAGE) break;
    }
    if (broken) report.broken.push(broken);
  }
  return report;
}

/** The verify command's words. */
export function describeReport(r: ChainReport): string {
  if (r.broken.length === 0) {
    return `Audit log OK: ${r.entries} entries in ${r.companies} companies, every chain intact`;
  }
  const lines = r.broken.map((b) => `  company ${b.companyId}: entry ${b.entryId} (#${b.seq}) ${b.reason}`);
  return `Audit log BROKEN in ${r.broken.length} of ${r.companies} companies (first broken link of each):\n${lines.join('\n')}`;
}
