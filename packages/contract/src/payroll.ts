import { z } from 'zod';
import { IsoMonthSchema, IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Payroll settings (issue 14): salary components (earnings, post-tax deductions, pre-tax
 * benefits), salary templates with their CTC breakup, statutory settings (EPF, ESI) and the
 * employee salary with effective-dated revisions. Money is integer paise; percentages are given as
 * numbers with at most two decimals (40.5 means 40.5%) and stored in basis points.
 */

const uuid = z.string().uuid();
const name = z.string().trim().min(1, 'Required').max(100);
const paise = z.number().int('Use whole paise').min(0).max(10_000_000_000_00);
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Use at most two decimals');

/**
 * Lists take the spec's page size names (`recordPerPage` for components, `recordsPerPage` for
 * templates) as well as the shared `records`; `pageSizeOf` picks the one given.
 */
const size = z.coerce.number().int().min(1).max(100).optional();
const activeFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const listQuery = PageQuerySchema.extend({
  recordPerPage: size,
  recordsPerPage: size,
  active: activeFilter,
  search: z.string().trim().max(100).optional(),
});
export type PayrollListQuery = z.infer<typeof listQuery>;
export const pageSizeOf = (q: PayrollListQuery) => q.recordPerPage ?? q.recordsPerPage ?? q.records;

export const PayrollIdParamSchema = z.object({ id: uuid });
export const PayrollStatusBodySchema = z.strictObject({ active: z.boolean() });
export type PayrollStatusBody = z.infer<typeof PayrollStatusBodySchema>;

// ---- Earnings -------------------------------------------------------------------------------

export const EARNING_KINDS = ['basic', 'hra', 'special_allowance', 'allowance'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];
/** Values of `dropdown/type/earning-type` and `dropdown/type/value-type`. */
export const EARNING_TYPES = ['fixed', 'variable', 'reimbursement'] as const;
export const VALUE_TYPES = ['fixed_amount', 'percentage_of_basic', 'percentage_of_ctc'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
/** The special allowance takes what the other lines leave of the CTC. */
export const EARNING_VALUE_TYPES = [...VALUE_TYPES, 'balancing'] as const;
export type EarningValueType = (typeof EARNING_VALUE_TYPES)[number];

export const EarningSchema = z.object({
  id: z.string(),
  name: z.string(),
  payslip_name: z.string(),
  kind: z.enum(EARNING_KINDS),
  earning_type: z.enum(EARNING_TYPES),
  value_type: z.enum(EARNING_VALUE_TYPES),
  /** Monthly amount, for fixed_amount. */
  amount_paise: z.number().int().nullable(),
  percent: z.number().nullable(),
  taxable: z.boolean(),
  epf_wage: z.boolean(),
  esi_wage: z.boolean(),
  prorated: z.boolean(),
  show_on_payslip: z.boolean(),
  active: z.boolean(),
  /** Salary templates that use it (it cannot be deleted while any does). */
  template_count: z.number().int(),
});
export type Earning = z.infer<typeof EarningSchema>;

export const EarningListQuerySchema = listQuery;
export const EarningListResponseSchema = pagedEnvelope(EarningSchema);
export const EarningResponseSchema = envelope(EarningSchema);
export const EarningArrayResponseSchema = envelope(z.array(EarningSchema));

function amountRules(
  v: { value_type: string; amount_paise?: number | null; percent?: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.value_type === 'fixed_amount' && (v.amount_paise === undefined || v.amount_paise === null)) {
    ctx.addIssue({ code: 'custom', path: ['amount_paise'], message: 'Required for a fixed amount' });
  }
  if (v.value_type.startsWith('percentage_') && (v.percent === undefined || v.percent === null)) {
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Required for a percentage' });
  }
}

export const EarningBodySchema = z
  .strictObject({
    name,
    payslip_name: name.optional(),
    kind: z.enum(EARNING_KINDS).default('allowance'),
    earning_type: z.enum(EARNING_TYPES).default('fixed'),
    value_type: z.enum(EARNING_VALUE_TYPES),
    amount_paise: paise.nullish(),
    percent: percent.nullish(),
    taxable: z.boolean().default(true),
    epf_wage: z.boolean().default(false),
    esi_wage: z.boolean().default(true),
    prorated: z.boolean().default(true),
    show_on_payslip: z.boolean().default(true),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    amountRules(v, ctx);
    if ((v.kind === 'special_allowance') !== (v.value_type === 'balancing')) {
      ctx.addIssue({
        code: 'custom',
        path: ['value_type'],
        message: 'The special allowance, and only it, is the balancing line',
      });
    }
    if (v.kind === 'basic' && v.value_type === 'percentage_of_basic') {
      ctx.addIssue({
        code: 'custom',
        path: ['value_type'],
        message: 'Basic cannot be a percentage of itself',
      });
    }
  });
export type EarningBody = z.infer<typeof EarningBodySchema>;

// ---- Post-tax deductions --------------------------------------------------------------------

export const DEDUCTION_FREQUENCIES = ['one_time', 'recurring'] as const;
export const DeductionSchema = z.object({
  id: z.string(),
  name: z.string(),
  payslip_name: z.string(),
  frequency: z.enum(DEDUCTION_FREQUENCIES),
  active: z.boolean(),
});
export type Deduction = z.infer<typeof DeductionSchema>;
export const DeductionListQuerySchema = listQuery;
export const DeductionListResponseSchema = pagedEnvelope(DeductionSchema);
export const DeductionResponseSchema = envelope(DeductionSchema);
export const DeductionBodySchema = z.strictObject({
  name,
  payslip_name: name.optional(),
  frequency: z.enum(DEDUCTION_FREQUENCIES).default('recurring'),
  active: z.boolean().default(true),
});
export type DeductionBody = z.infer<typeof DeductionBodySchema>;

// ---- Pre-tax benefits -----------------------------------------------------------------------

/** `component/benefits/benefit-plan`: what kind of pre-tax benefit it is. */
export const BENEFIT_PLANS = {
  nps_employer: 'Employer contribution to NPS',
  flexible_benefit: 'Flexible benefit plan item',
} as const;
export type BenefitPlan = keyof typeof BENEFIT_PLANS;
/** `component/benefits/tax-exemption`: the section under which the benefit is exempt. */
export const TAX_EXEMPTIONS = {
  '80CCD(2)': 'Section 80CCD(2): employer NPS contribution',
  '10(5)': 'Section 10(5): leave travel concession',
  '10(14)': 'Section 10(14): special allowances (e.g. children education, transport)',
  '17(2)': 'Section 17(2): perquisites (e.g. meal vouchers, telephone)',
  none: 'Not exempt',
} as const;
export type TaxExemption = keyof typeof TAX_EXEMPTIONS;

export const ValueLabelListSchema = envelope(z.array(z.object({ value: z.string(), label: z.string() })));

export const BenefitSchema = z.object({
  id: z.string(),
  name: z.string(),
  payslip_name: z.string(),
  benefit_plan: z.string(),
  tax_exemption: z.string(),
  value_type: z.enum(VALUE_TYPES),
  amount_paise: z.number().int().nullable(),
  percent: z.number().nullable(),
  include_in_ctc: z.boolean(),
  active: z.boolean(),
  template_count: z.number().int(),
});
export type Benefit = z.infer<typeof BenefitSchema>;
export const BenefitListQuerySchema = DeductionListQuerySchema;
export const BenefitListResponseSchema = pagedEnvelope(BenefitSchema);
export const BenefitResponseSchema = envelope(BenefitSchema);
export const BenefitBodySchema = z
  .strictObject({
    name,
    payslip_name: name.optional(),
    benefit_plan: z.enum(Object.keys(BENEFIT_PLANS) as [BenefitPlan, ...BenefitPlan[]]),
    tax_exemption: z.enum(Object.keys(TAX_EXEMPTIONS) as [TaxExemption, ...TaxExemption[]]),
    value_type: z.enum(VALUE_TYPES),
    amount_paise: paise.nullish(),
    percent: percent.nullish(),
    include_in_ctc: z.boolean().default(true),
    active: z.boolean().default(true),
  })
  .superRefine(amountRules);
export type BenefitBody = z.infer<typeof BenefitBodySchema>;

// ---- Breakup --------------------------------------------------------------------------------

export const BreakupLineSchema = z.object({
  /** earning or benefit id; employer contributions have none. */
  component_id: z.string().nullable(),
  group: z.enum(['earning', 'benefit', 'employer_contribution']),
  code: z.string(),
  name: z.string(),
  monthly_paise: z.number().int(),
  annual_paise: z.number().int(),
  /** How the figure was reached, in words. */
  basis: z.string(),
});
export type BreakupLine = z.infer<typeof BreakupLineSchema>;
export const BreakupWarningSchema = z.object({ code: z.string(), message: z.string() });
export const BreakupSchema = z.object({
  annual_ctc_paise: z.number().int(),
  monthly_ctc_paise: z.number().int(),
  monthly_gross_paise: z.number().int(),
  lines: z.array(BreakupLineSchema),
  warnings: z.array(BreakupWarningSchema),
  /** The statutory figures used and the date they were taken for. */
  figures_on: isoDate,
  figures: z.array(z.object({ label: z.string(), value: z.string(), source: z.string() })),
});
export type Breakup = z.infer<typeof BreakupSchema>;

// ---- Salary templates -----------------------------------------------------------------------

export const TemplateLineBodySchema = z
  .strictObject({
    earning_id: uuid.optional(),
    benefit_id: uuid.optional(),
    value_type: z.enum(EARNING_VALUE_TYPES),
    amount_paise: paise.nullish(),
    percent: percent.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.earning_id === !v.benefit_id) {
      ctx.addIssue({ code: 'custom', path: ['earning_id'], message: 'Give an earning or a benefit' });
    }
    amountRules(v, ctx);
  });
export type TemplateLineBody = z.infer<typeof TemplateLineBodySchema>;

const templateLines = z
  .array(TemplateLineBodySchema)
  .min(1, 'Add at least one line')
  .max(50)
  .superRefine((lines, ctx) => {
    const ids = lines.map((l) => l.earning_id ?? l.benefit_id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) {
        ctx.addIssue({ code: 'custom', path: [i, 'earning_id'], message: 'Each component may appear once' });
      }
    });
    if (lines.filter((l) => l.value_type === 'balancing').length !== 1) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Exactly one line must be the balancing line' });
    }
  });

