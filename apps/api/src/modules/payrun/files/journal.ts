import { CSV_TYPE, csvText, monthEnd, monthName, runFileName, rupees2 } from './format';
import type { FileInput, GeneratedFile } from './types';

/**
 * The accounting journal of a confirmed run (docs/payroll-files.md §8, §9): one entry for the month,
 * salaries and employer contributions debited to expense ledgers, what is owed credited to payable
 * ledgers, net pay to Salary payable. Debits equal credits by construction (gross = deductions +
 * net on every payslip) and are checked before anything is written.
 */

export const LEDGERS = {
  salaries: 'Salaries',
  employerPf: 'Employer PF contribution',
  employerEsi: 'Employer ESI contribution',
  employerLwf: 'Employer LWF contribution',
  employerNps: 'Employer NPS contribution',
  pfPayable: 'PF payable',
  esiPayable: 'ESI payable',
  ptPayable: 'Professional tax payable',
  lwfPayable: 'LWF payable',
  tdsPayable: 'TDS payable',
  npsPayable: 'NPS payable',
  otherDeductions: 'Other deductions',
  salaryPayable: 'Salary payable',
} as const;

/** A statutory deduction's payable ledger. */
const DEDUCTION_LEDGER: Record<string, string> = {
  EPF_EE: LEDGERS.pfPayable,
  VPF_EE: LEDGERS.pfPayable,
  ESI_EE: LEDGERS.esiPayable,
  PT: LEDGERS.ptPayable,
  LWF_EE: LEDGERS.lwfPayable,
  TDS: LEDGERS.tdsPayable,
};

/** An employer line's expense ledger and the payable it is remitted through. */
const EMPLOYER_LEDGERS: Record<string, [string, string]> = {
  EPF_ER: [LEDGERS.employerPf, LEDGERS.pfPayable],
  EPS_ER: [LEDGERS.employerPf, LEDGERS.pfPayable],
  EDLI_ER: [LEDGERS.employerPf, LEDGERS.pfPayable],
  EPF_ADMIN: [LEDGERS.employerPf, LEDGERS.pfPayable],
  ESI_ER: [LEDGERS.employerEsi, LEDGERS.esiPayable],
  LWF_ER: [LEDGERS.employerLwf, LEDGERS.lwfPayable],
  NPS_ER: [LEDGERS.employerNps, LEDGERS.npsPayable],
};

/** One ledger of the entry: exactly one of debit and credit is above zero (paise). */
export type JournalLine = { ledger: string; debit: number; credit: number };
export type Journal = { date: string; narration: string; lines: JournalLine[] };

/** The statutory ledgers in a fixed order; salaries before them, other ledgers after, net pay last. */
const FIXED_ORDER: string[] = [
  LEDGERS.employerPf,
  LEDGERS.employerEsi,
  LEDGERS.employerLwf,
  LEDGERS.employerNps,
  LEDGERS.pfPayable,
  LEDGERS.esiPayable,
  LEDGERS.ptPayable,
  LEDGERS.lwfPayable,
  LEDGERS.tdsPayable,
  LEDGERS.npsPayable,
];

function rank(ledger: string): number {
  if (ledger === LEDGERS.salaryPayable) return 1000;
  if (ledger.startsWith(`${LEDGERS.salaries} - `)) return -1;
  const i = FIXED_ORDER.indexOf(ledger);
  return i >= 0 ? i : FIXED_ORDER.length;
}

/** Ledgers in reading order; the sort is stable, so earnings and other ledgers keep payslip order. */
function ordered(m: Map<string, number>): [string, number][] {
  return [...m].sort((a, b) => rank(a[0]) - rank(b[0]));
}

