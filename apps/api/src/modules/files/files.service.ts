import {
  DOCUMENT_MAX_BYTES,
  type DocumentUploadFields,
  type EmployeeDocument,
  PROFILE_IMAGE_MAX_BYTES,
  type ProfilePhotoResult,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import { receiptReadableByApprover, receiptsInUse } from '../expenses';
import { leaveDocumentsInUse } from '../leave';
import { isLetterDocument, letterDocumentIds } from '../letters';
import { proofDocumentsInUse } from '../tax';
import { type DetectedType, detectType, sanitiseFileName } from './detect';
import type { FileStore } from './file-store';
import * as repo from './files.repo';
import { pdfActiveContent } from './pdf-active-content';

type Deps = {
  db: Db;
  audit: AuditService;
  store: FileStore;
  log?: { warn(obj: unknown, msg: string): void };
};

export type Upload = { name: string; data: Buffer };

const MiB = (n: number) => `${n / (1024 * 1024)} MiB`;
const scopeOf = (actor: Actor) => ({ scope: actor.scope, employeeId: actor.employeeId });

/** Validates type (magic bytes), size and (a PDF) the absence of active content before anything is stored. */
function check(file: Upload, allowed: readonly DetectedType[], max: number, what: string): DetectedType {
  if (file.data.length === 0) {
    throw new AppError('VALIDATION', 'The file is empty', {
      errors: [{ path: 'file', message: 'Empty file' }],
    });
  }
  if (file.data.length > max) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MiB(max)}`);
  const type = detectType(file.data);
  if (!type || !allowed.includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${what} must be ${allowed.map(label).join(' or ')}`);
  }
  // A PDF that could run something when a colleague opens it (or that is also a web page).
  const active = type === 'application/pdf' ? pdfActiveContent(file.data) : null;
  if (active) {
    throw new AppError(
      'VALIDATION',
      `This PDF contains ${active}, which is not accepted: print or export it again as a plain PDF and upload that`,
      { errors: [{ path: 'file', message: `Contains ${active}` }] },
    );
  }
  return type;
}
const label = (t: DetectedType) => (t === 'application/pdf' ? 'PDF' : t === 'image/png' ? 'PNG' : 'JPEG');

export const photoUrl = (employeeId: string) => `/api/employee/${employeeId}/photo`;
const downloadUrl = (id: string) => `/api/employee/document/${id}/download`;

function present(
  d: repo.DocumentRow,
  kind: EmployeeDocument['kind'] = 'upload',
  canDelete = true,
): EmployeeDocument {
  const { storage_key: _k, ...rest } = d;
  return { ...rest, download_url: downloadUrl(d.id), kind, abilities: { delete: canDelete } };
}

/** Self (employee_profile.edit) may change their own documents; a company admin (employee_list.edit) anyone's. */
function writeRights(actor: Actor, employeeId: string) {
  const admin = actor.scope === 'company' && actor.permissions.includes('employee_list.edit');
  const self = employeeId === actor.employeeId && actor.permissions.includes('employee_profile.edit');
  return { admin, self };
}

/**
 * Of these documents, the ones a request still relies on, with words for why (each owning module
 * answers for its own requests): the receipt of a submitted, approved or paid claim, the document
 * attached to a pending or approved leave request. Those are kept: a decided claim without its receipt, or
 * a leave request its approver can no longer check, is a record with a hole in it.
 */
async function documentsInUse(tx: Queryable, documentIds: string[]): Promise<Map<string, string>> {
  const [receipts, leave, proofs] = await Promise.all([
    receiptsInUse(tx, documentIds),
    leaveDocumentsInUse(tx, documentIds),
    proofDocumentsInUse(tx, documentIds),
  ]);
  return new Map([...proofs, ...leave, ...receipts]);
}

