import {
  BENEFIT_PLANS,
  BenefitBodySchema,
  BenefitListQuerySchema,
  BenefitListResponseSchema,
  BenefitResponseSchema,
  BreakupPreviewBodySchema,
  BreakupResponseSchema,
  DeductionBodySchema,
  DeductionListQuerySchema,
  DeductionListResponseSchema,
  DeductionResponseSchema,
  EarningArrayResponseSchema,
  EarningBodySchema,
  EarningListQuerySchema,
  EarningListResponseSchema,
  EarningResponseSchema,
  EmployeeSalaryBodySchema,
  EmployeeSalaryResponseSchema,
  EpfResponseSchema,
  EpfUpdateBodySchema,
  EsiResponseSchema,
  EsiUpdateBodySchema,
  MessageSchema,
  PayrollIdParamSchema,
  type PayrollListQuery,
  PayrollStatusBodySchema,
  pageSizeOf,
  SalaryTemplateBodySchema,
  SalaryTemplateListQuerySchema,
  SalaryTemplateListResponseSchema,
  SalaryTemplateResponseSchema,
  StatutoryFiguresQuerySchema,
  StatutoryFiguresResponseSchema,
  StatutoryToggleBodySchema,
  TAX_EXEMPTIONS,
  VALUE_TYPES,
  ValueLabelListSchema,
  WhatIfBodySchema,
  WhatIfResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ComponentsService } from './components.service';
import type { SalaryService } from './salary.service';
import type { StatutoryService } from './statutory.service';
import type { TemplatesService } from './templates.service';
import type { WhatIfService } from './whatif.service';

export type PayrollDeps = {
  components: ComponentsService;
  templates: TemplatesService;
  salary: SalaryService;
  statutory: StatutoryService;
  whatIf: WhatIfService;
};

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });
const created = <T>(data: T, message: string) => ({ status: 201, message, data });
const paged = <T>(r: { rows: T[]; total: number }, q: PayrollListQuery) => ({
  status: 200,
  message: 'ok',
  data: r.rows,
  meta: { totalCount: r.total, page: q.page, records: pageSizeOf(q) },
});

/** Spec section 2: payroll settings need admin_dashboard.view; changes and the benefit routes need .edit. */
const VIEW = 'admin_dashboard.view';
const EDIT = 'admin_dashboard.edit';

const VALUE_TYPE_LABELS: Record<(typeof VALUE_TYPES)[number], string> = {
  fixed_amount: 'Fixed amount',
  percentage_of_basic: 'Percentage of basic',
  percentage_of_ctc: 'Percentage of CTC',
};

