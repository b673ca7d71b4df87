import type { Payslip, PayslipLine } from '@hr/contract';
import { financialYearOf } from '../month';
import { formatDate, formatDays, formatMonth, formatRupees } from './format';
import { A4, FONT, writePdf } from './pdf-file';
import { encodeWinAnsi, type FontStyle, RUPEE_BYTE, textWidth } from './winansi';

/**
 * One employee's payslip as an A4 PDF (issue 22): company, month, employee details with the masked
 * PAN and bank account, earnings and deductions side by side with their totals, net pay in figures
 * and words, employer contributions beside the year to date, days, notes, and a footer with the
 * engine version. Only lines with `show` are printed (the totals are the payslip's, which count the
 * hidden lines too). Pure: no database, no clock, no file reads; without a password the same input
 * gives the same bytes.
 */

export type PayslipPdfCompany = {
  name: string;
  legal_name: string | null;
  /** Printed one line each (street, city and PIN code ...). */
  address: string[];
  pan: string | null;
  tan: string | null;
};

export type PayslipPdfDoc = { company: PayslipPdfCompany; payslip: Payslip };

export type PayslipPdfOptions = {
  /** The PDF then opens only with it (AES-256); see `payslipPassword` for the pattern. */
  password?: string;
};

export function renderPayslipPdf(doc: PayslipPdfDoc, opts: PayslipPdfOptions = {}): Buffer {
  const p = doc.payslip;
  const name = p.employee.name;
  const month = formatMonth(p.month);
  const c = new Canvas(encodeWinAnsi(`Payslip ${month}: ${name} (${p.employee.code}), continued`));
  header(c, doc.company, p);
  employee(c, p);
  days(c, p);
  const shown = (kind: PayslipLine['kind']) =>
    p.lines.filter((l) => l.show && l.kind === kind).map((l) => row(l.label, formatRupees(l.amount_paise)));

  c.y += 16;
  pairTable(
    c,
    {
      title: 'Earnings',
      rows: shown('earning'),
      totals: [row('Gross earnings', formatRupees(p.gross_paise))],
      empty: 'No earnings this month',
    },
    {
      title: 'Deductions',
      rows: shown('deduction'),
      totals: [row('Total deductions', formatRupees(p.deductions_paise))],
      empty: 'No deductions this month',
    },
  );
  netPay(c, p);

  c.y += 16;
  sideBySide(
    c,
    {
      title: 'Employer contributions',
      rows: shown('employer'),
      totals: [
        row('Total employer contributions', formatRupees(p.employer_paise)),
        row('Cost to company this month', formatRupees(p.ctc_paise)),
      ],
      empty: 'None this month',
    },
    {
      title: `Year to date (financial year ${financialYearOf(p.month)})`,
      amountTitle: '',
      rows: [
        row('Gross earnings', formatRupees(p.ytd.gross_paise)),
        row('Income tax (TDS)', formatRupees(p.ytd.tds_paise)),
        row('Employee PF', formatRupees(p.ytd.employee_pf_paise)),
        row('Professional tax', formatRupees(p.ytd.pt_paise)),
        row('Months paid this year', String(p.ytd.months)),
      ],
      totals: [],
      empty: '',
    },
  );
  const info = shown('info');
  if (info.length > 0) {
    c.y += 16;
    pairTable(c, { title: 'Other information', rows: info, totals: [], empty: '' }, null);
  }
  notes(c, p.notes);

  footers(c, p.engine_version);
  return writePdf(
    c.pages.map((ops) => ops.join('\n')),
    {
      title: `Payslip ${month}: ${name}`,
      author: doc.company.name,
      subject: `Payslip of ${name} (${p.employee.code}) for ${month}`,
    },
    opts.password,
  );
}

// ---- Drawing ------------------------------------------------------------------------------------

const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
const TOP = 40;
/** Content stays above this (from the top); the footer is below it. */
const BOTTOM = A4.height - 62;

type Color = readonly [number, number, number];
const INK: Color = [0.12, 0.13, 0.15];
const MUTED: Color = [0.4, 0.42, 0.45];
const ACCENT: Color = [0.09, 0.28, 0.5];
const RULE: Color = [0.8, 0.82, 0.86];
const SHADE: Color = [0.94, 0.95, 0.97];
const NET: Color = [0.9, 0.94, 0.98];
const WARN: Color = [0.72, 0.11, 0.11];

const REGULAR: FontStyle = 0;
const BOLD: FontStyle = 1;
const RUPEE = String.fromCharCode(RUPEE_BYTE);

/** A number as content streams want it: at most two decimals, never an exponent. */
const n = (v: number) => String(Math.round(v * 100) / 100);
const rgb = (c: Color) => `${c[0]} ${c[1]} ${c[2]}`;
const pdfString = (s: string) => s.replace(/[\\()]/g, '\\$&');