export function createFilesService(deps: Deps) {
  const { db, audit, store } = deps;

  /** Self (employee_profile.edit) or a company admin (employee_list.edit); 404 outside scope. */
  async function writeTarget(tx: Queryable, actor: Actor, employeeId: string) {
    const row = await repo.findEmployee(tx, employeeId, scopeOf(actor));
    if (!row) throw notFound('Employee');
    const { self, admin } = writeRights(actor, employeeId);
    if (!self && !admin) throw forbidden();
    return row;
  }

  /** Best effort: an orphaned file is harmless, a failed request because of cleanup is not. */
  async function discard(key: string) {
    try {
      await store.remove(key);
    } catch (err) {
      deps.log?.warn({ err, key }, 'could not remove a stored file');
    }
  }

  /** Stores the bytes, runs `fn` in the tenant transaction, removes the bytes if it fails. */
  async function withStored<T>(
    actor: Actor,
    data: Buffer,
    before: (tx: Queryable) => Promise<void>,
    fn: (tx: Queryable, key: string) => Promise<T>,
  ) {
    const key = store.newKey(actor.companyId);
    let stored = false;
    try {
      return await db.tenant(actor.companyId, async (tx) => {
        await before(tx);
        await store.put(key, data);
        stored = true;
        return fn(tx, key);
      });
    } catch (err) {
      if (stored) await discard(key);
      throw err;
    }
  }

  return {
    async setProfilePhoto(
      actor: Actor,
      employeeId: string | undefined,
      file: Upload,
    ): Promise<ProfilePhotoResult> {
      check(file, ['image/png', 'image/jpeg'], PROFILE_IMAGE_MAX_BYTES, 'A profile photo');
      const id = employeeId ?? actor.employeeId;
      if (!id) throw notFound('Employee');
      const old = await withStored(
        actor,
        file.data,
        async (tx) => {
          await writeTarget(tx, actor, id);
        },
        async (tx, key) => {
          const previous = await repo.setProfileImage(tx, id, key);
          await audit.record(tx, {
            actor,
            action: 'file.profile_photo_changed',
            entity: 'employee',
            entity_id: id,
            changes: { size_bytes: file.data.length },
          });
          return previous;
        },
      );
      if (old) await discard(old);
      return { employee_id: id, profile_image_url: photoUrl(id) };
    },

    async photo(actor: Actor, employeeId: string): Promise<{ data: Buffer; type: DetectedType }> {
      const row = await db.tenant(actor.companyId, (tx) => repo.findEmployee(tx, employeeId, scopeOf(actor)));
      if (!row?.profile_image) throw notFound('Photo');
      const data = await store.get(row.profile_image);
      const type = data && detectType(data);
      if (!data || !type) throw notFound('Photo');
      return { data, type };
    },

    async addDocument(actor: Actor, fields: DocumentUploadFields, file: Upload): Promise<EmployeeDocument> {
      const type = check(
        file,
        ['application/pdf', 'image/png', 'image/jpeg'],
        DOCUMENT_MAX_BYTES,
        'A document',
      );
      const row = await withStored(
        actor,
        file.data,
        async (tx) => {
          await writeTarget(tx, actor, fields.employee_id);
        },
        async (tx, key) => {
          const doc = await repo.insertDocument(tx, {
            company_id: actor.companyId,
            employee_id: fields.employee_id,
            title: fields.title,
            file_name: sanitiseFileName(file.name, type),
            content_type: type,
            size_bytes: file.data.length,
            storage_key: key,
            uploaded_by: actor.userId,
          });
          await audit.record(tx, {
            actor,
            action: 'file.document_uploaded',
            entity: 'employee_document',
            entity_id: doc.id,
            changes: { employee_id: doc.employee_id, title: doc.title, file_name: doc.file_name },
          });
          return doc;
        },
      );
      return present(row);
    },

    async listDocuments(actor: Actor, employeeId: string): Promise<EmployeeDocument[]> {
      return db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.findEmployee(tx, employeeId, scopeOf(actor)))) throw notFound('Employee');
        const docs = await repo.listDocuments(tx, employeeId);
        const ids = docs.map((d) => d.id);
        const letters = await letterDocumentIds(tx, ids);
        const inUse = await documentsInUse(tx, ids);
        // The same rules removeDocument enforces: a writer deletes uploads, only an admin a letter's
        // file, and nobody a document a standing request relies on.
        const { self, admin } = writeRights(actor, employeeId);
        return docs.map((d) => {
          const letter = letters.has(d.id);
          return present(
            d,
            letter ? 'letter' : 'upload',
            !inUse.has(d.id) && (letter ? admin : self || admin),
          );
        });
      });
    },

    async download(actor: Actor, documentId: string) {
      const doc = await db.tenant(actor.companyId, async (tx) => {
        let found = await repo.findDocument(tx, documentId, scopeOf(actor));
        // An approver of a claim opens its receipt though the claimant is outside their scope.
        if (
          !found &&
          actor.employeeId &&
          (await receiptReadableByApprover(tx, documentId, actor.employeeId))
        ) {
          found = await repo.findDocument(tx, documentId, { scope: 'company', employeeId: actor.employeeId });
        }
        // A letter (salary figures) is read by its employee and administrators only, not by a
        // manager whose team scope reaches the employee's other documents.
        const letterOfAnother =
          found &&
          found.employee_id !== actor.employeeId &&
          actor.scope !== 'company' &&
          (await isLetterDocument(tx, found.id));
        return letterOfAnother ? null : found;
      });
      if (!doc) throw notFound('Document');
      const data = await store.get(doc.storage_key);
      if (!data) throw notFound('Document');
      return { data, fileName: doc.file_name, contentType: doc.content_type };
    },

    /**
     * A document's bytes for a module that decided access itself (a leave request's document is
     * readable by the request's approvers, whatever their employee-record scope). RLS keeps the
     * company; the caller must not pass an id it has not checked.
     */
    async openChecked(companyId: string, documentId: string) {
      const doc = await db.tenant(companyId, (tx) => repo.getDocument(tx, documentId));
      if (!doc) throw notFound('Document');
      const data = await store.get(doc.storage_key);
      if (!data) throw notFound('Document');
      return { data, fileName: doc.file_name, contentType: doc.content_type };
    },

    async removeDocument(actor: Actor, documentId: string): Promise<void> {
      const key = await db.tenant(actor.companyId, async (tx) => {
        // Locked first: a claim submitted meanwhile with this receipt (its foreign key takes a
        // share lock on the row) either committed before, and is seen below, or waits and then
        // finds the document gone.
        const doc = await repo.findDocument(tx, documentId, scopeOf(actor), { lock: true });
        if (!doc) throw notFound('Document');
        await writeTarget(tx, actor, doc.employee_id);
        // An issued letter's file is the company's record of what was issued: the employee it
        // was issued to may read it but not delete it; only an administrator may.
        const admin = actor.scope === 'company' && actor.permissions.includes('employee_list.edit');
        if (!admin && (await isLetterDocument(tx, doc.id))) {
          throw new AppError(
            'FORBIDDEN',
            'This is the file of an issued letter: only an administrator can delete it',
          );
        }
        const reliedOn = (await documentsInUse(tx, [doc.id])).get(doc.id);
        if (reliedOn) {
          throw new AppError(
            'CONFLICT',
            `This document is ${reliedOn}, so it cannot be deleted while that request stands`,
          );
        }
        await repo.deleteDocument(tx, doc.id);
        await audit.record(tx, {
          actor,
          action: 'file.document_deleted',
          entity: 'employee_document',
          entity_id: doc.id,
          changes: { employee_id: doc.employee_id, title: doc.title, file_name: doc.file_name },
        });
        return doc.storage_key;
      });
      await discard(key);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
