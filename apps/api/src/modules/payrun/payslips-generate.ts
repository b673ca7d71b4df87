import { createHash } from 'node:crypto';
import type { PayRunSettings } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { FieldCrypto } from '../../lib/field-crypto';
import { payrollEmployeesIn } from '../employees';
import type { FileStore } from '../files';
import type { JobRunner } from '../jobs';
import { firstDay, lastDay, monthLabel } from './month';
import { payslipRowsOf, payslipView } from './payslip-view';
import { payslipPassword, payslipPasswordHint } from './pdf/password';
import { type PayslipPdfCompany, type PayslipPdfDoc, renderPayslipPdf } from './pdf/payslip-pdf';
import { createPdfPool, type PdfPool } from './pdf/pool';
import { readPayrunSettings } from './settings';

/**
 * Payslip PDFs of a confirmed run (issue 22, ADR 0018): in chunks any worker can take, like compute
 * (ADR 0016). A chunk claims payslips that have no file yet `FOR UPDATE SKIP LOCKED`, renders them
 * from the stored payslip (never computed again), writes each under a key made of the company and
 * the payslip id, and in the same transaction records them in `payslip_files` and queues the mails.
 * A crash rolls the chunk back: the retry writes the same keys again, so there is never a second
 * file, a second row or a second mail for a payslip.
 *
 * Generated again (`regenerate`), every file of the run is marked outdated and the chunks take those
 * payslips too: the new file is written under the payslip's other key, the row is pointed at it in
 * the chunk's transaction, and the old file is removed once that has committed. A payslip always has
 * one whole file to download, and a retry writes the same other key again.
 */

export const PAYRUN_PAYSLIPS_JOB = 'payrun-payslips';

/** Payslips a chunk takes: small enough that a crash loses little, large enough to keep two threads busy. */
export const PAYSLIP_CHUNK = 100;
/** Chunks one job takes at most; a large run is sent as several jobs so that workers share it. */
const CHUNKS_PER_JOB = 5;

type Log = {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
};

/** Renders documents (in order), each with its password or none. */
export type PdfRenderer = (docs: PayslipPdfDoc[], passwords: (string | null)[] | null) => Promise<Buffer[]>;

export type PayslipGenDeps = {
  db: Db;
  store: FileStore;
  crypto: FieldCrypto;
  /** The app's address, for the link in the mail. */
  appUrl: string;
  render: PdfRenderer;
  log?: Log;
  /** Payslips a chunk takes (default PAYSLIP_CHUNK; tests make it small to get several chunks). */
  chunk?: number;
};

/** Renders on this thread: for tests and for processes that make few payslips. */
export const renderHere: PdfRenderer = async (docs, passwords) =>
  docs.map((d, i) => renderPayslipPdf(d, passwords?.[i] ? { password: passwords[i]! } : {}));

/**
 * Renders on worker threads (ADR 0018), the pool started on first use so that a process that never
 * makes payslips starts no threads. `close` ends them (the app's onClose).
 */
export function pooledRenderer(threads: number): { render: PdfRenderer; close(): Promise<void> } {
  let pool: PdfPool | null = null;
  return {
    render: (docs, passwords) => {
      pool ??= createPdfPool({ threads });
      return pool.render(docs, passwords ? { passwords } : {});
    },
    close: async () => {
      await pool?.close();
      pool = null;
    },
  };
}

/** The key of a payslip's file: always the same for a payslip, so a retry overwrites, never adds. */
export const payslipFileKey = (companyId: string, payslipId: string) =>
  `${companyId.toLowerCase()}/${payslipId.toLowerCase()}`;

/**
 * Where a payslip's next file goes: its first key, or, when the file being replaced is there, its
 * second key (a uuid-shaped digest of the payslip id, as the file store's keys must be). The two take
 * turns, so a file made again never overwrites the one still being downloaded, and a retried chunk
 * writes the same key as before.
 */
export function nextPayslipFileKey(companyId: string, payslipId: string, current: string | null): string {
  const first = payslipFileKey(companyId, payslipId);
  if (current !== first) return first;
  const h = createHash('sha256').update(`payslip-file:${payslipId.toLowerCase()}`).digest('hex');
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return `${companyId.toLowerCase()}/${uuid}`;
}

export async function companyOf(tx: Queryable, settings: PayRunSettings): Promise<PayslipPdfCompany> {
  const { rows } = await tx.query<{ name: string }>('SELECT hr_company_name() AS name');
  const address = [
    settings.address_line1,
    settings.address_line2,
    [settings.city, settings.state, settings.postal_code].filter(Boolean).join(', '),
  ].filter((l): l is string => !!l);
  return {
    name: rows[0]?.name ?? '',
    legal_name: settings.legal_name,
    address,
    pan: settings.pan,
    tan: settings.tan,
  };
}

type Person = {
  id: string;
  first_name: string;
  email: string | null;
  pan_enc: string | null;
  date_of_birth: string | null;
};

/**
 * Makes the PDFs of up to `limit` payslips of the run that have none yet or an outdated one; returns
 * how many it took (0: none left for this worker).
 */
