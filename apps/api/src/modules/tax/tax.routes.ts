import {
  RegimeComparisonResponseSchema,
  TaxDeclarationBodySchema,
  TaxDeclarationListQuerySchema,
  TaxDeclarationListResponseSchema,
  TaxDeclarationResponseSchema,
  TaxEmployeeParamSchema,
  TaxItemParamSchema,
  TaxProofBodySchema,
  TaxProofParamSchema,
  TaxProofReviewBodySchema,
  TaxSubmitBodySchema,
  TaxWindowBodySchema,
  TaxWindowParamSchema,
  TaxWindowResponseSchema,
  TaxYearQuerySchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, paged } from '../../lib/reply';
import { actorOf } from '../../plugins/auth';
import { attachment, sendFile } from '../files';
import type { TaxService } from './tax.service';

/** What the tax routes need of the files module (passed in by app.ts): a checked document's bytes. */
export type TaxProofFiles = {
  openChecked(
    companyId: string,
    documentId: string,
  ): Promise<{ data: Buffer; fileName: string; contentType: string }>;
};

/** The employee's own: the permission their own payslips use (user/documents/payslips). */
const OWN = 'employee_profile.view';
/** Spec section 2: payroll routes need admin_dashboard.view; changes need admin_dashboard.edit. */
const VIEW = 'admin_dashboard.view';
const EDIT = 'admin_dashboard.edit';
const tags = ['tax'];

export function taxRoutes(app: FastifyInstance, deps: { tax: TaxService; files: TaxProofFiles }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tax } = deps;

  // Proofs: the employee uploads the file as one of their documents (POST upload/file, with the
  // files module's type, size and PDF checks), then attaches it to an item here.
  r.post(
    '/api/tax/my/declaration/items/:item_id/proofs',
    {
      config: { permission: OWN },
      schema: {
        tags,
        params: TaxItemParamSchema,
        body: TaxProofBodySchema,
        response: { 200: TaxDeclarationResponseSchema },
      },
    },
    async (req) =>
      ok(await tax.attachProof(actorOf(req), req.params.item_id, req.body.document_id), 'Proof sent'),
  );
  r.get(
    '/api/tax/my/proofs/:proof_id/file',
    { config: { permission: OWN }, schema: { tags, params: TaxProofParamSchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const doc = await deps.files.openChecked(
        actor.companyId,
        await tax.proofDocument(actor, req.params.proof_id, true),
      );
      return sendFile(reply, doc.data, doc.contentType, attachment(doc.fileName));
    },
  );
  r.get(
    '/api/tax/proofs/:proof_id/file',
    { config: { permission: VIEW }, schema: { tags, params: TaxProofParamSchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const doc = await deps.files.openChecked(
        actor.companyId,
        await tax.proofDocument(actor, req.params.proof_id, false),
      );
      return sendFile(reply, doc.data, doc.contentType, attachment(doc.fileName));
    },
  );
  r.post(
    '/api/tax/items/:item_id/review',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        params: TaxItemParamSchema,
        body: TaxProofReviewBodySchema,
        response: { 200: TaxDeclarationResponseSchema },
      },
    },
    async (req) =>
      ok(
        await tax.review(actorOf(req), req.params.item_id, req.body),
        req.body.decision === 'verify' ? 'Proof verified' : 'Proof rejected',
      ),
  );

  r.get(
    '/api/tax/my/declaration',
    {
      config: { permission: OWN },
      schema: { tags, querystring: TaxYearQuerySchema, response: { 200: TaxDeclarationResponseSchema } },
    },
    async (req) => ok(await tax.myDeclaration(actorOf(req), req.query.financial_year)),
  );
  r.put(
    '/api/tax/my/declaration',
    {
      config: { permission: OWN },
      schema: { tags, body: TaxDeclarationBodySchema, response: { 200: TaxDeclarationResponseSchema } },
    },
    async (req) => {
      const { financial_year, ...fields } = req.body;
      return ok(await tax.saveMine(actorOf(req), financial_year, fields), 'Declaration saved');
    },
  );
  r.post(
    '/api/tax/my/declaration/submit',
    {
      config: { permission: OWN },
      schema: { tags, body: TaxSubmitBodySchema, response: { 200: TaxDeclarationResponseSchema } },
    },
    async (req) => ok(await tax.submitMine(actorOf(req), req.body.financial_year), 'Declaration submitted'),
  );
  r.get(
    '/api/tax/my/comparison',
    {
      config: { permission: OWN },
      schema: { tags, querystring: TaxYearQuerySchema, response: { 200: RegimeComparisonResponseSchema } },
    },
    async (req) => ok(await tax.myComparison(actorOf(req), req.query.financial_year)),
  );

  r.get(
    '/api/tax/windows/:financial_year',
    {
      config: { permission: VIEW },
      schema: { tags, params: TaxWindowParamSchema, response: { 200: TaxWindowResponseSchema } },
    },
    async (req) => ok(await tax.window(actorOf(req), req.params.financial_year)),
  );
  r.put(
    '/api/tax/windows/:financial_year',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        params: TaxWindowParamSchema,
        body: TaxWindowBodySchema,
        response: { 200: TaxWindowResponseSchema },
      },
    },
    async (req) =>
      ok(await tax.setWindow(actorOf(req), req.params.financial_year, req.body), 'Declaration window saved'),
  );
  r.get(
    '/api/tax/declarations',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        querystring: TaxDeclarationListQuerySchema,
        response: { 200: TaxDeclarationListResponseSchema },
      },
    },
    async (req) => paged(await tax.list(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/tax/employees/:employee_id/declaration',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        params: TaxEmployeeParamSchema,
        querystring: TaxYearQuerySchema,
        response: { 200: TaxDeclarationResponseSchema },
      },
    },
    async (req) =>
      ok(await tax.employeeDeclaration(actorOf(req), req.params.employee_id, req.query.financial_year)),
  );
}