export const SalaryTemplateBodySchema = z.strictObject({
  name,
  description: z.string().trim().max(500).optional(),
  annual_ctc_paise: paise.min(1, 'Must be more than zero'),
  lines: templateLines,
  active: z.boolean().default(true),
});
export type SalaryTemplateBody = z.infer<typeof SalaryTemplateBodySchema>;

/** `POST salary-templates/preview`: the breakup of a template not (yet) saved. */
export const BreakupPreviewBodySchema = z.strictObject({
  annual_ctc_paise: paise.min(1, 'Must be more than zero'),
  lines: templateLines,
  /** The date whose statutory figures apply; today in the company's time zone when absent. */
  as_of: isoDate.optional(),
});
export type BreakupPreviewBody = z.infer<typeof BreakupPreviewBodySchema>;
export const BreakupResponseSchema = envelope(BreakupSchema);

export const TemplateLineSchema = z.object({
  id: z.string(),
  earning_id: z.string().nullable(),
  benefit_id: z.string().nullable(),
  component_name: z.string(),
  value_type: z.enum(EARNING_VALUE_TYPES),
  amount_paise: z.number().int().nullable(),
  percent: z.number().nullable(),
});
export type TemplateLine = z.infer<typeof TemplateLineSchema>;

export const SalaryTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  annual_ctc_paise: z.number().int(),
  active: z.boolean(),
  employee_count: z.number().int(),
});
export type SalaryTemplateSummary = z.infer<typeof SalaryTemplateSummarySchema>;
export const SalaryTemplateSchema = SalaryTemplateSummarySchema.extend({
  lines: z.array(TemplateLineSchema),
  breakup: BreakupSchema,
});
export type SalaryTemplate = z.infer<typeof SalaryTemplateSchema>;
export const SalaryTemplateListQuerySchema = listQuery;
export const SalaryTemplateListResponseSchema = pagedEnvelope(SalaryTemplateSummarySchema);
export const SalaryTemplateResponseSchema = envelope(SalaryTemplateSchema);