export function payrollRoutes(app: FastifyInstance, deps: PayrollDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { components, templates, salary, statutory, whatIf } = deps;
  const tags = ['payroll'];
  const params = PayrollIdParamSchema;

  // ---- Earnings ----
  r.get(
    '/api/component/earnings',
    {
      config: { permission: VIEW },
      schema: { tags, querystring: EarningListQuerySchema, response: { 200: EarningListResponseSchema } },
    },
    async (req) => paged(await components.listEarnings(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/component/earnings/fixed',
    { config: { permission: VIEW }, schema: { tags, response: { 200: EarningArrayResponseSchema } } },
    async (req) => ok(await components.fixedEarnings(actorOf(req))),
  );
  r.get(
    '/api/component/earnings/basic',
    { config: { permission: VIEW }, schema: { tags, response: { 200: EarningResponseSchema } } },
    async (req) => ok(await components.basicEarning(actorOf(req))),
  );
  r.get(
    '/api/component/earnings/:id',
    { config: { permission: VIEW }, schema: { tags, params, response: { 200: EarningResponseSchema } } },
    async (req) => ok(await components.getEarning(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/component/earnings',
    {
      config: { permission: EDIT },
      schema: { tags, body: EarningBodySchema, response: { 201: EarningResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await components.createEarning(actorOf(req), req.body), 'Earning created');
    },
  );
  r.put(
    '/api/component/earnings/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: EarningBodySchema, response: { 200: EarningResponseSchema } },
    },
    async (req) =>
      ok(await components.updateEarning(actorOf(req), req.params.id, req.body), 'Earning updated'),
  );
  r.put(
    '/api/component/earnings/status/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: PayrollStatusBodySchema, response: { 200: EarningResponseSchema } },
    },
    async (req) =>
      ok(
        await components.setEarningActive(actorOf(req), req.params.id, req.body.active),
        'Earning status updated',
      ),
  );
  r.delete(
    '/api/component/earnings/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: MessageSchema } } },
    async (req) => {
      await components.removeEarning(actorOf(req), req.params.id);
      return ok(null, 'Earning deleted');
    },
  );

  // ---- Post-tax deductions ----
  r.get(
    '/api/component/deductions',
    {
      config: { permission: VIEW },
      schema: { tags, querystring: DeductionListQuerySchema, response: { 200: DeductionListResponseSchema } },
    },
    async (req) => paged(await components.listDeductions(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/component/deductions/:id',
    { config: { permission: VIEW }, schema: { tags, params, response: { 200: DeductionResponseSchema } } },
    async (req) => ok(await components.getDeduction(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/component/deductions',
    {
      config: { permission: EDIT },
      schema: { tags, body: DeductionBodySchema, response: { 201: DeductionResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await components.createDeduction(actorOf(req), req.body), 'Deduction created');
    },
  );
  // Not in the spec's call list, but its edit screen (post-tax-deductions/{id}) needs it.
  r.put(
    '/api/component/deductions/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: DeductionBodySchema, response: { 200: DeductionResponseSchema } },
    },
    async (req) =>
      ok(await components.updateDeduction(actorOf(req), req.params.id, req.body), 'Deduction updated'),
  );
  r.put(
    '/api/component/deductions/status/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: PayrollStatusBodySchema, response: { 200: DeductionResponseSchema } },
    },
    async (req) =>
      ok(
        await components.setDeductionActive(actorOf(req), req.params.id, req.body.active),
        'Deduction status updated',
      ),
  );
  r.delete(
    '/api/component/deductions/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: MessageSchema } } },
    async (req) => {
      await components.removeDeduction(actorOf(req), req.params.id);
      return ok(null, 'Deduction deleted');
    },
  );

  // ---- Pre-tax benefits (all need admin_dashboard.edit, spec section 2) ----
  r.get(
    '/api/component/benefits',
    {
      config: { permission: EDIT },
      schema: { tags, querystring: BenefitListQuerySchema, response: { 200: BenefitListResponseSchema } },
    },
    async (req) => paged(await components.listBenefits(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/component/benefits/benefit-plan',
    { config: { permission: EDIT }, schema: { tags, response: { 200: ValueLabelListSchema } } },
    async () => ok(Object.entries(BENEFIT_PLANS).map(([value, label]) => ({ value, label }))),
  );
  r.get(
    '/api/component/benefits/tax-exemption',
    { config: { permission: EDIT }, schema: { tags, response: { 200: ValueLabelListSchema } } },
    async () => ok(Object.entries(TAX_EXEMPTIONS).map(([value, label]) => ({ value, label }))),
  );
  r.get(
    '/api/component/benefits/options',
    { config: { permission: EDIT }, schema: { tags, response: { 200: ValueLabelListSchema } } },
    async () => ok(VALUE_TYPES.map((value) => ({ value, label: VALUE_TYPE_LABELS[value] }))),
  );
  r.get(
    '/api/component/benefits/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: BenefitResponseSchema } } },
    async (req) => ok(await components.getBenefit(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/component/benefits',
    {
      config: { permission: EDIT },
      schema: { tags, body: BenefitBodySchema, response: { 201: BenefitResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await components.createBenefit(actorOf(req), req.body), 'Benefit created');
    },
  );
  r.put(
    '/api/component/benefits/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: BenefitBodySchema, response: { 200: BenefitResponseSchema } },
    },
    async (req) =>
      ok(await components.updateBenefit(actorOf(req), req.params.id, req.body), 'Benefit updated'),
  );
  r.put(
    '/api/component/benefits/status/:id',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: PayrollStatusBodySchema, response: { 200: BenefitResponseSchema } },
    },
    async (req) =>
      ok(
        await components.setBenefitActive(actorOf(req), req.params.id, req.body.active),
        'Benefit status updated',
      ),
  );
  r.delete(
    '/api/component/benefits/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: MessageSchema } } },
    async (req) => {
      await components.removeBenefit(actorOf(req), req.params.id);
      return ok(null, 'Benefit deleted');
    },
  );

  // ---- Salary templates ----
  r.get(
    '/api/salary-templates',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        querystring: SalaryTemplateListQuerySchema,
        response: { 200: SalaryTemplateListResponseSchema },
      },
    },
    async (req) => paged(await templates.list(actorOf(req), req.query), req.query),
  );
  r.post(
    '/api/salary-templates/preview',
    {
      config: { permission: VIEW },
      schema: { tags, body: BreakupPreviewBodySchema, response: { 200: BreakupResponseSchema } },
    },
    async (req) => ok(await templates.preview(actorOf(req), req.body)),
  );
  r.get(
    '/api/salary-templates/:id',
    {
      config: { permission: VIEW },
      schema: { tags, params, response: { 200: SalaryTemplateResponseSchema } },
    },
    async (req) => ok(await templates.get(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/salary-templates',
    {
      config: { permission: EDIT },
      schema: { tags, body: SalaryTemplateBodySchema, response: { 201: SalaryTemplateResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await templates.create(actorOf(req), req.body), 'Salary template created');
    },
  );
  r.put(
    '/api/salary-templates/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        params,
        body: SalaryTemplateBodySchema,
        response: { 200: SalaryTemplateResponseSchema },
      },
    },
    async (req) =>
      ok(await templates.update(actorOf(req), req.params.id, req.body), 'Salary template updated'),
  );
  r.put(
    '/api/salary-templates/:id/toggle',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        params,
        body: PayrollStatusBodySchema,
        response: { 200: SalaryTemplateResponseSchema },
      },
    },
    async (req) =>
      ok(
        await templates.setActive(actorOf(req), req.params.id, req.body.active),
        'Salary template status updated',
      ),
  );
  r.delete(
    '/api/salary-templates/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: MessageSchema } } },
    async (req) => {
      await templates.remove(actorOf(req), req.params.id);
      return ok(null, 'Salary template deleted');
    },
  );

  // ---- Statutory components ----
  r.get(
    '/api/statutory-component/epf',
    { config: { permission: VIEW }, schema: { tags, response: { 200: EpfResponseSchema } } },
    async (req) => ok(await statutory.epf(actorOf(req))),
  );
  r.put(
    '/api/statutory-component/epf/update',
    {
      config: { permission: EDIT },
      schema: { tags, body: EpfUpdateBodySchema, response: { 200: EpfResponseSchema } },
    },
    async (req) => ok(await statutory.updateEpf(actorOf(req), req.body), 'EPF settings updated'),
  );
  r.put(
    '/api/statutory-component/epf/toggle',
    {
      config: { permission: EDIT },
      schema: { tags, body: StatutoryToggleBodySchema, response: { 200: EpfResponseSchema } },
    },
    async (req) =>
      ok(
        await statutory.toggleEpf(actorOf(req), req.body.enabled),
        req.body.enabled ? 'EPF enabled' : 'EPF disabled',
      ),
  );
  r.get(
    '/api/statutory-component/esi',
    { config: { permission: VIEW }, schema: { tags, response: { 200: EsiResponseSchema } } },
    async (req) => ok(await statutory.esi(actorOf(req))),
  );
  r.put(
    '/api/statutory-component/esi/update',
    {
      config: { permission: EDIT },
      schema: { tags, body: EsiUpdateBodySchema, response: { 200: EsiResponseSchema } },
    },
    async (req) => ok(await statutory.updateEsi(actorOf(req), req.body), 'ESI settings updated'),
  );
  r.put(
    '/api/statutory-component/esi/toggle',
    {
      config: { permission: EDIT },
      schema: { tags, body: StatutoryToggleBodySchema, response: { 200: EsiResponseSchema } },
    },
    async (req) =>
      ok(
        await statutory.toggleEsi(actorOf(req), req.body.enabled),
        req.body.enabled ? 'ESI enabled' : 'ESI disabled',
      ),
  );

  // ---- Employee salary ----
  r.get(
    '/api/employee/salary/:id',
    {
      config: { permission: VIEW },
      schema: { tags, params, response: { 200: EmployeeSalaryResponseSchema } },
    },
    async (req) => ok(await salary.get(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/employee/salary',
    {
      config: { permission: EDIT },
      schema: { tags, body: EmployeeSalaryBodySchema, response: { 201: EmployeeSalaryResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await salary.assign(actorOf(req), req.body), 'Salary assigned');
    },
  );
  r.put(
    '/api/employee/salary',
    {
      config: { permission: EDIT },
      schema: { tags, body: EmployeeSalaryBodySchema, response: { 200: EmployeeSalaryResponseSchema } },
    },
    async (req) => ok(await salary.revise(actorOf(req), req.body), 'Salary revision recorded'),
  );

  // ---- What the engine uses, and what-if ----
  r.get(
    '/api/payroll/statutory-figures',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        querystring: StatutoryFiguresQuerySchema,
        response: { 200: StatutoryFiguresResponseSchema },
      },
    },
    async (req) => ok(await statutory.figures(actorOf(req), req.query.date, req.query.state)),
  );
  r.post(
    '/api/payroll/what-if',
    {
      config: { permission: VIEW },
      schema: { tags, body: WhatIfBodySchema, response: { 200: WhatIfResponseSchema } },
    },
    async (req) => ok(await whatIf.compute(actorOf(req), req.body)),
  );
}