export function buildJournal(input: FileInput): Journal {
  // Signed paise per ledger, debit positive; a Map keeps first-seen order (earnings in payslip order).
  const debits = new Map<string, number>();
  const credits = new Map<string, number>();
  const post = (m: Map<string, number>, ledger: string, paise: number) =>
    m.set(ledger, (m.get(ledger) ?? 0) + paise);
  let net = 0;
  for (const slip of input.slips) {
    net += slip.net_paise;
    for (const l of slip.lines) {
      if (l.kind === 'earning') post(debits, `${LEDGERS.salaries} - ${l.label}`, l.amount);
      else if (l.kind === 'deduction') {
        post(credits, DEDUCTION_LEDGER[l.code] ?? `${LEDGERS.otherDeductions} - ${l.label}`, l.amount);
      } else if (l.kind === 'employer') {
        const [expense, payable] = EMPLOYER_LEDGERS[l.code] ?? [
          `Employer contribution - ${l.label}`,
          `${l.label} payable`,
        ];
        post(debits, expense, l.amount);
        post(credits, payable, l.amount);
      }
    }
  }
  post(credits, LEDGERS.salaryPayable, net);
  const lines: JournalLine[] = [];
  // A negative balance (a recovery larger than the month's earning, net pay below zero) goes to
  // the other side, so every amount in the files is positive.
  const side = (ledger: string, signedDebit: number) => {
    if (signedDebit !== 0) {
      lines.push({ ledger, debit: Math.max(signedDebit, 0), credit: Math.max(-signedDebit, 0) });
    }
  };
  for (const [ledger, paise] of ordered(debits)) side(ledger, paise);
  for (const [ledger, paise] of ordered(credits)) side(ledger, -paise);
  const dr = lines.reduce((a, l) => a + l.debit, 0);
  const cr = lines.reduce((a, l) => a + l.credit, 0);
  if (dr !== cr) {
    // Only stored lines that disagree with the stored totals can get here: refuse to write a wrong entry.
    throw new Error(`The pay run's journal does not balance: debits ${rupees2(dr)}, credits ${rupees2(cr)}`);
  }
  return {
    date: monthEnd(input.run.month),
    narration: `Salaries for ${monthName(input.run.month)}: pay run ${input.run.id}, ${input.slips.length} payslips`,
    lines,
  };
}

export function journalCsv(input: FileInput): GeneratedFile {
  const j = buildJournal(input);
  const rows: string[][] = [['Date', 'Ledger', 'Debit', 'Credit', 'Narration']];
  for (const l of j.lines) {
    rows.push([
      j.date,
      l.ledger,
      l.debit ? rupees2(l.debit) : '',
      l.credit ? rupees2(l.credit) : '',
      j.narration,
    ]);
  }
  return {
    file_name: runFileName('journal', input.run.month, 'csv'),
    content_type: CSV_TYPE,
    body: csvText(rows),
    left_out: [],
  };
}

/**
 * Text for XML: the five markup characters as entities, and the control characters XML 1.0 cannot
 * carry at all removed (a pasted label could hold one).
 */
export function xmlText(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) continue;
    if (c === 0xfffe || c === 0xffff) continue;
    out +=
      ch === '&'
        ? '&amp;'
        : ch === '<'
          ? '&lt;'
          : ch === '>'
            ? '&gt;'
            : ch === '"'
              ? '&quot;'
              : ch === "'"
                ? '&apos;'
                : ch;
  }
  return out;
}

/**
 * Tally XML import (ENVELOPE → IMPORTDATA → TALLYMESSAGE → VOUCHER): one Journal voucher dated the
 * month's last day, one ALLLEDGERENTRIES.LIST per ledger. Tally's sign convention: a debit is
 * ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit is No with a positive AMOUNT. The ledgers
 * must exist in the Tally company (docs/payroll-files.md §9 lists them); no company is named, so
 * Tally imports into the company open at the time.
 */
export function tallyXml(input: FileInput): GeneratedFile {
  const j = buildJournal(input);
  const date = j.date.replaceAll('-', '');
  const entries = j.lines.map((l) => {
    const debit = l.debit > 0;
    return [
      '      <ALLLEDGERENTRIES.LIST>',
      `       <LEDGERNAME>${xmlText(l.ledger)}</LEDGERNAME>`,
      `       <ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>`,
      `       <AMOUNT>${debit ? `-${rupees2(l.debit)}` : rupees2(l.credit)}</AMOUNT>`,
      '      </ALLLEDGERENTRIES.LIST>',
    ].join('\n');
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    ' <HEADER>',
    '  <TALLYREQUEST>Import Data</TALLYREQUEST>',
    ' </HEADER>',
    ' <BODY>',
    '  <IMPORTDATA>',
    '   <REQUESTDESC>',
    '    <REPORTNAME>Vouchers</REPORTNAME>',
    '   </REQUESTDESC>',
    '   <REQUESTDATA>',
    '    <TALLYMESSAGE xmlns:UDF="TallyUDF">',
    '     <VOUCHER VCHTYPE="Journal" ACTION="Create" OBJVIEW="Accounting Voucher View">',
    `      <DATE>${date}</DATE>`,
    `      <EFFECTIVEDATE>${date}</EFFECTIVEDATE>`,
    '      <VOUCHERTYPENAME>Journal</VOUCHERTYPENAME>',
    `      <VOUCHERNUMBER>${xmlText(`PAYROLL-${input.run.month}`)}</VOUCHERNUMBER>`,
    '      <PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    `      <NARRATION>${xmlText(j.narration)}</NARRATION>`,
    ...entries,
    '     </VOUCHER>',
    '    </TALLYMESSAGE>',
    '   </REQUESTDATA>',
    '  </IMPORTDATA>',
    ' </BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
  return {
    file_name: runFileName('tally-journal', input.run.month, 'xml'),
    content_type: 'application/xml; charset=utf-8',
    body,
    left_out: [],
  };
}
