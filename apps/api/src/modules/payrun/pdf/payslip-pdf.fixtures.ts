import type { Payslip, PayslipLine } from '@hr/contract';
import { amountInWords } from './amount-in-words';
import type { PayslipPdfDoc } from './payslip-pdf';

/**
 * A realistic payslip for the tests and the benchmark: a metro employee on ₹1.2 lakh a month with
 * 14 lines (11 shown), explanations of the length the engine writes, and half a day of loss of pay.
 */

type LineSpec = [code: string, label: string, kind: PayslipLine['kind'], paise: number, show?: boolean];

const LINES: LineSpec[] = [
  ['BASIC', 'Basic salary', 'earning', 48_387_10],
  ['HRA', 'House rent allowance', 'earning', 24_193_55],
  ['SPECIAL', 'Special allowance', 'earning', 37_109_68],
  ['LTA', 'Leave travel allowance', 'earning', 4_032_26],
  ['BONUS', 'Performance bonus (quarterly)', 'earning', 15_000_00],
  ['EPF_EE', 'EPF (employee)', 'deduction', 1_800_00],
  ['PT', 'Professional tax', 'deduction', 200_00],
  ['TDS', 'Income tax (TDS)', 'deduction', 14_352_00],
  ['LWF_EE', 'Labour welfare fund', 'deduction', 25_00],
  ['EPF_ER', 'EPF (employer)', 'employer', 1_800_00],
  ['NPS_ER', 'Employer NPS contribution', 'employer', 4_838_71],
  ['EPS_ER', 'EPS (employer, A/c 10)', 'employer', 1_250_00, false],
  ['EDLI_ER', 'EDLI (employer, A/c 21)', 'employer', 75_00, false],
  ['PF_WAGE', 'PF wage', 'info', 15_000_00, false],
];

const EXPLAIN =
  'Monthly amount 50,000.00 for 31 basis days; 0.5 day of loss of pay leaves 30.5 payable days; ' +
  '50,000.00 × 30.5 ÷ 31 = 49,193.548..., rounded to the paisa half up. Rule: salary structure, ' +
  'proration by calendar days (company setting).';

export function samplePayslip(i = 0): Payslip {
  const lines = LINES.map(([code, label, kind, amount, show = true]) => ({
    code,
    label,
    kind,
    base_paise: kind === 'earning' ? null : 15_000_00,
    rate_bp: kind === 'earning' ? null : 1200,
    amount_paise: amount + (kind === 'earning' ? i : 0),
    explain: EXPLAIN,
    rule: 'Employees’ Provident Funds Scheme, 1952, paragraph 29',
    show,
    previous_paise: null,
  }));
  const sum = (kind: PayslipLine['kind']) =>
    lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount_paise, 0);
  const gross = sum('earning');
  const deductions = sum('deduction');
  const employer = sum('employer');
  const net = gross - deductions;
  const code = `EMP${String(1000 + i).padStart(5, '0')}`;
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    run_id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    month: '2026-11',
    pay_date: '2026-11-30',
    confirmed: true,
    employee: {
      id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      code,
      name: `Ananya Krishnamurthy ${i}`,
      designation: 'Senior Software Engineer',
      division: 'Platform Engineering',
      date_of_joining: '2021-07-12',
      pan_masked: 'XXXXX1234X',
      uan: '100987654321',
      esi_number: null,
      bank_name: 'HDFC Bank',
      bank_account_masked: 'XXXXXXXX4321',
    },
    days: { basis: 30, outside_employment: 0, lop: 0.5, payable: 29.5 },
    lines,
    gross_paise: gross,
    deductions_paise: deductions,
    net_paise: net,
    net_in_words: amountInWords(net),
    employer_paise: employer,
    ctc_paise: gross + employer,
    ytd: {
      gross_paise: 8 * gross,
      tds_paise: 8 * 14_352_00,
      employee_pf_paise: 8 * 1_800_00,
      pt_paise: 8 * 200_00,
      months: 8,
    },
    notes: ['Loss of pay of 0.5 day on 14 Nov 2026 (leave without pay).'],
    engine_version: '0.1.0',
    explanation_warning: null,
    salary: { id: null, effective_from: '2026-04-01' },
    has_pdf: false,
    pdf_password_hint: null,
  };
}

export const SAMPLE_COMPANY: PayslipPdfDoc['company'] = {
  name: 'Acme Corp',
  legal_name: 'Acme Corporation India Private Limited',
  address: ['4th Floor, Prestige Tech Park, Outer Ring Road', 'Bengaluru, Karnataka 560103'],
  pan: 'AAACA1234F',
  tan: 'BLRA12345C',
};

export function samplePayslipDoc(i = 0): PayslipPdfDoc {
  return { company: SAMPLE_COMPANY, payslip: samplePayslip(i) };
}
