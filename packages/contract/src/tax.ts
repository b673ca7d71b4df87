import { z } from 'zod';
import { IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';
import { FinancialYearSchema } from './payrun';

/**
 * Tax declarations and the regime comparison (issue 23, first slice). A company sets a declaration
 * window per financial year; each employee chooses a regime for the year and, for the old regime,
 * declares what they mean to claim. Money in integer paise.
 */

const uuid = z.string().uuid();
const text = (max: number) => z.string().trim().min(1, 'Required').max(max);
/** One declared amount: at most ₹10 crore. */
const paise = z.number().int('Use whole paise').min(0).max(10_00_00_000_00);
const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** Annual rent above this needs the landlord's PAN (rules file 5.4). */
export const LANDLORD_PAN_ABOVE_PAISE = 1_00_000_00;

export const TAX_REGIMES_FOR_DECLARATION = ['new', 'old'] as const;
export const DECLARATION_STATUSES = ['not_started', 'draft', 'submitted'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

// ---- Window --------------------------------------------------------------------------------

export const TaxWindowSchema = z.object({
  financial_year: z.string(),
  opens_on: isoDate,
  closes_on: isoDate,
  proof_opens_on: isoDate.nullable(),
  proof_closes_on: isoDate.nullable(),
});
export type TaxWindow = z.infer<typeof TaxWindowSchema>;

/** `PUT tax/windows/:financial_year`: when employees may declare, and (optionally) send proofs. */
export const TaxWindowBodySchema = z
  .strictObject({
    opens_on: isoDate,
    closes_on: isoDate,
    proof_opens_on: isoDate.nullable().default(null),
    proof_closes_on: isoDate.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.closes_on < b.opens_on) {
      ctx.addIssue({ code: 'custom', path: ['closes_on'], message: 'Must be on or after the opening date' });
    }
    if ((b.proof_opens_on === null) !== (b.proof_closes_on === null)) {
      const path = b.proof_opens_on === null ? 'proof_opens_on' : 'proof_closes_on';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Give both proof dates, or neither' });
    }
    if (b.proof_opens_on && b.proof_closes_on && b.proof_closes_on < b.proof_opens_on) {
      ctx.addIssue({
        code: 'custom',
        path: ['proof_closes_on'],
        message: 'Must be on or after the proof opening date',
      });
    }
  });
export type TaxWindowBody = z.infer<typeof TaxWindowBodySchema>;
export const TaxWindowParamSchema = z.object({ financial_year: FinancialYearSchema });
export const TaxWindowResponseSchema = envelope(TaxWindowSchema.nullable());

// ---- Declaration ---------------------------------------------------------------------------

export const Section80CItemSchema = z.strictObject({
  /** PPF, ELSS, LIC premium, tuition fees, home-loan principal ... */
  label: text(100),
  amount_paise: paise,
});

export const RentSchema = z
  .strictObject({
    monthly_rent_paise: paise.min(1, 'Must be more than zero'),
    /** Months of the year the rent is paid for (the period of occupation). */
    months: z.number().int('Use whole months').min(1).max(12),
    city: text(60),
    landlord_name: text(100),
    landlord_pan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(PAN_RE, 'PAN is 5 letters, 4 digits, 1 letter')
      .nullable()
      .default(null),
  })
  .superRefine((r, ctx) => {
    if (r.monthly_rent_paise * r.months > LANDLORD_PAN_ABOVE_PAISE && !r.landlord_pan) {
      ctx.addIssue({
        code: 'custom',
        path: ['landlord_pan'],
        message: "The landlord's PAN is needed when the rent is more than ₹1,00,000 a year",
      });
    }
  });
export type Rent = z.infer<typeof RentSchema>;

/** Form 12B: salary and tax from an earlier employer in the same financial year (mid-year joiners). */
export const PreviousEmployerSchema = z.strictObject({
  employer_name: text(100),
  salary_paise: paise,
  tds_paise: paise,
  professional_tax_paise: paise.default(0),
  employee_pf_paise: paise.default(0),
});
export type PreviousEmployer = z.infer<typeof PreviousEmployerSchema>;

const declarationFields = {
  regime: z.enum(TAX_REGIMES_FOR_DECLARATION),
  section_80c: z.array(Section80CItemSchema).max(20, 'At most 20 items').default([]),
  /** Own NPS contribution u/s 80CCD(1B). */
  nps_80ccd1b_paise: paise.default(0),
  /** Health insurance premium u/s 80D: self, spouse and children. */
  health_self_paise: paise.default(0),
  self_senior: z.boolean().default(false),
  health_parents_paise: paise.default(0),
  parents_senior: z.boolean().default(false),
  rent: RentSchema.nullable().default(null),
  /** Interest on a loan for a self-occupied home, s.24(b). */
  home_loan_interest_paise: paise.default(0),
  /** Leave travel claimed as exempt u/s 10(5). */
  lta_paise: paise.default(0),
  /** Income other than salary to be taxed with it (interest, rent received ...). */
  other_income_paise: paise.default(0),
  previous_employer: PreviousEmployerSchema.nullable().default(null),
};

/** `PUT tax/my/declaration`: saves the employee's declaration for the year (a draft until submitted). */
export const TaxDeclarationBodySchema = z.strictObject({
  financial_year: FinancialYearSchema,
  ...declarationFields,
});
export type TaxDeclarationBody = z.input<typeof TaxDeclarationBodySchema>;

export const TaxYearQuerySchema = z.object({ financial_year: FinancialYearSchema.optional() });
export const TaxSubmitBodySchema = z.strictObject({ financial_year: FinancialYearSchema });

export const TaxDeclarationSchema = z.object({
  id: z.string().nullable(),
  financial_year: z.string(),
  employee_id: z.string(),
  employee_name: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  ...declarationFields,
  section_80c: z.array(z.object({ label: z.string(), amount_paise: z.number() })),
  rent: z
    .object({
      monthly_rent_paise: z.number(),
      months: z.number(),
      city: z.string(),
      landlord_name: z.string(),
      landlord_pan: z.string().nullable(),
    })
    .nullable(),
  previous_employer: z
    .object({
      employer_name: z.string(),
      salary_paise: z.number(),
      tds_paise: z.number(),
      professional_tax_paise: z.number(),
      employee_pf_paise: z.number(),
    })
    .nullable(),
  window: TaxWindowSchema.nullable(),
  /** Whether declarations are taken today, in words with the dates. */
  window_open: z.boolean(),
  window_message: z.string(),
  abilities: z.object({ edit: z.boolean(), submit: z.boolean(), send_proofs: z.boolean() }),
  /** Each item declared with its proofs and their review (issue 23). */
  items: z.array(z.lazy(() => TaxDeclarationItemSchema)),
  /** Whether proofs are taken today, in words with the dates. */
  proof_window_open: z.boolean(),
  proof_window_message: z.string(),
});
export type TaxDeclaration = z.infer<typeof TaxDeclarationSchema>;
export const TaxDeclarationResponseSchema = envelope(TaxDeclarationSchema);

// ---- Admin list ----------------------------------------------------------------------------

export const TaxDeclarationListQuerySchema = PageQuerySchema.extend({
  financial_year: FinancialYearSchema.optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(DECLARATION_STATUSES).optional(),
  regime: z.enum(TAX_REGIMES_FOR_DECLARATION).optional(),
  sortBy: z.enum(['employee_name', 'employee_code', 'status', 'submitted_at']).default('employee_name'),
});
export type TaxDeclarationListQuery = z.infer<typeof TaxDeclarationListQuerySchema>;

export const TaxDeclarationRowSchema = z.object({
  id: z.string().nullable(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  regime: z.enum(TAX_REGIMES_FOR_DECLARATION).nullable(),
  status: z.enum(DECLARATION_STATUSES),
  submitted_at: z.string().nullable(),
  /** Sum of the old-regime deductions and exemptions declared (before the limits). */
  declared_paise: z.number(),
});
export type TaxDeclarationRow = z.infer<typeof TaxDeclarationRowSchema>;
export const TaxDeclarationListResponseSchema = pagedEnvelope(TaxDeclarationRowSchema);
export const TaxEmployeeParamSchema = z.object({ employee_id: uuid });

// ---- Regime comparison ---------------------------------------------------------------------

export const TaxStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  amount_paise: z.number(),
  detail: z.string(),
});
export const RegimeSideSchema = z.object({
  regime: z.enum(TAX_REGIMES_FOR_DECLARATION),
  gross_paise: z.number(),
  deductions_paise: z.number(),
  taxable_income_paise: z.number(),
  slab_tax_paise: z.number(),
  rebate_paise: z.number(),
  surcharge_paise: z.number(),
  cess_paise: z.number(),
  tax_paise: z.number(),
  deductions: z.array(TaxStepSchema),
  tax_steps: z.array(TaxStepSchema),
});
export type RegimeSideView = z.infer<typeof RegimeSideSchema>;