// ---- Statutory settings ---------------------------------------------------------------------

export const EPF_BASES = ['actual', 'restricted'] as const;
export const EpfSettingsSchema = z.object({
  enabled: z.boolean(),
  establishment_code: z.string().nullable(),
  employee_base: z.enum(EPF_BASES),
  employer_base: z.enum(EPF_BASES),
  employer_in_ctc: z.boolean(),
  lop_prorate_restricted: z.boolean(),
  lop_consider_all_below_ceiling: z.boolean(),
});
export type EpfSettings = z.infer<typeof EpfSettingsSchema>;
export const EsiSettingsSchema = z.object({
  enabled: z.boolean(),
  esi_code: z.string().nullable(),
  employer_in_ctc: z.boolean(),
});
export type EsiSettings = z.infer<typeof EsiSettingsSchema>;

export const StatutoryFigureSchema = z.object({ label: z.string(), value: z.string(), source: z.string() });
export const EpfResponseSchema = envelope(
  EpfSettingsSchema.extend({ figures_on: isoDate, figures: z.array(StatutoryFigureSchema) }),
);
export const EsiResponseSchema = envelope(
  EsiSettingsSchema.extend({ figures_on: isoDate, figures: z.array(StatutoryFigureSchema) }),
);
const code = z.string().trim().max(40).nullable();
export const EpfUpdateBodySchema = z.strictObject({
  establishment_code: code
    .refine((v) => v === null || /^[A-Za-z0-9/ -]+$/.test(v), 'Letters, digits, spaces, - and / only')
    .optional(),
  employee_base: z.enum(EPF_BASES).optional(),
  employer_base: z.enum(EPF_BASES).optional(),
  employer_in_ctc: z.boolean().optional(),
  lop_prorate_restricted: z.boolean().optional(),
  lop_consider_all_below_ceiling: z.boolean().optional(),
});
export type EpfUpdateBody = z.infer<typeof EpfUpdateBodySchema>;
export const EsiUpdateBodySchema = z.strictObject({
  esi_code: code.refine((v) => v === null || /^[0-9 -]+$/.test(v), 'Digits, spaces and - only').optional(),
  employer_in_ctc: z.boolean().optional(),
});
export type EsiUpdateBody = z.infer<typeof EsiUpdateBodySchema>;
export const StatutoryToggleBodySchema = z.strictObject({ enabled: z.boolean() });

