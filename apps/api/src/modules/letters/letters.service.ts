import {
  type AdminLetterListQuery,
  LETTER_MAX_BYTES,
  LETTER_STATUS_LABELS,
  LETTER_TYPE_LABELS,
  type Letter,
  type LetterListQuery,
  type LetterUploadFields,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { auditOf } from '../approvals';
import * as repo from './letters.repo';

export type Upload = { name: string; data: Buffer };

/**
 * What this module needs of the files module (passed in by app.ts): storing an employee document
 * (it checks the type by magic bytes, the size and the caller's right to write for the employee
 * before storing) and reading one back within the caller's data scope.
 */
export type DocumentFiles = {
  addDocument(
    actor: Actor,
    fields: { employee_id: string; title: string },
    file: Upload,
  ): Promise<{ id: string; file_name: string }>;
  download(
    actor: Actor,
    documentId: string,
  ): Promise<{ data: Buffer; fileName: string; contentType: string }>;
  removeDocument(actor: Actor, documentId: string): Promise<void>;
};

const PDF_MAGIC = Buffer.from('%PDF-');
const MiB = (n: number) => `${n / (1024 * 1024)} MiB`;

/** A letter is a PDF: checked on its first bytes (the name and declared type are not trusted). */
export function checkLetterFile(file: Upload): void {
  if (file.data.length === 0) {
    throw new AppError('VALIDATION', 'The file is empty', {
      errors: [{ path: 'file', message: 'Empty file' }],
    });
  }
  if (file.data.length > LETTER_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The letter is larger than ${MiB(LETTER_MAX_BYTES)}`);
  }
  if (!file.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A letter must be a PDF file', {
      errors: [{ path: 'file', message: 'Not a PDF' }],
    });
  }
}

export function present(r: repo.LetterRow, actor: Actor): Letter {
  const own = r.employee_id === actor.employeeId && r.status === 'pending';
  const { document_id: _d, file_name, ...rest } = r;
  return {
    ...rest,
    file_name: file_name ?? '',
    download_url: `/api/employee/letters/${r.id}/download`,
    abilities: { accept: own, reject: own },
  };
}

const scopeOf = (actor: Actor) => ({ scope: actor.scope, employeeId: actor.employeeId });

export function createLettersService(deps: { db: Db; files: DocumentFiles }) {
  const { db, files } = deps;

  async function itemOf(tx: Queryable, id: string, actor: Actor) {
    const row = await repo.getLetter(tx, id);
    if (!row) throw notFound('Letter');
    return present(row, actor);
  }

  const requireCompanyScope = (actor: Actor) => {
    if (actor.scope !== 'company') throw forbidden();
  };

  async function respond(actor: Actor, id: string, status: 'accepted' | 'rejected', reason: string | null) {
    return db.tenant(actor.companyId, async (tx) => {
      const row = await repo.getLetter(tx, id, true);
      if (!row || !actor.employeeId || row.employee_id !== actor.employeeId) throw notFound('Letter');
      if (!(await repo.respond(tx, id, status, reason))) {
        throw new AppError(
          'CONFLICT',
          `This letter is already ${LETTER_STATUS_LABELS[row.status].toLowerCase()}`,
        );
      }
      await auditOf(tx, actor, {
        action: `letter.${status}`,
        entity: 'letter',
        entity_id: id,
        changes: { reason },
      });
      return itemOf(tx, id, actor);
    });
  }

  return {
    /** An administrator issues a letter: the PDF is checked before anything is stored. */
    async issue(actor: Actor, fields: LetterUploadFields, file: Upload): Promise<Letter> {
      requireCompanyScope(actor);
      checkLetterFile(file);
      const known = await db.tenant(actor.companyId, (tx) =>
        repo.employeeInScope(tx, fields.employee_id, scopeOf(actor)),
      );
      if (!known) throw notFound('Employee');
      const doc = await files.addDocument(
        actor,
        {
          employee_id: fields.employee_id,
          title: `${LETTER_TYPE_LABELS[fields.letter_type]}: ${fields.title}`,
        },
        file,
      );
      try {
        return await db.tenant(actor.companyId, async (tx) => {
          const id = await repo.insertLetter(tx, { ...fields, document_id: doc.id, issued_by: actor.userId });
          await auditOf(tx, actor, {
            action: 'letter.issued',
            entity: 'letter',
            entity_id: id,
            changes: { ...fields, document_id: doc.id, file_name: doc.file_name },
          });
          return itemOf(tx, id, actor);
        });
      } catch (err) {
        await files.removeDocument(actor, doc.id).catch(() => undefined);
        throw err;
      }
    },

    /** The caller's own letters. */
    mine: (actor: Actor, q: LetterListQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const page = await repo.listPage(tx, { ...q, employee_id: actor.employeeId });
        return { rows: page.rows.map((r) => present(r, actor)), total: page.total };
      }),

    /** Every letter of the company (administrators). */
    all: (actor: Actor, q: AdminLetterListQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const page = await repo.listPage(tx, q);
        return { rows: page.rows.map((r) => present(r, actor)), total: page.total };
      }),

    accept: (actor: Actor, id: string) => respond(actor, id, 'accepted', null),
    reject: (actor: Actor, id: string, reason: string) => respond(actor, id, 'rejected', reason),

    /** The file: the letter's employee, or an administrator of the company (others: 404). */
    async download(actor: Actor, id: string) {
      const row = await db.tenant(actor.companyId, (tx) => repo.getLetter(tx, id));
      const allowed = row && (row.employee_id === actor.employeeId || actor.scope === 'company');
      if (!row || !allowed) throw notFound('Letter');
      if (!row.document_id) throw notFound('Letter file');
      return files.download(actor, row.document_id);
    },
  };
}
export type LettersService = ReturnType<typeof createLettersService>;