/** Pages of content operators; y is measured from the top of the page, as the layout reads. */
class Canvas {
  pages: string[][] = [[]];
  /** The page drawn on: the last one, except while the footers are written. */
  page = 0;
  y = TOP;

  /** @param running a line at the top of every page after the first (whose payslip it is). */
  constructor(private readonly running: string) {}

  private get ops(): string[] {
    return this.pages[this.page]!;
  }

  /** Room for h points from y, else a new page. True when a page was started. */
  ensure(h: number): boolean {
    if (this.y + h <= BOTTOM) return false;
    this.pages.push([]);
    this.page = this.pages.length - 1;
    this.text(MARGIN, TOP + 8, this.running, REGULAR, 8, MUTED);
    this.y = TOP + 18;
    return true;
  }

  /** Encoded text with its baseline at `baseline` (from the top); ₹ is drawn in the Type 3 font. */
  text(x: number, baseline: number, enc: string, style: FontStyle, size: number, color: Color = INK): void {
    const font = style === BOLD ? FONT.bold : FONT.regular;
    let op = `${rgb(color)} rg BT ${font} ${size} Tf ${n(x)} ${n(A4.height - baseline)} Td`;
    const parts = enc.split(RUPEE);
    parts.forEach((part, i) => {
      if (i > 0) op += ` ${FONT.rupee} ${size} Tf <0${style === BOLD ? 2 : 1}> Tj ${font} ${size} Tf`;
      if (part !== '') op += ` (${pdfString(part)}) Tj`;
    });
    this.ops.push(`${op} ET`);
  }

  textRight(
    right: number,
    baseline: number,
    enc: string,
    style: FontStyle,
    size: number,
    color?: Color,
  ): void {
    this.text(right - textWidth(enc, style, size), baseline, enc, style, size, color);
  }