// ---- Employee salary ------------------------------------------------------------------------

export const SalaryLineSchema = z.object({
  component_id: z.string().nullable(),
  group: z.enum(['earning', 'benefit', 'employer_contribution']),
  code: z.string(),
  name: z.string(),
  monthly_paise: z.number().int(),
  annual_paise: z.number().int(),
});
export type SalaryLine = z.infer<typeof SalaryLineSchema>;

export const EmployeeSalaryRevisionSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  annual_ctc_paise: z.number().int(),
  monthly_gross_paise: z.number().int(),
  effective_from: isoDate,
  lines: z.array(SalaryLineSchema),
  /** Set when the revision was recorded after its effective date: the next run pays arrears from it. */
  arrears_from: isoDate.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type EmployeeSalaryRevision = z.infer<typeof EmployeeSalaryRevisionSchema>;
export const EmployeeSalarySchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  /** The revision in force today (company time zone); null before the first one starts. */
  current: EmployeeSalaryRevisionSchema.nullable(),
  /** Every revision, newest effective date first. */
  history: z.array(EmployeeSalaryRevisionSchema),
});
export type EmployeeSalary = z.infer<typeof EmployeeSalarySchema>;
export const EmployeeSalaryResponseSchema = envelope(EmployeeSalarySchema);

/**
 * `POST employee/salary` (first salary) and `PUT employee/salary` (a revision). From a template
 * (its lines, at the given CTC) or line by line. Empty fields arrive as null (spec section 5).
 */
export const EmployeeSalaryBodySchema = z
  .strictObject({
    employee_id: uuid,
    template_id: uuid.nullish(),
    annual_ctc_paise: paise.min(1, 'Must be more than zero'),
    effective_from: isoDate,
    lines: templateLines.nullish(),
    note: z.string().trim().max(500).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.template_id && !v.lines) {
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: 'Choose a template or give the lines' });
    }
  });
export type EmployeeSalaryBody = z.infer<typeof EmployeeSalaryBodySchema>;

// ---- Statutory figures and what-if ----------------------------------------------------------