export async function generatePayslipChunk(
  deps: PayslipGenDeps,
  companyId: string,
  runId: string,
  limit = deps.chunk ?? PAYSLIP_CHUNK,
): Promise<number> {
  const { taken, replaced } = await deps.db.tenant(companyId, async (tx) => {
    const { rows: taken } = await tx.query<{ id: string; employee_id: string }>(
      `SELECT p.id, p.employee_id FROM payslips p
        WHERE p.run_id = $1 AND p.confirmed AND p.status = 'computed'
          AND NOT EXISTS (SELECT 1 FROM payslip_files f WHERE f.payslip_id = p.id AND NOT f.outdated)
        ORDER BY p.id LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
      [runId, limit],
    );
    if (taken.length === 0) return { taken: 0, replaced: [] };
    // A payslip whose file another worker committed after this statement's snapshot can still be
    // locked here (its row was free again); a fresh statement sees that file, so it is left out.
    const { rows: existing } = await tx.query<{
      payslip_id: string;
      file_key: string;
      outdated: boolean;
      mailed: boolean;
    }>(
      `SELECT payslip_id, file_key, outdated, mailed_at IS NOT NULL AS mailed
         FROM payslip_files WHERE payslip_id = ANY($1::uuid[])`,
      [taken.map((t) => t.id)],
    );
    const already = new Set(existing.filter((r) => !r.outdated).map((r) => r.payslip_id));
    const old = new Map(existing.filter((r) => r.outdated).map((r) => [r.payslip_id, r]));
    const todo = taken.filter((t) => !already.has(t.id));
    if (todo.length === 0) return { taken: taken.length, replaced: [] };

    const settings = await readPayrunSettings(tx);
    const company = await companyOf(tx, settings);
    const docs: PayslipPdfDoc[] = [];
    // The chunk's payslips and their employees' records in two reads, not two a payslip.
    const ids = todo.map((t) => t.employee_id);
    const rowOf = new Map((await payslipRowsOf(tx, runId, ids)).map((r) => [r.employee_id, r]));
    const month = rowOf.values().next().value?.month;
    const currentOf = new Map(
      month
        ? (await payrollEmployeesIn(tx, firstDay(month), lastDay(month), { ids })).rows.map((e) => [e.id, e])
        : [],
    );
    for (const t of todo) {
      const row = rowOf.get(t.employee_id);
      if (!row) throw notFound('Payslip');
      const current = currentOf.get(t.employee_id) ?? null;
      docs.push({ company, payslip: await payslipView(tx, row, { previous: false, current }) });
    }
    const { rows: people } = await tx.query<Person>(
      `SELECT id, first_name, email, pan_enc, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth
         FROM employees WHERE id = ANY($1::uuid[])`,
      [todo.map((t) => t.employee_id)],
    );
    const personOf = new Map(people.map((p) => [p.id, p]));
    const facts = docs.map((d) => {
      const p = personOf.get(d.payslip.employee.id);
      return {
        pan: p?.pan_enc ? deps.crypto.decrypt(p.pan_enc) : null,
        dateOfBirth: p?.date_of_birth ?? null,
        employeeCode: d.payslip.employee.code,
      };
    });
    const passwords = settings.payslip_password ? facts.map((f) => payslipPassword(f)) : null;
    const hints = settings.payslip_password ? facts.map((f) => payslipPasswordHint(f).hint) : null;
    const pdfs = await deps.render(docs, passwords);

    // The files first, then the rows that point at them (commit): a crash in between leaves files
    // that the retry writes again under the same keys. A file made again goes beside the outdated one.
    const files = docs.map((d, i) => ({
      payslip_id: d.payslip.id,
      file_key: nextPayslipFileKey(companyId, d.payslip.id, old.get(d.payslip.id)?.file_key ?? null),
      bytes: pdfs[i]!.length,
      password_hint: hints?.[i] ?? null,
    }));
    for (const [i, f] of files.entries()) {
      await deps.store.remove(f.file_key);
      await deps.store.put(f.file_key, pdfs[i]!);
    }
    // A payslip keeps its first mail: one made again is mailed only if it never was (mail was off).
    const { rows: written } = await tx.query<{ payslip_id: string }>(
      `INSERT INTO payslip_files (payslip_id, company_id, run_id, file_key, bytes, password_protected, password_hint, mailed_at)
       SELECT x.payslip_id, $1, $2, x.file_key, x.bytes, x.password_hint IS NOT NULL, x.password_hint,
              CASE WHEN $4::boolean THEN now() END
         FROM jsonb_to_recordset($3::jsonb) AS x(payslip_id uuid, file_key text, bytes int, password_hint text)
       ON CONFLICT (payslip_id) DO UPDATE SET file_key = excluded.file_key, bytes = excluded.bytes,
              password_protected = excluded.password_protected, password_hint = excluded.password_hint,
              generated_at = now(), outdated = false, mailed_at = coalesce(payslip_files.mailed_at, excluded.mailed_at)
        WHERE payslip_files.outdated
       RETURNING payslip_id`,
      [companyId, runId, JSON.stringify(files), settings.mail_payslips],
    );
    const done = new Set(written.map((r) => r.payslip_id));
    if (settings.mail_payslips) {
      for (const [i, d] of docs.entries()) {
        const p = personOf.get(d.payslip.employee.id);
        if (!done.has(d.payslip.id) || old.get(d.payslip.id)?.mailed || !p?.email) continue;
        await tx.query('INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ($1, $2, $3)', [
          p.email,
          `Your payslip for ${monthLabel(d.payslip.month)}`,
          payslipMail(p.first_name, d.payslip.month, deps.appUrl, hints?.[i] ?? null),
        ]);
      }
    }
    // Their new files went under the other key (nextPayslipFileKey), so these are the old files only.
    const replaced = [...done].flatMap((id) => old.get(id)?.file_key ?? []);
    return { taken: taken.length, replaced };
  });
  // The replaced files go only once their rows point at the new ones (committed). A crash before
  // this leaves an old file behind, which the next generation's write to that key removes.
  for (const key of replaced) {
    await deps.store
      .remove(key)
      .catch((err) => deps.log?.error({ err, runId }, 'an outdated payslip file could not be removed'));
  }
  return taken;
}

/**
 * The mail says that the payslip is ready and where to download it. It carries no PDF, no PAN and
 * no amount: a mailbox is read on many devices and forwarded, and the file stays behind sign-in.
 */
export function payslipMail(firstName: string, month: string, appUrl: string, hint: string | null): string {
  return [
    `Hello ${firstName},`,
    '',
    `Your payslip for ${monthLabel(month)} is ready. Sign in to view it and download the PDF:`,
    `${appUrl}/user/documents/payslips`,
    ...(hint ? ['', `The PDF is protected with a password. ${hint}`] : []),
    '',
    'This mail was sent by your payroll team.',
  ].join('\n');
}

/**
 * Marks the run's payslips generated when every payslip has its file (whoever commits the last
 * chunk gets here with none missing); true when they are all done.
 */
export async function finishPayslips(db: Db, companyId: string, runId: string): Promise<boolean> {
  return db.tenant(companyId, async (tx) => {
    const { rows } = await tx.query<{ missing: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = $1 AND p.status = 'computed'
                       AND NOT EXISTS (SELECT 1 FROM payslip_files f
                                        WHERE f.payslip_id = p.id AND NOT f.outdated)) AS missing`,
      [runId],
    );
    if (rows[0]!.missing) return false;
    await tx.query(
      `UPDATE pay_runs SET payslips_status = 'generated', payslips_generated_at = now(), updated_at = now()
        WHERE id = $1 AND payslips_status <> 'generated'`,
      [runId],
    );
    return true;
  });
}