  rect(x: number, top: number, w: number, h: number, color: Color): void {
    this.ops.push(`${rgb(color)} rg ${n(x)} ${n(A4.height - top - h)} ${n(w)} ${n(h)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Color, width = 0.5): void {
    const h = A4.height;
    this.ops.push(`${rgb(color)} RG ${width} w ${n(x1)} ${n(h - y1)} m ${n(x2)} ${n(h - y2)} l S`);
  }
}

/** Encoded text broken into lines no wider than `width`; a word too long for a line is cut. */
export function wrap(enc: string, style: FontStyle, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of enc.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(candidate, style, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    let rest = word;
    while (rest.length > 1 && textWidth(rest, style, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), style, size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  lines.push(current);
  return lines;
}

/** Wrapped text from the canvas's y down; returns the height used. */
function paragraph(
  c: Canvas,
  x: number,
  top: number,
  width: number,
  text: string,
  style: FontStyle,
  size: number,
  leading: number,
  color: Color = INK,
): number {
  const lines = wrap(encodeWinAnsi(text), style, size, width);
  lines.forEach((l, i) => {
    c.text(x, top + i * leading + size, l, style, size, color);
  });
  return lines.length * leading;
}

function header(c: Canvas, company: PayslipPdfCompany, p: Payslip): void {
  const leftWidth = WIDTH - 180;
  let left = c.y;
  left += paragraph(c, MARGIN, left, leftWidth, company.name, BOLD, 15, 18, ACCENT);
  const small = [
    company.legal_name && company.legal_name !== company.name ? company.legal_name : null,
    ...company.address,
    [company.pan ? `PAN ${company.pan}` : '', company.tan ? `TAN ${company.tan}` : '']
      .filter(Boolean)
      .join('    '),
  ];
  for (const s of small) if (s) left += paragraph(c, MARGIN, left + 1, leftWidth, s, REGULAR, 8.5, 11, MUTED);

  let right = c.y;
  c.textRight(RIGHT, right + 15, encodeWinAnsi('Payslip'), BOLD, 16, ACCENT);
  right += 20;
  c.textRight(RIGHT, right + 12, encodeWinAnsi(formatMonth(p.month)), BOLD, 12);
  right += 16;
  c.textRight(RIGHT, right + 9, encodeWinAnsi(`Pay date ${formatDate(p.pay_date)}`), REGULAR, 8.5, MUTED);
  right += 12;
  if (!p.confirmed) {
    c.textRight(RIGHT, right + 9, encodeWinAnsi('Draft: the pay run is not confirmed'), BOLD, 8.5, WARN);
    right += 12;
  }
  c.y = Math.max(left, right) + 8;
  c.line(MARGIN, c.y, RIGHT, c.y, ACCENT, 1);
}

function employee(c: Canvas, p: Payslip): void {
  const e = p.employee;
  const leftRows: [string, string | null, FontStyle][] = [
    ['Employee', e.name, BOLD],
    ['Employee code', e.code, REGULAR],
    ['Designation', e.designation, REGULAR],
    ['Division', e.division, REGULAR],
    ['Date of joining', e.date_of_joining && formatDate(e.date_of_joining), REGULAR],
  ];
  const rightRows: [string, string | null, FontStyle][] = [
    ['PAN', e.pan_masked, REGULAR],
    ['UAN', e.uan, REGULAR],
    ['ESI number', e.esi_number, REGULAR],
    ['Bank', e.bank_name, REGULAR],
    ['Account number', e.bank_account_masked, REGULAR],
  ];
  const top = c.y + 12;
  const column = (x: number, rows: typeof leftRows) => {
    let y = top;
    for (const [label, value, style] of rows) {
      if (value == null || value === '') continue;
      c.text(x, y + 9, encodeWinAnsi(label), REGULAR, 8, MUTED);
      y += paragraph(c, x + 82, y, WIDTH / 2 - 92, value, style, 9, 13);
    }
    return y;
  };
  c.y = Math.max(column(MARGIN, leftRows), column(MARGIN + WIDTH / 2 + 10, rightRows));
}

function days(c: Canvas, p: Payslip): void {
  const cells: [string, number][] = [
    ['Total days', p.days.basis],
    ['Paid days', p.days.payable],
    ['Loss of pay days', p.days.lop],
  ];
  if (p.days.outside_employment > 0) cells.push(['Days outside employment', p.days.outside_employment]);
  const gap = 6;
  const w = (WIDTH - gap * (cells.length - 1)) / cells.length;
  const top = c.y + 8;
  cells.forEach(([label, value], i) => {
    const x = MARGIN + i * (w + gap);
    c.rect(x, top, w, 32, SHADE);
    c.text(x + 8, top + 12, encodeWinAnsi(label), REGULAR, 8, MUTED);
    c.text(x + 8, top + 26, encodeWinAnsi(formatDays(value)), BOLD, 11);
  });
  c.y = top + 32;
}

type Row = { label: string; amount: string; muted?: boolean };
const row = (label: string, amount: string): Row => ({ label, amount });
type Side = { title: string; amountTitle?: string; rows: Row[]; totals: Row[]; empty: string };
/** The words a side shows when it has no rows. */
const emptyRow = (s: Side): Row | null => (s.empty ? { label: s.empty, amount: '', muted: true } : null);

const PAD = 6;
const AMOUNT_WIDTH = 92;
const LEADING = 11;
const TITLE_HEIGHT = 18;
const HALF = WIDTH / 2;
/** Columns drawn independently side by side leave this gap between them. */
const GAP = 12;

/** A table row's cells: each side's label wrapped to its width, and the row's height. */
function measure(rows: (Row | null)[], style: FontStyle, width: number) {
  const labels = rows.map((r) =>
    r ? wrap(encodeWinAnsi(r.label), style, 9, width - AMOUNT_WIDTH - 3 * PAD) : [],
  );
  return { labels, height: Math.max(1, ...labels.map((l) => l.length)) * LEADING + 8 };
}

function titleRow(c: Canvas, left: number, sides: Side[], width: number, step: number): void {
  c.rect(left, c.y, step * (sides.length - 1) + width, TITLE_HEIGHT, SHADE);
  sides.forEach((s, i) => {
    const x = left + i * step;
    c.text(x + PAD, c.y + 12.5, encodeWinAnsi(s.title), BOLD, 8.5, ACCENT);
    const amountTitle = s.amountTitle ?? 'Amount';
    if (amountTitle) c.textRight(x + width - PAD, c.y + 12.5, encodeWinAnsi(amountTitle), BOLD, 8.5, ACCENT);
  });
  c.y += TITLE_HEIGHT;
}

/** One row across the sides (a null cell is left empty); totals are bold on a shade. */
function tableRow(c: Canvas, x: number, rows: (Row | null)[], style: FontStyle, width: number, step: number) {
  const { labels, height } = measure(rows, style, width);
  const span = step * (rows.length - 1) + width;
  if (style === BOLD) c.rect(x, c.y, span, height, SHADE);
  rows.forEach((r, i) => {
    if (!r) return;
    const left = x + i * step;
    const color = r.muted ? MUTED : INK;
    labels[i]!.forEach((l, j) => {
      c.text(left + PAD, c.y + 4 + j * LEADING + 9, l, style, 9, color);
    });
    c.textRight(left + width - PAD, c.y + 13, encodeWinAnsi(r.amount), style, 9, color);
  });
  if (rows.length > 1 && step === width) c.line(x + width, c.y, x + width, c.y + height, RULE);
  c.y += height;
  c.line(x, c.y, x + span, c.y, RULE);
}

/** A side's rows: its own, or its words for none. */
const bodyOf = (s: Side) => (s.rows.length > 0 ? s.rows : [emptyRow(s)]);

/**
 * Two tables as one, a half page each, rows paired by position and the totals on the last rows (so
 * gross earnings and total deductions face each other); `right` null draws the left half only. Rows
 * run on over pages, the titles repeated on each.
 */
function pairTable(c: Canvas, left: Side, right: Side | null): void {
  const sides = right ? [left, right] : [left];
  const bodies = sides.map(bodyOf);
  const body = Math.max(...bodies.map((b) => b.length));
  const totals = Math.max(...sides.map((s) => s.totals.length));
  const rows: [(Row | null)[], FontStyle][] = [];
  for (let i = 0; i < body; i++) rows.push([bodies.map((b) => b[i] ?? null), REGULAR]);
  for (let i = 0; i < totals; i++) rows.push([sides.map((s) => s.totals[i] ?? null), BOLD]);

  c.ensure(TITLE_HEIGHT + measure(rows[0]![0], rows[0]![1], HALF).height);
  titleRow(c, MARGIN, sides, HALF, HALF);
  for (const [cells, style] of rows) {
    if (c.ensure(measure(cells, style, HALF).height)) titleRow(c, MARGIN, sides, HALF, HALF);
    tableRow(c, MARGIN, cells, style, HALF, HALF);
  }
}

/**
 * Two tables of their own side by side (employer contributions beside the year to date): each as
 * long as its rows, so neither has gaps. Both move to a new page when they do not fit; tables longer
 * than a page are drawn one after the other instead.
 */
function sideBySide(c: Canvas, left: Side, right: Side): void {
  const width = (WIDTH - GAP) / 2;
  const height = (s: Side) =>
    TITLE_HEIGHT +
    bodyOf(s).reduce((h, r) => h + measure([r], REGULAR, width).height, 0) +
    s.totals.reduce((h, r) => h + measure([r], BOLD, width).height, 0);
  if (Math.max(height(left), height(right)) > BOTTOM - TOP) {
    pairTable(c, left, null);
    c.y += 16;
    pairTable(c, right, null);
    return;
  }
  c.ensure(Math.max(height(left), height(right)));
  const top = c.y;
  let bottom = top;
  [left, right].forEach((s, i) => {
    const x = MARGIN + i * (width + GAP);
    c.y = top;
    titleRow(c, x, [s], width, width);
    for (const r of bodyOf(s)) tableRow(c, x, [r], REGULAR, width, width);
    for (const r of s.totals) tableRow(c, x, [r], BOLD, width, width);
    bottom = Math.max(bottom, c.y);
  });
  c.y = bottom;
}

function netPay(c: Canvas, p: Payslip): void {
  const words = wrap(encodeWinAnsi(p.net_in_words), REGULAR, 9, WIDTH - 2 * PAD - 10);
  const h = 30 + words.length * LEADING + 6;
  c.y += 12;
  c.ensure(h);
  c.rect(MARGIN, c.y, WIDTH, h, NET);
  c.text(MARGIN + PAD + 4, c.y + 19, encodeWinAnsi('Net pay'), BOLD, 11, ACCENT);
  c.textRight(RIGHT - PAD - 4, c.y + 20, encodeWinAnsi(formatRupees(p.net_paise)), BOLD, 14, ACCENT);
  words.forEach((l, i) => {
    c.text(MARGIN + PAD + 4, c.y + 30 + i * LEADING + 8, l, REGULAR, 9);
  });
  c.y += h;
}

function notes(c: Canvas, list: string[]): void {
  if (list.length === 0) return;
  c.y += 14;
  c.ensure(30);
  c.text(MARGIN, c.y + 9, encodeWinAnsi('Notes'), BOLD, 9, ACCENT);
  c.y += 14;
  for (const note of list) {
    const lines = wrap(encodeWinAnsi(note), REGULAR, 8.5, WIDTH - 12);
    lines.forEach((l, i) => {
      c.ensure(LEADING);
      if (i === 0) c.text(MARGIN, c.y + 8.5, encodeWinAnsi('\u2022'), REGULAR, 8.5, MUTED);
      c.text(MARGIN + 10, c.y + 8.5, l, REGULAR, 8.5);
      c.y += LEADING;
    });
    c.y += 2;
  }
}

function footers(c: Canvas, engineVersion: string): void {
  const text = encodeWinAnsi(
    `This is a computer-generated payslip and needs no signature. Payroll engine ${engineVersion}.`,
  );
  const y = A4.height - 44;
  for (let i = 0; i < c.pages.length; i++) {
    c.page = i;
    c.line(MARGIN, y, RIGHT, y, RULE);
    c.text(MARGIN, y + 14, text, REGULAR, 7.5, MUTED);
    c.textRight(RIGHT, y + 14, encodeWinAnsi(`Page ${i + 1} of ${c.pages.length}`), REGULAR, 7.5, MUTED);
  }
}