/** `GET payroll/statutory-figures`: every figure the engine uses on a date, with its source. */
export const StatutoryFiguresQuerySchema = z.object({
  date: isoDate.optional(),
  /** PT and LWF of one state only (the two-letter code the engine uses, e.g. KA). */
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter state code, e.g. KA')
    .optional(),
});
export const StatutoryFiguresResponseSchema = envelope(
  z.object({
    date: isoDate,
    state: z.string().nullable(),
    figures: z.array(
      StatutoryFigureSchema.extend({
        group: z.string(),
        key: z.string(),
        /** First and last day the figure is in force (null: until changed). */
        effective_from: isoDate,
        effective_to: isoDate.nullable(),
        /** Section of statutory-rules.md the engine follows for it. */
        section: z.string(),
        /** The rules file's source references for it ("S30, S31"), for the expert view. */
        references: z.string(),
        note: z.string().nullable(),
      }),
    ),
  }),
);

export const GENDERS_FOR_PAYROLL = ['male', 'female', 'other'] as const;
/** Facts about the person that the engine needs; taken from the employee record when one is named. */
export const WhatIfFactsSchema = z.strictObject({
  state: z.string().regex(/^[A-Z]{2}$/, 'Use the two-letter state code, e.g. KA'),
  gender: z.enum(GENDERS_FOR_PAYROLL),
  date_of_birth: isoDate,
  joining_date: isoDate,
  disabled: z.boolean().default(false),
  lwf_applicable: z.boolean().default(false),
  tax_regime: z.enum(['new', 'old']).default('new'),
});
export type WhatIfFacts = z.infer<typeof WhatIfFactsSchema>;

/**
 * `POST payroll/what-if`: one month's payslip from the given facts and lines; nothing is saved.
 * The salary is the given lines at the CTC, a template at the CTC, or (with employee_id only) the
 * employee's salary in force in that month.
 */
export const WhatIfBodySchema = z
  .strictObject({
    month: IsoMonthSchema.optional(),
    employee_id: uuid.optional(),
    facts: WhatIfFactsSchema.partial().optional(),
    template_id: uuid.optional(),
    annual_ctc_paise: paise.min(1, 'Must be more than zero').optional(),
    lines: templateLines.optional(),
    lop_days: z.number().min(0).max(31).multipleOf(0.5).default(0),
    /**
     * Flexible benefit items partly claimed (old regime): the monthly amount claimed for the
     * exemption, capped at the item's amount; an item not listed is taken as fully claimed.
     */
    benefit_claims: z
      .array(z.strictObject({ benefit_id: uuid, claimed_monthly_paise: paise }))
      .max(50)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const claimed = v.benefit_claims?.map((c) => c.benefit_id) ?? [];
    claimed.forEach((id, i) => {
      if (claimed.indexOf(id) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['benefit_claims', i, 'benefit_id'],
          message: 'Each benefit may be claimed once',
        });
      }
    });
    if ((v.lines || v.template_id) && !v.annual_ctc_paise) {
      ctx.addIssue({
        code: 'custom',
        path: ['annual_ctc_paise'],
        message: 'Required with lines or a template',
      });
    }
    if (!v.lines && !v.template_id && !v.employee_id) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Give the lines, a template or an employee' });
    }
    if (!v.employee_id && !v.facts) {
      ctx.addIssue({ code: 'custom', path: ['facts'], message: 'Give the facts or an employee' });
    }
  });
export type WhatIfBody = z.infer<typeof WhatIfBodySchema>;

export const WhatIfLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['earning', 'deduction', 'employer', 'info']),
  base: z.number().int().nullable(),
  rate: z.number().nullable(),
  amount: z.number().int(),
  /** The engine's words: what the line is, its inputs, the rule and source, the arithmetic. */
  explain: z.string(),
  /**
   * `law`: the Act and setting in words (also at the end of `explain`); `section` and `source`: the
   * rules-file section and research sources, for an expert's eyes only.
   */
  rule: z.object({ section: z.string(), source: z.string(), law: z.string() }),
  show: z.boolean(),
});
export type WhatIfLine = z.infer<typeof WhatIfLineSchema>;
export const WhatIfResultSchema = z.object({
  month: IsoMonthSchema,
  facts: WhatIfFactsSchema,
  lines: z.array(WhatIfLineSchema),
  gross_paise: z.number().int(),
  deductions_paise: z.number().int(),
  net_paise: z.number().int(),
  employer_contributions_paise: z.number().int(),
  cost_to_company_paise: z.number().int(),
  notes: z.array(z.string()),
  engine_version: z.string(),
});
export type WhatIfResult = z.infer<typeof WhatIfResultSchema>;
export const WhatIfResponseSchema = envelope(WhatIfResultSchema);
