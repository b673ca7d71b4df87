import type { Form16Issue, MyForm16 } from '@hr/contract';
import { computeForm16, financialYearMonths } from '@hr/payroll-engine';
import type { Db, Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { FieldCrypto } from '../../lib/field-crypto';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import type { JobRunner } from '../jobs';
import { companyToday } from '../org';
import { companyOf, confirmedPayslipsOfYear, employeesPaidInYear, readPayrunSettings } from '../payrun';
import { declarationsForPayRun } from '../tax';
import { type Form16Document, renderForm16Pdf } from './form16-pdf';

/**
 * Form 16 Part B (issue 23): issued per employee and financial year from the year's confirmed
 * payslips (module payrun) and the employee's submitted declaration (module tax), in chunks on the
 * job runner like the payslip PDFs (ADR 0018). Each certificate is one row per employee and year,
 * stored as the document it was issued with; issuing again bumps the year's generation and each
 * chunk replaces the rows of an older generation, so a retried chunk or a second request never adds
 * a row or a second mail.
 */

export const FORM16_ISSUE_JOB = 'form16-issue';
/** Certificates a chunk makes: a crash loses little; each one is a few queries' worth of rows. */
export const FORM16_CHUNK = 50;

type Log = { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };

export type Form16Deps = {
  db: Db;
  crypto: FieldCrypto;
  audit: AuditService;
  jobs: JobRunner | null;
  clock: { now(): Date };
  appUrl: string;
  log?: Log;
  chunk?: number;
};

export type Form16File = { body: Buffer; file_name: string };

const assessmentYear = (fy: string) => {
  const y = Number(fy.slice(0, 4));
  return `${y + 1}-${String((y + 2) % 100).padStart(2, '0')}`;
};

/** '2026-27' → 31 Mar 2027, the day the year ends. */
const yearEnd = (fy: string) => `${Number(fy.slice(0, 4)) + 1}-03-31`;

type IssueRow = {
  status: 'issuing' | 'issued';
  generation: number;
  employees: number;
  started_at: string;
  finished_at: string | null;
};

async function issueRow(tx: Queryable, fy: string, lock = false): Promise<IssueRow | null> {
  const { rows } = await tx.query<IssueRow>(
    `SELECT status, generation, employees, started_at::text, finished_at::text FROM form16_issues
      WHERE financial_year = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [fy],
  );
  return rows[0] ?? null;
}

async function confirmedMonths(tx: Queryable, fy: string): Promise<string[]> {
  const months = financialYearMonths(fy);
  const { rows } = await tx.query<{ month: string }>(
    `SELECT to_char(month, 'YYYY-MM') AS month FROM pay_runs
      WHERE status = 'confirmed' AND month BETWEEN $1::date AND $2::date ORDER BY month`,
    [`${months[0]}-01`, `${months[11]}-01`],
  );
  return rows.map((r) => r.month);
}

async function progressOf(tx: Queryable, fy: string): Promise<Form16Issue> {
  const row = await issueRow(tx, fy);
  const months = await confirmedMonths(tx, fy);
  const issued = row
    ? (
        await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM form16_documents WHERE financial_year = $1 AND generation = $2',
          [fy, row.generation],
        )
      ).rows[0]!.n
    : 0;
  return {
    financial_year: fy,
    assessment_year: assessmentYear(fy),
    status: row?.status ?? 'none',
    employees: row?.employees ?? (await employeesPaidInYear(tx, fy)).length,
    issued,
    confirmed_months: months,
    started_at: row?.started_at ?? null,
    finished_at: row?.finished_at ?? null,
  };
}

type Person = { id: string; first_name: string; email: string | null; pan_enc: string | null };

/** Makes up to `limit` certificates of the year still missing or of an older generation; returns how many. */
export async function issueForm16Chunk(deps: Form16Deps, companyId: string, fy: string): Promise<number> {
  const limit = deps.chunk ?? FORM16_CHUNK;
  return deps.db.tenant(companyId, async (tx) => {
    // The year's row orders chunks against each other and against a new request (no SKIP LOCKED:
    // the rows are few and a chunk is short).
    const issue = await issueRow(tx, fy, true);
    if (issue?.status !== 'issuing') return 0;
    const all = await employeesPaidInYear(tx, fy);
    const { rows: done } = await tx.query<{ employee_id: string }>(
      'SELECT employee_id FROM form16_documents WHERE financial_year = $1 AND generation = $2',
      [fy, issue.generation],
    );
    const have = new Set(done.map((r) => r.employee_id));
    const todo = all.filter((id) => !have.has(id)).slice(0, limit);
    if (todo.length === 0) {
      await tx.query(
        `UPDATE form16_issues SET status = 'issued', finished_at = now() WHERE financial_year = $1`,
        [fy],
      );
      return 0;
    }
    const slips = await confirmedPayslipsOfYear(tx, fy, todo);
    // The certificate states the year as its last month computed it: declared or verified figures
    // as the proof window left them by March.
    const declared = await declarationsForPayRun(tx, fy, `${Number(fy.slice(0, 4)) + 1}-03`, todo);
    const company = await companyOf(tx, await readPayrunSettings(tx));
    const { today } = await companyToday(tx, deps.clock.now());
    const { rows: people } = await tx.query<Person & { designation: string | null }>(
      'SELECT id, first_name, email, pan_enc FROM employees WHERE id = ANY($1::uuid[])',
      [todo],
    );
    const personOf = new Map(people.map((p) => [p.id, p]));
    const docs = todo.map((id) => {
      const mine = slips.filter((s) => s.employee_id === id);
      const last = mine[mine.length - 1]!;
      const d = declared.get(id);
      // The submitted declaration (proofs may have changed it after the last payslip); without one,
      // what the last payslip's TDS used.
      const figures = computeForm16({
        financialYear: fy,
        regime: d?.regime ?? last.regime,
        dateOfBirth: last.date_of_birth,
        months: mine.map((s) => ({
          month: s.month,
          grossPaise: s.gross_paise,
          taxable: s.taxable,
          tdsPaise: s.tds_paise,
          perquisites: s.perquisites,
        })),
        declarations: (d ? d.declarations : last.declarations) ?? undefined,
        previousEmployer: (d ? d.previousEmployer : last.previous_employer) ?? undefined,
      });
      const { steps: _steps, ...kept } = figures;
      const p = personOf.get(id);
      const doc: Form16Document = {
        employer: company,
        employee: {
          id,
          code: last.employee.code,
          name: last.employee.name,
          pan: p?.pan_enc ? deps.crypto.decrypt(p.pan_enc) : null,
          designation: last.employee.designation,
        },
        period: { from: mine[0]!.month, to: last.month },
        figures: kept,
        issued_on: today,
      };
      return doc;
    });
    const { rows: written } = await tx.query<{ employee_id: string; first: boolean }>(
      `INSERT INTO form16_documents (company_id, employee_id, financial_year, generation, document)
       SELECT $1, x.employee_id, $2, $3, x.document
         FROM jsonb_to_recordset($4::jsonb) AS x(employee_id uuid, document jsonb)
       ON CONFLICT (company_id, employee_id, financial_year) DO UPDATE
          SET document = excluded.document, generation = excluded.generation, issued_at = now()
        WHERE form16_documents.generation < excluded.generation
       RETURNING employee_id, mailed_at IS NULL AS first`,
      [
        companyId,
        fy,
        issue.generation,
        JSON.stringify(docs.map((d) => ({ employee_id: d.employee.id, document: d }))),
      ],
    );
    // One mail per employee and year: when the certificate is first issued. A re-issue replaces the
    // file behind the same link.
    const mailed: string[] = [];
    for (const w of written) {
      const p = personOf.get(w.employee_id);
      if (!w.first || !p?.email) continue;
      await tx.query('INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ($1, $2, $3)', [
        p.email,
        `Your Form 16 for financial year ${fy}`,
        form16Mail(p.first_name, fy, deps.appUrl),
      ]);
      mailed.push(w.employee_id);
    }
    if (mailed.length > 0) {
      await tx.query(
        `UPDATE form16_documents SET mailed_at = now() WHERE financial_year = $1 AND employee_id = ANY($2::uuid[])`,
        [fy, mailed],
      );
    }
    // What this chunk wrote: never 0 while some are missing (each was missing or older), but were it
    // so, the loop stops rather than taking the same employees for ever.
    return written.length;
  });
}

/** The mail links to the documents page; no PDF, no PAN and no amount (as the payslip mail, ADR 0018). */
export function form16Mail(firstName: string, fy: string, appUrl: string): string {
  return [
    `Hello ${firstName},`,
    '',
    `Your Form 16 (Part B) for financial year ${fy} (assessment year ${assessmentYear(fy)}) is ready. Sign in to download it:`,
    `${appUrl}/user/documents/form16`,
    '',
    'This mail was sent by your payroll team.',
  ].join('\n');
}

/** Chunks until none is left (the last one marks the year issued). */
export async function issueForm16(deps: Form16Deps, companyId: string, fy: string): Promise<void> {
  for (;;) {
    const n = await issueForm16Chunk(deps, companyId, fy);
    if (n === 0) return;
    deps.log?.info?.({ fy, certificates: n }, 'Form 16 certificates issued');
  }
}

export function defineForm16Jobs(jobs: JobRunner, deps: Form16Deps): void {
  jobs.define<{ companyId: string; fy: string }>({
    name: FORM16_ISSUE_JOB,
    description: 'Form 16: issue the certificates of a financial year and mail the employees',
    retryLimit: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    handler: ({ companyId, fy }) => issueForm16(deps, companyId, fy),
  });
}

export function createForm16Service(deps: Form16Deps) {
  const { db, audit } = deps;

  const start = async (companyId: string, fy: string) => {
    if (deps.jobs?.started) {
      await deps.jobs.send(FORM16_ISSUE_JOB, { companyId, fy });
      return;
    }
    setImmediate(() => {
      issueForm16(deps, companyId, fy).catch((err) => deps.log?.error({ err, fy }, 'Form 16 issuing failed'));
    });
  };

  const documentOf = async (companyId: string, employeeId: string, fy: string) => {
    const { rows } = await db.tenant(companyId, (tx) =>
      tx.query<{ document: Form16Document }>(
        'SELECT document FROM form16_documents WHERE employee_id = $1 AND financial_year = $2',
        [employeeId, fy],
      ),
    );
    return rows[0]?.document ?? null;
  };
  const fileOf = (doc: Form16Document, fy: string): Form16File => ({
    body: renderForm16Pdf(doc),
    file_name: `form16-${fy}-${doc.employee.code.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`,
  });

  return {
    status: (actor: Actor, fy: string): Promise<Form16Issue> =>
      db.tenant(actor.companyId, (tx) => progressOf(tx, fy)),

    /**
     * Starts issuing the year's certificates and answers at once with the progress. A year not yet
     * ended, or without a confirmed pay run, is 409 in words. While the year is being issued a second
     * request starts nothing (the year's row lock orders them); `reissue` makes every certificate again.
     */
    issue: async (
      actor: Actor,
      fy: string,
      opts: { reissue?: boolean } = {},
    ): Promise<{ issue: Form16Issue; message: string; started: boolean }> => {
      const r = await db.tenant(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, deps.clock.now());
        if (today <= yearEnd(fy)) {
          throw new AppError(
            'CONFLICT',
            `Form 16 for ${fy} is issued after the year ends on 31 Mar ${fy.slice(0, 2)}${fy.slice(5, 7)}`,
          );
        }
        const employees = await employeesPaidInYear(tx, fy);
        if (employees.length === 0) {
          throw new AppError(
            'CONFLICT',
            `No confirmed pay run in financial year ${fy}: Form 16 is made from the year's confirmed payslips`,
          );
        }
        // Serialises requests for the year: the first inserts the row; another waits on its lock and
        // then finds it issuing, so the same request twice at once starts one issuing.
        const { rows: inserted } = await tx.query(
          `INSERT INTO form16_issues (company_id, financial_year, status, employees, requested_by)
           VALUES ($1, $2, 'issuing', $3, $4) ON CONFLICT DO NOTHING RETURNING generation`,
          [actor.companyId, fy, employees.length, actor.userId],
        );
        if (inserted.length === 0) {
          const row = (await issueRow(tx, fy, true))!;
          if (row.status === 'issuing') return { kind: 'busy' as const };
          const { rows } = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM form16_documents WHERE financial_year = $1 AND generation = $2',
            [fy, row.generation],
          );
          if (!opts.reissue && employees.length - rows[0]!.n <= 0) return { kind: 'done' as const };
          // Missing ones only (an employee paid since), or every certificate again (a new generation).
          await tx.query(
            `UPDATE form16_issues SET status = 'issuing', employees = $2, requested_by = $3, started_at = now(),
                    finished_at = NULL, generation = generation + $4 WHERE financial_year = $1`,
            [fy, employees.length, actor.userId, opts.reissue ? 1 : 0],
          );
        }
        await audit.record(tx, {
          actor,
          action: 'form16.issuing',
          entity: 'form16',
          entity_id: null,
          changes: { financial_year: fy, employees: employees.length, reissue: opts.reissue === true },
        });
        return { kind: 'started' as const };
      });
      // Busy: a job is sent again as well, so that an issuing whose job gave up is resumed by asking
      // again; chunks run one at a time under the year's row lock and take only what is missing.
      if (r.kind !== 'done') await start(actor.companyId, fy);
      const issue = await db.tenant(actor.companyId, (tx) => progressOf(tx, fy));
      const message =
        r.kind === 'started'
          ? `Issuing Form 16 for ${fy} to ${issue.employees} employees from the confirmed payslips of ${issue.confirmed_months.length} months. Each employee gets a mail with a link when theirs is ready.`
          : r.kind === 'busy'
            ? `Form 16 for ${fy} is being issued now: ${issue.issued} of ${issue.employees} done; none is made twice`
            : `Form 16 for ${fy} is already issued to all ${issue.employees} employees; nothing was made again (Issue again makes them from today's payslips and declarations)`;
      return { issue, message, started: r.kind === 'started' };
    },

    /** An administrator's download of one employee's certificate (audited: it shows pay and PAN). */
    adminPdf: async (actor: Actor, fy: string, employeeId: string): Promise<Form16File> => {
      const doc = await documentOf(actor.companyId, employeeId, fy);
      if (!doc) throw notFound('Form 16');
      await db.tenant(actor.companyId, (tx) =>
        audit.record(tx, {
          actor,
          action: 'form16.downloaded',
          entity: 'employee',
          entity_id: employeeId,
          changes: { financial_year: fy },
        }),
      );
      return fileOf(doc, fy);
    },

    /** The signed-in employee's certificates, latest year first. */
    mine: async (actor: Actor): Promise<MyForm16[]> => {
      if (!actor.employeeId) return [];
      const { rows } = await db.tenant(actor.companyId, (tx) =>
        tx.query<{ financial_year: string; issued_at: string }>(
          `SELECT financial_year, to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS issued_at
             FROM form16_documents WHERE employee_id = $1 ORDER BY financial_year DESC`,
          [actor.employeeId],
        ),
      );
      return rows.map((r) => ({ ...r, assessment_year: assessmentYear(r.financial_year) }));
    },

    /** The signed-in employee's own certificate; none (or anyone else's) is 404. */
    myPdf: async (actor: Actor, fy: string): Promise<Form16File> => {
      const doc = actor.employeeId ? await documentOf(actor.companyId, actor.employeeId, fy) : null;
      if (!doc) throw notFound('Form 16');
      return fileOf(doc, fy);
    },
  };
}
export type Form16Service = ReturnType<typeof createForm16Service>;
