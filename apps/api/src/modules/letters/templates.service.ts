import {
  LETTER_TYPE_LABELS,
  type LetterGenerateInput,
  type LetterPreviewInput,
  type LetterTemplate,
  type LetterTemplateInput,
  type LetterTemplateListQuery,
  usedMergeFields,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { auditOf } from '../approvals';
import { letterDocDefinition, renderLetter, renderLetterPdf } from './letter-document';
import * as letters from './letters.repo';
import { type DocumentFiles, present } from './letters.service';
import * as repo from './templates.repo';

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

function toTemplate(r: repo.TemplateRow): LetterTemplate {
  return { ...r, fields: usedMergeFields(`${r.title}\n${r.body}`) };
}

const requireCompanyScope = (actor: Actor) => {
  if (actor.scope !== 'company') throw forbidden();
};

const nameTaken = () =>
  new AppError('CONFLICT', 'A template with this name already exists', {
    errors: [{ path: 'name', message: 'Already used' }],
  });

const ctcMissing = () =>
  new AppError('VALIDATION', 'The template uses {{ctc}}: enter the CTC', {
    errors: [{ path: 'ctc_paise', message: 'Required by the template' }],
  });

/**
 * Letter templates with merge fields, and letters generated from one for a set of employees
 * (issue 13). Administrators only (company scope).
 */
export function createLetterTemplatesService(deps: { db: Db; files: DocumentFiles }) {
  const { db, files } = deps;

  async function lettersOf(tx: Queryable, ids: string[], actor: Actor) {
    const out = [];
    for (const id of ids) {
      const row = await letters.getLetter(tx, id);
      if (row) out.push(present(row, actor));
    }
    return out;
  }

  async function existingBatch(actor: Actor, key: string) {
    return db.tenant(actor.companyId, async (tx) => {
      const batchId = await repo.batchByKey(tx, key);
      if (!batchId) return null;
      const list = await lettersOf(tx, await repo.lettersOfBatch(tx, batchId), actor);
      return { batch_id: batchId, created: 0, letters: list };
    });
  }

  return {
    list: (actor: Actor, q: LetterTemplateListQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const page = await repo.listTemplates(tx, q);
        return { rows: page.rows.map(toTemplate), total: page.total };
      }),

    get: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const row = await repo.getTemplate(tx, id);
        if (!row) throw notFound('Template');
        return toTemplate(row);
      }),

    async create(actor: Actor, input: LetterTemplateInput): Promise<LetterTemplate> {
      requireCompanyScope(actor);
      try {
        return await db.tenant(actor.companyId, async (tx) => {
          const id = await repo.insertTemplate(tx, input, actor.userId);
          await auditOf(tx, actor, {
            action: 'letter_template.created',
            entity: 'letter_template',
            entity_id: id,
            changes: input,
          });
          return toTemplate((await repo.getTemplate(tx, id))!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },

    async update(actor: Actor, id: string, input: LetterTemplateInput): Promise<LetterTemplate> {
      requireCompanyScope(actor);
      try {
        return await db.tenant(actor.companyId, async (tx) => {
          if (!(await repo.updateTemplate(tx, id, input))) throw notFound('Template');
          await auditOf(tx, actor, {
            action: 'letter_template.updated',
            entity: 'letter_template',
            entity_id: id,
            changes: input,
          });
          return toTemplate((await repo.getTemplate(tx, id))!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },

    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        if (!(await repo.deleteTemplate(tx, id))) throw notFound('Template');
        await auditOf(tx, actor, {
          action: 'letter_template.deleted',
          entity: 'letter_template',
          entity_id: id,
          changes: {},
        });
      }),

    /** The text rendered for one employee; {{ctc}} stays as it is when no CTC is given. */
    preview: (actor: Actor, input: LetterPreviewInput) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const [emp] = await repo.employeeFacts(tx, [input.employee_id]);
        if (!emp) throw notFound('Employee');
        const company = await repo.companyFacts(tx);
        return renderLetter(input, {
          ...emp,
          company_name: company.name,
          issue_date: input.issue_date ?? company.today,
          ctc_paise: input.ctc_paise ?? null,
        });
      }),

    /**
     * One letter per employee, rendered to PDF and stored as their document, then every letter
     * row in one transaction: all or none (stored files of a failed call are removed). A retry
     * with the same idempotency key returns the first call's letters.
     */
    async generate(actor: Actor, input: LetterGenerateInput, idempotencyKey: string | null) {
      requireCompanyScope(actor);
      if (idempotencyKey) {
        const earlier = await existingBatch(actor, idempotencyKey);
        if (earlier) return earlier;
      }
      const { template, employees, company } = await db.tenant(actor.companyId, async (tx) => {
        const template = await repo.getTemplate(tx, input.template_id);
        if (!template) throw notFound('Template');
        const employees = await repo.employeeFacts(tx, input.employee_ids);
        const found = new Set(employees.map((e) => e.id));
        const missing = input.employee_ids.filter((id) => !found.has(id));
        if (missing.length) {
          throw new AppError('NOT_FOUND', `Employee not found: ${missing.join(', ')}`, {
            errors: [{ path: 'employee_ids', message: 'Not found' }],
          });
        }
        return { template, employees, company: await repo.companyFacts(tx) };
      });
      if (
        usedMergeFields(`${template.title}\n${template.body}`).includes('ctc') &&
        input.ctc_paise === undefined
      ) {
        throw ctcMissing();
      }
      const issueDate = input.issue_date ?? company.today;
      const byId = new Map(employees.map((e) => [e.id, e]));
      const rendered: { emp: repo.EmployeeFacts; text: { title: string; body: string }; pdf: Buffer }[] = [];
      for (const id of input.employee_ids) {
        const emp = byId.get(id)!;
        const text = renderLetter(template, {
          ...emp,
          company_name: company.name,
          issue_date: issueDate,
          ctc_paise: input.ctc_paise ?? null,
        });
        const pdf = await renderLetterPdf(
          letterDocDefinition({ ...text, company_name: company.name, issue_date: issueDate }),
        );
        rendered.push({ emp, text, pdf });
      }

      const stored: string[] = [];
      const cleanUp = () =>
        Promise.all(stored.map((d) => files.removeDocument(actor, d).catch(() => undefined)));
      try {
        const docs: { id: string }[] = [];
        for (const r of rendered) {
          const doc = await files.addDocument(
            actor,
            { employee_id: r.emp.id, title: `${LETTER_TYPE_LABELS[template.letter_type]}: ${r.text.title}` },
            { name: `${r.text.title}.pdf`, data: r.pdf },
          );
          stored.push(doc.id);
          docs.push(doc);
        }
        const result = await db.tenant(actor.companyId, async (tx) => {
          const batchId = await repo.insertBatch(tx, {
            template_id: template.id,
            idempotency_key: idempotencyKey,
            created_by: actor.userId,
          });
          if (!batchId) return null;
          const ids: string[] = [];
          for (const [i, r] of rendered.entries()) {
            const id = await letters.insertLetter(tx, {
              employee_id: r.emp.id,
              letter_type: template.letter_type,
              title: r.text.title.slice(0, 200),
              issue_date: issueDate,
              document_id: docs[i]!.id,
              issued_by: actor.userId,
              batch_id: batchId,
            });
            await auditOf(tx, actor, {
              action: 'letter.generated',
              entity: 'letter',
              entity_id: id,
              changes: {
                template_id: template.id,
                batch_id: batchId,
                employee_id: r.emp.id,
                issue_date: issueDate,
              },
            });
            ids.push(id);
          }
          return { batch_id: batchId, created: ids.length, letters: await lettersOf(tx, ids, actor) };
        });
        if (result) return result;
        // The same key won by a call running at the same time: its letters stand, ours go.
        await cleanUp();
        const earlier = idempotencyKey && (await existingBatch(actor, idempotencyKey));
        if (!earlier) throw new AppError('CONFLICT', 'These letters are being generated: try again');
        return earlier;
      } catch (err) {
        await cleanUp();
        throw err;
      }
    },
  };
}
export type LetterTemplatesService = ReturnType<typeof createLetterTemplatesService>;
