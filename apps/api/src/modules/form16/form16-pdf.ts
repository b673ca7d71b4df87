import type { Form16Figures } from '@hr/payroll-engine';
import {
  A4,
  encodeWinAnsi,
  FONT,
  type FontStyle,
  formatDate,
  formatRupees,
  RUPEE_BYTE,
  textWidth,
  wrap,
  writePdf,
} from '../payrun';

/**
 * Form 16 Part B as an A4 PDF (issue 23), drawn with the payslip's writer (ADR 0018: standard
 * fonts, ₹ as a Type 3 glyph): employer and employee, the salary by s.17 heads, s.10 exemptions,
 * s.16 deductions, Chapter VI-A, the tax, and TDS by quarter; Form 12BA on its own page when
 * perquisites were paid. Pure: the same document gives the same bytes.
 */

export type Form16Document = {
  employer: {
    name: string;
    legal_name: string | null;
    address: string[];
    pan: string | null;
    tan: string | null;
  };
  employee: { id: string; code: string; name: string; pan: string | null; designation: string | null };
  /** First and last pay months of the year on the certificate ('YYYY-MM'). */
  period: { from: string; to: string };
  figures: Omit<Form16Figures, 'steps'>;
  /** 'YYYY-MM-DD', the day it was issued (company's date). */
  issued_on: string;
};

const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
const TOP = 40;
const BOTTOM = A4.height - 62;
const INK = '0.12 0.13 0.15';
const MUTED = '0.4 0.42 0.45';
const ACCENT = '0.09 0.28 0.5';
const SHADE = '0.94 0.95 0.97';
const RULE = '0.8 0.82 0.86';
const REGULAR: FontStyle = 0;
const BOLD: FontStyle = 1;
const RUPEE = String.fromCharCode(RUPEE_BYTE);
const n = (v: number) => String(Math.round(v * 100) / 100);
const pdfString = (s: string) => s.replace(/[\\()]/g, '\\$&');

class Page {
  pages: string[][] = [[]];
  y = TOP;
  constructor(private readonly running: string) {}
  private get ops() {
    return this.pages[this.pages.length - 1]!;
  }
  newPage() {
    this.pages.push([]);
    this.text(MARGIN, TOP + 8, this.running, REGULAR, 8, MUTED);
    this.y = TOP + 18;
  }
  ensure(h: number) {
    if (this.y + h > BOTTOM) this.newPage();
  }
  text(x: number, baseline: number, s: string, style: FontStyle, size: number, color = INK) {
    this.encoded(x, baseline, encodeWinAnsi(s), style, size, color);
  }
  /** Text already encoded (as `wrap` returns it); ₹ is drawn in the Type 3 font. */
  encoded(x: number, baseline: number, enc: string, style: FontStyle, size: number, color = INK) {
    const font = style === BOLD ? FONT.bold : FONT.regular;
    let op = `${color} rg BT ${font} ${size} Tf ${n(x)} ${n(A4.height - baseline)} Td`;
    enc.split(RUPEE).forEach((part, i) => {
      if (i > 0) op += ` ${FONT.rupee} ${size} Tf <0${style === BOLD ? 2 : 1}> Tj ${font} ${size} Tf`;
      if (part !== '') op += ` (${pdfString(part)}) Tj`;
    });
    this.ops.push(`${op} ET`);
  }
  textRight(right: number, baseline: number, s: string, style: FontStyle, size: number, color = INK) {
    this.text(right - textWidth(encodeWinAnsi(s), style, size), baseline, s, style, size, color);
  }
  rect(x: number, top: number, w: number, h: number, color: string) {
    this.ops.push(`${color} rg ${n(x)} ${n(A4.height - top - h)} ${n(w)} ${n(h)} re f`);
  }
  rule(color = RULE) {
    this.ops.push(
      `${color} RG 0.5 w ${n(MARGIN)} ${n(A4.height - this.y)} m ${n(RIGHT)} ${n(A4.height - this.y)} l S`,
    );
  }
  /** Wrapped text at x; returns nothing, moves y down. */
  para(x: number, width: number, s: string, style: FontStyle, size: number, color = INK) {
    for (const line of wrap(encodeWinAnsi(s), style, size, width)) {
      this.ensure(size + 3);
      this.encoded(x, this.y + size, line, style, size, color);
      this.y += size + 3;
    }
  }
  heading(s: string) {
    this.y += 10;
    this.ensure(40);
    this.rect(MARGIN, this.y, WIDTH, 18, SHADE);
    this.text(MARGIN + 6, this.y + 12.5, s, BOLD, 9, ACCENT);
    this.y += 18;
  }
  /** A label with its amount at the right; `indent` for the parts of a head. */
  row(label: string, amount: string, opts: { bold?: boolean; indent?: number } = {}) {
    const style = opts.bold ? BOLD : REGULAR;
    const x = MARGIN + 6 + (opts.indent ?? 0) * 14;
    const lines = wrap(encodeWinAnsi(label), style, 9, RIGHT - 110 - x);
    const h = lines.length * 11 + 6;
    this.ensure(h);
    lines.forEach((l, i) => {
      this.encoded(x, this.y + 12 + i * 11, l, style, 9);
    });
    this.textRight(RIGHT - 6, this.y + 12, amount, style, 9);
    this.y += h;
    this.rule();
  }
}

