import type { PayslipInput, YearToDate } from '@hr/payroll-engine';
import { type LastSlipOfYear, yearSalaryOf } from './year-salary';

const LAKH = 1_00_000_00;
const paid = (gross: number) => ({
  grossPaise: gross,
  hraPaise: 0,
  basicDaPaise: gross / 2,
  employeePfPaise: 0,
  professionalTaxPaise: 0,
  employerNpsPaise: 0,
});
const slip = (
  over: Partial<LastSlipOfYear> & { regime?: 'new' | 'old'; gross?: number; tds?: number; dob?: string },
) => {
  const { regime = 'new', gross = 15 * LAKH, tds = 97_500_00, dob = '1990-06-15', ...rest } = over;
  return {
    employee_id: 'e1',
    employee_code: 'E001',
    employee_name: 'Asha Rao',
    pan: 'ABCDE1234F',
    first_month: '2026-04',
    last_month: '2027-03',
    date_of_joining: '2020-01-01',
    exit_date: null,
    input: { employee: { dateOfBirth: dob }, tax: { regime } } as unknown as PayslipInput,
    ytd: { paid: paid(gross), tds } as unknown as YearToDate,
    ...rest,
  } satisfies LastSlipOfYear;
};

describe('Annexure II of one employee', () => {
  it('taxes the year actually paid in the new regime: ₹15 L less ₹75,000 standard deduction', () => {
    const y = yearSalaryOf(slip({}), '2026-27');
    expect(y).toMatchObject({
      from: '2026-04-01',
      to: '2027-03-31',
      category: 'G',
      regime: 'new',
      gross_paise: 15 * LAKH,
      taxable_income_paise: 14_25_000_00,
      deductions_paise: 75_000_00,
      tds_paise: 97_500_00,
    });
    // 4-8 L at 5 % (20,000) + 8-12 L at 10 % (40,000) + 12-14.25 L at 15 % (33,750) = 93,750; cess 4 %.
    expect(y.tax_paise).toBe(97_500_00);
  });

  it('keeps the employment dates inside the year and the category by age on 31 March', () => {
    const y = yearSalaryOf(
      slip({
        date_of_joining: '2026-07-10',
        exit_date: '2027-01-31',
        last_month: '2027-01',
        dob: '1946-03-31',
      }),
      '2026-27',
    );
    expect([y.from, y.to, y.category]).toEqual(['2026-07-10', '2027-01-31', 'O']);
    expect(yearSalaryOf(slip({ dob: '1967-03-31' }), '2026-27').category).toBe('S');
  });

  it('writes nothing taxable when the payslip kept no year-to-date figures', () => {
    const y = yearSalaryOf(slip({ ytd: null }), '2026-27');
    expect([y.gross_paise, y.taxable_income_paise, y.tax_paise, y.tds_paise]).toEqual([0, 0, 0, 0]);
  });
});
