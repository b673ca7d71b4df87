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
import { annualCtcOn } from '../payroll';
import { formatLetterDate, letterDocDefinition, renderLetter, renderLetterPdf } from './letter-document';
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

/** Names of the employees with no salary in force on the issue date, for the {{ctc}} field. */
const ctcMissing = (names: string[], issueDate: string) =>
  new AppError(
    'VALIDATION',
    `The template uses the {{ctc}} merge field but no salary is in force on ${issueDate} for: ${names.join(', ')}. ` +
      'Assign a salary to them (Payroll) or leave them out; no letter was generated.',
    { errors: [{ path: 'employee_ids', message: `No salary for {{ctc}}: ${names.join(', ')}` }] },
  );

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

    /**
     * The text rendered for one employee; {{ctc}} is their annual CTC in force on the issue date,
     * and stays as it is when they have no salary by then.
     */
    preview: (actor: Actor, input: LetterPreviewInput) =>
      db.tenant(actor.companyId, async (tx) => {
        requireCompanyScope(actor);
        const [emp] = await repo.employeeFacts(tx, [input.employee_id]);
        if (!emp) throw notFound('Employee');
        const company = await repo.companyFacts(tx);
        const issueDate = input.issue_date ?? company.today;
        const ctc = await annualCtcOn(tx, [emp.id], issueDate);
        return renderLetter(input, {
          ...emp,
          company_name: company.name,
          issue_date: issueDate,
          ctc_paise: ctc.get(emp.id) ?? null,
        });
      }),

    /**
     * One letter per employee, rendered to PDF and stored as their document, then every letter
     * row in one transaction: all or none (stored files of a failed call are removed). A retry
     * with the same idempotency key returns the first call's letters. {{ctc}} is each employee's
     * own annual CTC in force on the issue date; when any chosen employee has none, the whole
     * batch is refused naming them (nothing is generated), so a batch never goes out partly.
     */
    async generate(actor: Actor, input: LetterGenerateInput, idempotencyKey: string | null) {
      requireCompanyScope(actor);
      if (idempotencyKey) {
        const earlier = await existingBatch(actor, idempotencyKey);
        if (earlier) return earlier;
      }
      const { template, employees, company, issueDate, ctc } = await db.tenant(
        actor.companyId,
        async (tx) => {
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
          const company = await repo.companyFacts(tx);
          const issueDate = input.issue_date ?? company.today;
          let ctc = new Map<string, number>();
          if (usedMergeFields(`${template.title}\n${template.body}`).includes('ctc')) {
            ctc = await annualCtcOn(tx, input.employee_ids, issueDate);
            const without = employees.filter((e) => !ctc.has(e.id)).map((e) => e.employee_name);
            if (without.length) throw ctcMissing(without, formatLetterDate(issueDate));
          }
          return { template, employees, company, issueDate, ctc };
        },
      );
      const byId = new Map(employees.map((e) => [e.id, e]));
      const rendered: { emp: repo.EmployeeFacts; text: { title: string; body: string }; pdf: Buffer }[] = [];
      for (const id of input.employee_ids) {
        const emp = byId.get(id)!;
        const text = renderLetter(template, {
          ...emp,
          company_name: company.name,
          issue_date: issueDate,
          ctc_paise: ctc.get(id) ?? null,
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