const rs = formatRupees;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthWords = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
const QUARTER_WORDS = [
  'Q1 (April to June)',
  'Q2 (July to September)',
  'Q3 (October to December)',
  'Q4 (January to March)',
];

export function renderForm16Pdf(doc: Form16Document): Buffer {
  const f = doc.figures;
  const e = doc.employee;
  const c = new Page(`Form 16 Part B, FY ${f.financialYear}: ${e.name} (${e.code}), continued`);

  // Header: the certificate and its parties.
  c.text(MARGIN, c.y + 15, 'Form No. 16, Part B', BOLD, 16, ACCENT);
  c.textRight(RIGHT, c.y + 15, `Assessment year ${f.assessmentYear}`, BOLD, 11);
  c.y += 20;
  c.para(
    MARGIN,
    WIDTH,
    `Certificate under section 203 of the Income-tax Act for tax deducted at source from income chargeable under the head "Salaries", financial year ${f.financialYear} (${monthWords(doc.period.from)} to ${monthWords(doc.period.to)}).`,
    REGULAR,
    8.5,
    MUTED,
  );
  c.y += 6;
  const top = c.y;
  c.text(MARGIN, c.y + 9, 'Employer', BOLD, 8, MUTED);
  c.y += 12;
  c.para(MARGIN, WIDTH / 2 - 10, doc.employer.legal_name || doc.employer.name, BOLD, 10);
  for (const l of doc.employer.address) c.para(MARGIN, WIDTH / 2 - 10, l, REGULAR, 8.5);
  c.para(
    MARGIN,
    WIDTH / 2 - 10,
    `TAN ${doc.employer.tan ?? 'not set'}    PAN ${doc.employer.pan ?? 'not set'}`,
    REGULAR,
    8.5,
  );
  const leftEnd = c.y;
  c.y = top;
  const x2 = MARGIN + WIDTH / 2 + 10;
  c.text(x2, c.y + 9, 'Employee', BOLD, 8, MUTED);
  c.y += 12;
  c.para(x2, WIDTH / 2 - 10, e.name, BOLD, 10);
  c.para(x2, WIDTH / 2 - 10, `Employee code ${e.code}`, REGULAR, 8.5);
  if (e.designation) c.para(x2, WIDTH / 2 - 10, e.designation, REGULAR, 8.5);
  c.para(x2, WIDTH / 2 - 10, `PAN ${e.pan ?? 'not on record'}`, REGULAR, 8.5);
  c.para(x2, WIDTH / 2 - 10, `Tax regime: ${f.regime === 'new' ? 'new regime' : 'old regime'}`, REGULAR, 8.5);
  c.y = Math.max(leftEnd, c.y) + 4;

  c.heading('1. Gross salary');
  c.row('(a) Salary as per section 17(1)', rs(f.salary17_1Paise), { indent: 1 });
  c.row('(b) Value of perquisites under section 17(2) (Form 12BA)', rs(f.perquisites17_2Paise), {
    indent: 1,
  });
  c.row('(c) Profits in lieu of salary under section 17(3)', rs(f.profitsInLieu17_3Paise), { indent: 1 });
  c.row('(d) Total', rs(f.grossSalaryPaise), { bold: true });
  if (f.previousEmployerSalaryPaise > 0) {
    c.row('(e) Salary from the previous employer this year (Form 12B)', rs(f.previousEmployerSalaryPaise), {
      indent: 1,
    });
  }

  c.heading('2. Less: allowances exempt under section 10');
  if (f.regime === 'old') {
    c.row('House rent allowance under section 10(13A)', rs(f.exemptions.hraPaise), { indent: 1 });
    c.row('Leave travel under section 10(5)', rs(f.exemptions.ltaPaise), { indent: 1 });
  }
  c.row('Other earnings exempt or not taxable', rs(f.exemptions.otherPaise), { indent: 1 });
  c.row('Total exemption under section 10', rs(f.exemptions.totalPaise), { bold: true });
  c.row('3. Salary after exemptions', rs(f.salaryAfterExemptionsPaise), { bold: true });

  c.heading('4. Deductions under section 16');
  c.row('(a) Standard deduction under section 16(ia)', rs(f.standardDeductionPaise), { indent: 1 });
  c.row('(b) Tax on employment (professional tax) under section 16(iii)', rs(f.professionalTaxPaise), {
    indent: 1,
  });
  c.row('5. Income chargeable under the head "Salaries"', rs(f.incomeFromSalaryPaise), { bold: true });

  c.heading('6. Other income reported by the employee');
  c.row('Income (or admissible loss) from house property', rs(f.houseProperty24bPaise), { indent: 1 });
  c.row('Income under other heads', rs(f.otherIncomePaise), { indent: 1 });
  c.row('7. Gross total income', rs(f.grossTotalIncomePaise), { bold: true });

  c.heading('8. Deductions under Chapter VI-A');
  if (f.chapterVIA.length === 0) c.row('None allowed in this regime or none claimed', rs(0), { indent: 1 });
  for (const d of f.chapterVIA) c.row(`Section ${d.section}: ${d.label}`, rs(d.amountPaise), { indent: 1 });
  c.row('Total deductions under Chapter VI-A', rs(f.chapterVIATotalPaise), { bold: true });

  c.heading('9. Tax');
  c.row('Total taxable income', rs(f.totalIncomePaise), { bold: true });
  c.row('Tax on total income', rs(f.taxOnIncomePaise), { indent: 1 });
  c.row('Rebate under section 87A', rs(f.rebate87APaise), { indent: 1 });
  c.row('Surcharge', rs(f.surchargePaise), { indent: 1 });
  c.row('Health and education cess', rs(f.cessPaise), { indent: 1 });
  c.row('Tax payable', rs(f.taxPayablePaise), { bold: true });
  c.row('Less: relief under section 89', rs(f.relief89Paise), { indent: 1 });
  c.row('Net tax payable', rs(f.netTaxPayablePaise), { bold: true });

  c.heading('10. Tax deducted at source by quarter');
  for (const q of f.quarters) {
    c.row(`${QUARTER_WORDS[q.quarter - 1]}: salary paid ${rs(q.grossPaise)}`, rs(q.tdsPaise), { indent: 1 });
  }
  c.row('Total tax deducted by this employer', rs(f.tdsThisEmployerPaise), { bold: true });
  if (f.tdsPreviousEmployerPaise > 0) {
    c.row('Tax deducted by the previous employer (Form 12B)', rs(f.tdsPreviousEmployerPaise), { indent: 1 });
  }
  c.row(f.balancePaise >= 0 ? 'Tax still payable' : 'Tax deducted in excess', rs(Math.abs(f.balancePaise)), {
    bold: true,
  });

  c.y += 10;
  for (const note of f.notes) c.para(MARGIN, WIDTH, note, REGULAR, 8, MUTED);
  c.para(
    MARGIN,
    WIDTH,
    `Issued on ${formatDate(doc.issued_on)}. Part A (the TRACES certificate of the quarterly TDS returns) is issued separately. Amounts in rupees.`,
    REGULAR,
    8,
    MUTED,
  );

  if (f.perquisites.length > 0) {
    c.newPage();
    c.text(MARGIN, c.y + 15, 'Form No. 12BA', BOLD, 16, ACCENT);
    c.y += 22;
    c.para(
      MARGIN,
      WIDTH,
      `Statement of particulars of perquisites, other fringe benefits or amenities and profits in lieu of salary, financial year ${f.financialYear}: ${e.name}, PAN ${e.pan ?? 'not on record'}.`,
      REGULAR,
      8.5,
      MUTED,
    );
    c.heading('Perquisite: value / recovered from the employee / chargeable to tax');
    for (const p of f.perquisites) {
      c.row(`${p.label}: value ${rs(p.valuePaise)}, recovered ${rs(p.recoveredPaise)}`, rs(p.taxablePaise), {
        indent: 1,
      });
    }
    const total = f.perquisites.reduce((a, p) => a + p.taxablePaise, 0);
    c.row('Total value of perquisites chargeable to tax', rs(total), { bold: true });
  }

  // Footers with page numbers.
  const y = A4.height - 44;
  c.pages.forEach((ops, i) => {
    ops.push(`${RULE} RG 0.5 w ${n(MARGIN)} ${n(A4.height - y)} m ${n(RIGHT)} ${n(A4.height - y)} l S`);
    const foot = encodeWinAnsi('Computer-generated from the confirmed payslips of the year.');
    ops.push(
      `${MUTED} rg BT ${FONT.regular} 7.5 Tf ${n(MARGIN)} ${n(A4.height - y - 14)} Td (${pdfString(foot)}) Tj ET`,
    );
    const page = `Page ${i + 1} of ${c.pages.length}`;
    const w = textWidth(encodeWinAnsi(page), REGULAR, 7.5);
    ops.push(
      `${MUTED} rg BT ${FONT.regular} 7.5 Tf ${n(RIGHT - w)} ${n(A4.height - y - 14)} Td (${page}) Tj ET`,
    );
  });
  return writePdf(
    c.pages.map((ops) => ops.join('\n')),
    {
      title: `Form 16 FY ${f.financialYear}: ${e.name}`,
      author: doc.employer.name,
      subject: `Form 16 Part B of ${e.name} (${e.code}) for financial year ${f.financialYear}`,
    },
  );
}