/** Chunks until none is left for this worker (or `maxChunks`), then finishes the run if all are done. */
export async function generatePayslips(
  deps: PayslipGenDeps,
  companyId: string,
  runId: string,
  opts: { maxChunks?: number } = {},
): Promise<{ finished: boolean }> {
  let taken = 0;
  while (opts.maxChunks === undefined || taken < opts.maxChunks) {
    taken++;
    const n = await generatePayslipChunk(deps, companyId, runId);
    if (n === 0) break;
    deps.log?.info?.({ runId, payslips: n, pid: process.pid }, 'payslip PDFs written');
  }
  return { finished: await finishPayslips(deps.db, companyId, runId) };
}

export function definePayslipJobs(jobs: JobRunner, deps: PayslipGenDeps): void {
  jobs.define<{ companyId: string; runId: string }>({
    name: PAYRUN_PAYSLIPS_JOB,
    description: 'Pay run: write the payslip PDFs of a confirmed run and mail the employees',
    retryLimit: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    handler: async ({ companyId, runId }) => {
      const { finished } = await generatePayslips(deps, companyId, runId, { maxChunks: CHUNKS_PER_JOB });
      // Payslips still without a file after this job's share: one more job, so no run is left generating.
      if (!finished) await jobs.send(PAYRUN_PAYSLIPS_JOB, { companyId, runId });
    },
  });
}

/**
 * Starts generating: on the job runner when it runs in this process (one job per share, so workers
 * split a large run), otherwise in this process's background.
 */
export async function startPayslips(
  jobs: JobRunner | null,
  deps: PayslipGenDeps,
  companyId: string,
  runId: string,
  payslips: number,
): Promise<void> {
  if (jobs?.started) {
    const sends = Math.max(1, Math.ceil(payslips / (deps.chunk ?? PAYSLIP_CHUNK) / CHUNKS_PER_JOB));
    for (let i = 0; i < sends; i++) await jobs.send(PAYRUN_PAYSLIPS_JOB, { companyId, runId });
    return;
  }
  setImmediate(() => {
    generatePayslips(deps, companyId, runId).catch((err) =>
      deps.log?.error({ err, runId }, 'payslip generation failed'),
    );
  });
}
