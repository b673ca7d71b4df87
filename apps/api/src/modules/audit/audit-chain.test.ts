import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';
import { createTestDb } from '../../test/helper';
import { createAuditService } from './audit.service';
import { describeReport, GENESIS_HASH, verifyAuditChain } from './audit-chain';

let db: Db;
let drop: () => Promise<void>;
let acme: string;
let globex: string;
let preMigrationIds: string[];

/** As written by the app: through the audit service, in a tenant transaction. */
const record = (companyId: string, n: number) =>
  db.tenant(companyId, (tx) =>
    createAuditService({ db }).record(tx, {
      actor: { companyId, userId: null, ip: '10.0.0.1', requestId: `r${n}` },
      action: 'test.happened',
      entity: 'thing',
      entity_id: String(n),
      changes: { n, note: 'ünïcödé ✓' },
    }),
  );

/** As someone with the owner's rights would: past the append-only trigger. */
async function tamper(sql: string, params: unknown[]) {
  await db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  try {
    await db.query(sql, params);
  } finally {
    await db.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
  }
}

const entryIds = async (companyId: string) =>
  (
    await db.tenant(companyId, (tx) =>
      tx.query<{ id: string; seq: string }>('SELECT id, seq FROM audit_log ORDER BY seq'),
    )
  ).rows;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  // Migrate up to just before the chain, write entries the old way, then migrate the rest: the
  // migration must chain what was already there.
  const before = mkdtempSync(join(tmpdir(), 'hr-migrations-'));
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f < '0018')) {
    symlinkSync(join(MIGRATIONS_DIR, f), join(before, f));
  }
  await migrate(db, before);
  rmSync(before, { recursive: true, force: true });
  // Two bare companies: the demo seed follows the newest schema, not the one before the chain.
  await db.query("INSERT INTO companies (name) VALUES ('Acme Corp'), ('Globex Ltd')");
  const ids = await db.query<{ id: string; name: string }>('SELECT id, name FROM companies');
  acme = ids.rows.find((r) => r.name === 'Acme Corp')!.id;
  globex = ids.rows.find((r) => r.name === 'Globex Ltd')!.id;
  for (let i = 0; i < 3; i++) {
    await db.tenant(acme, (tx) =>
      tx.query(
        `INSERT INTO audit_log (company_id, action, entity, entity_id, changes, created_at)
         VALUES ($1, 'old.entry', 'thing', $2, '{"b": 1, "a": [1, 2]}', now() - interval '1 day' + $3 * interval '1 second')`,
        [acme, String(i), i],
      ),
    );
  }
  preMigrationIds = (await db.query<{ id: string }>('SELECT id FROM audit_log ORDER BY created_at')).rows.map(
    (r) => r.id,
  );
  await migrate(db);
});
afterAll(() => drop());

describe('tamper-evident audit log', () => {
  it('the migration chained the entries already there, from the genesis hash', async () => {
    const rows = await db.query<{ id: string; seq: string; prev_hash: string }>(
      'SELECT id, seq, prev_hash FROM audit_log ORDER BY seq',
    );
    expect(rows.rows.map((r) => r.id)).toEqual(preMigrationIds);
    expect(rows.rows.map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    expect(rows.rows[0]!.prev_hash).toBe(GENESIS_HASH);
    const report = await verifyAuditChain(db);
    expect(report).toEqual({ companies: 2, entries: 3, broken: [] });
  });

  it('new entries, also written at the same time, continue one unbroken chain per company', async () => {
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => record(acme, i)),
      ...Array.from({ length: 5 }, (_, i) => record(globex, i)),
    ]);
    const report = await verifyAuditChain(db);
    expect(report).toEqual({ companies: 2, entries: 28, broken: [] });
    expect(describeReport(report)).toBe('Audit log OK: 28 entries in 2 companies, every chain intact');
    expect((await entryIds(acme)).map((r) => Number(r.seq))).toEqual(
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
    expect((await entryIds(globex)).map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5]);
    // A writer cannot choose its place or hash: the trigger sets them.
    await db.tenant(globex, (tx) =>
      tx.query(
        "INSERT INTO audit_log (company_id, action, entity, seq, prev_hash, hash) VALUES ($1, 'x.y', 'z', 1, 'a', 'b')",
        [globex],
      ),
    );
    expect((await verifyAuditChain(db)).broken).toEqual([]);
  });

  it('an entry changed by the database owner is reported as the first broken link of its company', async () => {
    const target = (await entryIds(acme))[9]!;
    await tamper(`UPDATE audit_log SET changes = '{"n": 999}' WHERE id = $1`, [target.id]);
    const report = await verifyAuditChain(db);
    expect(report.broken).toEqual([
      {
        companyId: acme,
        entryId: target.id,
        seq: 10,
        reason: 'was changed after it was written (hash does not match)',
      },
    ]);
    expect(describeReport(report)).toContain(`company ${acme}: entry ${target.id} (#10)`);
  });

  it('a removed entry, or one whose hashes were rewritten, breaks the link after it', async () => {
    const rows = await entryIds(globex);
    await tamper('DELETE FROM audit_log WHERE id = $1', [rows[2]!.id]);
    // Rewriting an entry's own hash to match its new content still breaks the next link.
    await tamper(
      `UPDATE audit_log a SET action = 'x.rewritten', hash = audit_log_link(a.prev_hash, (a.*)::audit_log) WHERE id = $1`,
      [rows[4]!.id],
    );
    const report = await verifyAuditChain(db);
    expect(report.broken.find((b) => b.companyId === globex)).toEqual({
      companyId: globex,
      entryId: rows[3]!.id,
      seq: 4,
      reason: 'entries 3..3 before it are missing',
    });
  });
});
