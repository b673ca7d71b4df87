import { z } from 'zod';
import { IsoDateSchema, IsoMonthSchema } from './dates';
import { envelope } from './envelope';
import { FinancialYearSchema } from './payrun';

/**
 * The quarterly TDS return on salary, Form 24Q (issue 23): the challans that deposited the TDS,
 * the return's check and its file. Money in integer paise.
 */

export const TDS_QUARTERS = [1, 2, 3, 4] as const;
const quarter = z.coerce
  .number({ message: 'Choose a quarter' })
  .int('Choose a quarter')
  .min(1, 'Choose a quarter from 1 to 4')
  .max(4, 'Choose a quarter from 1 to 4');
/** At most ₹10,000 crore: a challan's figure, whole paise. */
const paise = z
  .number({ message: 'Enter an amount' })
  .int('Use whole paise')
  .min(0, 'Cannot be negative')
  .max(1_00_00_00_00_000_00, 'At most ₹10,000 crore');

export const TdsQuarterQuerySchema = z.object({ financial_year: FinancialYearSchema, quarter });
export type TdsQuarterQuery = z.infer<typeof TdsQuarterQuerySchema>;

/** The months ('YYYY-MM') of a quarter of '2026-27': Q1 April-June ... Q4 January-March. */
export function tdsQuarterMonths(financialYear: string, q: number): string[] {
  const start = Number(financialYear.slice(0, 4));
  const first = [4, 7, 10, 1][q - 1] ?? 4;
  const year = q === 4 ? start + 1 : start;
  return [0, 1, 2].map((i) => `${year}-${String(first + i).padStart(2, '0')}`);
}

export const TdsChallanBodySchema = z
  .strictObject({
    financial_year: FinancialYearSchema,
    quarter,
    months: z
      .array(IsoMonthSchema, { message: 'Choose the months this challan pays' })
      .min(1, 'Choose at least one month this challan pays')
      .max(3, 'A quarter has three months'),
    bsr_code: z
      .string({ message: 'Enter the BSR code' })
      .trim()
      .regex(/^[0-9]{7}$/, 'The BSR code is the 7 digits of the bank branch on the challan'),
    deposited_on: IsoDateSchema,
    serial_no: z
      .string({ message: 'Enter the challan serial number' })
      .trim()
      .regex(/^[0-9]{5}$/, 'The challan serial number is 5 digits'),
    tds_paise: paise,
    surcharge_paise: paise.default(0),
    cess_paise: paise.default(0),
    interest_paise: paise.default(0),
    fee_paise: paise.default(0),
  })
  .superRefine((b, ctx) => {
    const allowed = tdsQuarterMonths(b.financial_year, b.quarter);
    b.months.forEach((m, i) => {
      if (!allowed.includes(m)) {
        ctx.addIssue({ code: 'custom', path: ['months', i], message: 'Choose a month of this quarter' });
      }
    });
    if (new Set(b.months).size !== b.months.length) {
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'Each month once' });
    }
    if (b.tds_paise + b.surcharge_paise + b.cess_paise === 0) {
      ctx.addIssue({ code: 'custom', path: ['tds_paise'], message: 'Enter the tax the challan deposited' });
    }
  });
export type TdsChallanBody = z.infer<typeof TdsChallanBodySchema>;

export const TdsChallanSchema = z.object({
  id: z.string().uuid(),
  financial_year: z.string(),
  quarter: z.number().int(),
  months: z.array(IsoMonthSchema),
  bsr_code: z.string(),
  deposited_on: IsoDateSchema,
  serial_no: z.string(),
  tds_paise: z.number().int(),
  surcharge_paise: z.number().int(),
  cess_paise: z.number().int(),
  interest_paise: z.number().int(),
  fee_paise: z.number().int(),
  total_paise: z.number().int(),
  /** TDS of the quarter's payslips this challan carries in the return. */
  covers_paise: z.number().int(),
});
export type TdsChallan = z.infer<typeof TdsChallanSchema>;
export const TdsChallanResponseSchema = envelope(TdsChallanSchema);
export const TdsChallanIdParamSchema = z.object({ id: z.string().uuid() });

export const TdsReturnSchema = z.object({
  financial_year: z.string(),
  quarter: z.number().int(),
  tan: z.string().nullable(),
  months: z.array(
    z.object({
      month: IsoMonthSchema,
      /** False when the month's pay run is not confirmed (its TDS is not in the return yet). */
      confirmed: z.boolean(),
      employees: z.number().int(),
      tds_paise: z.number().int(),
      challan_paise: z.number().int(),
    }),
  ),
  challans: z.array(TdsChallanSchema),
  deductee_rows: z.number().int(),
  tds_paise: z.number().int(),
  /** Q4: employees in the salary details (Annexure II); null in other quarters. */
  salary_records: z.number().int().nullable(),
  errors: z.array(z.object({ where: z.string(), message: z.string() })),
  /** True when there are no errors and at least one deductee: the file may be downloaded. */
  ready: z.boolean(),
});
export type TdsReturn = z.infer<typeof TdsReturnSchema>;
export const TdsReturnResponseSchema = envelope(TdsReturnSchema);