export const RegimeComparisonSchema = z.object({
  financial_year: z.string(),
  /** The regime on the declaration (or the employee record when nothing is declared yet). */
  chosen_regime: z.enum(TAX_REGIMES_FOR_DECLARATION),
  new: RegimeSideSchema,
  old: RegimeSideSchema,
  cheaper: z.enum(TAX_REGIMES_FOR_DECLARATION).nullable(),
  difference_paise: z.number(),
  summary: z.string(),
  /** The figures the comparison used, each in words with its amount. */
  figures_used: z.array(
    z.object({ label: z.string(), amount_paise: z.number().nullable(), detail: z.string() }),
  ),
});
export type RegimeComparisonView = z.infer<typeof RegimeComparisonSchema>;
export const RegimeComparisonResponseSchema = envelope(RegimeComparisonSchema);

// ---- Proofs --------------------------------------------------------------------------------

export const PROOF_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

export const TaxProofSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  file_name: z.string(),
  uploaded_at: z.string(),
});
export const TaxDeclarationItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  amount_paise: z.number(),
  /** False for other income and Form 12B: they are not claims, so their declared figures stand. */
  needs_proof: z.boolean(),
  proof_status: z.enum(PROOF_STATUSES),
  verified_paise: z.number().nullable(),
  review_reason: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  proofs: z.array(TaxProofSchema),
});
export type TaxDeclarationItem = z.infer<typeof TaxDeclarationItemSchema>;

export const TaxItemParamSchema = z.object({ item_id: uuid });
export const TaxProofParamSchema = z.object({ proof_id: uuid });

/** `POST tax/my/declaration/items/:item_id/proofs`: attaches an uploaded document as a proof. */
export const TaxProofBodySchema = z.strictObject({ document_id: uuid });

/** `POST tax/items/:item_id/review`: verify (at the declared amount or less) or reject with a reason. */
export const TaxProofReviewBodySchema = z
  .strictObject({
    decision: z.enum(['verify', 'reject']),
    /** Verify: the amount the proofs bear out; absent means the amount declared. */
    verified_paise: paise.optional(),
    reason: z.string().trim().max(500, 'At most 500 characters').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'reject' && !b.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the proof is rejected' });
    }
  });
export type TaxProofReviewBody = z.infer<typeof TaxProofReviewBodySchema>;
