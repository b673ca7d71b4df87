import { PAY_RUN_FILE_KINDS } from '@hr/contract';
import ExcelJS from 'exceljs';
import { csvRecords } from '../../../lib/csv';
import { HDFC_FIELDS } from './bank';
import { ECR_FIELDS, ECR_SEPARATOR, ecrGrossWages } from './epf-ecr';
import { ESI_HEADERS } from './esi';
import { child, childrenNamed, fileInput, readXml } from './files.fixtures';
import {
  bankHdfc,
  bankTransferCsv,
  buildJournal,
  epfEcr,
  esiContribution,
  generateRunFile,
  journalCsv,
  lwfSummary,
  payRegister,
  ptSummary,
  tallyXml,
} from './index';
import type { FileInput, FileSlip, GeneratedFile } from './types';

/**
 * Every file of a confirmed run is parsed back and checked field by field against the payslips it
 * came from (issue 22). Expected figures are read off the input's stored lines, and the key rows
 * are also written out by hand from the engine's arithmetic (files.fixtures.ts).
 */

const input = fileInput();
const byCode = (code: string) => input.slips.find((s) => s.employee.code === code)!;
const amt = (s: FileSlip, code: string) => s.lines.find((l) => l.code === code)?.amount ?? 0;
/** Rupees with two decimals, worked independently of the writers' own helper. */
const rs = (paise: number) => (paise / 100).toFixed(2);
const text = (f: GeneratedFile) => {
  expect(typeof f.body).toBe('string');
  return f.body as string;
};
const csv = (f: GeneratedFile) => {
  expect(text(f).startsWith('\uFEFF')).toBe(true);
  return csvRecords(Buffer.from(text(f)));
};
async function sheetOf(f: GeneratedFile): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(f.body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('bank transfer CSV', () => {
  it('pays each net pay to the account snapshotted at confirm, one row per payslip with pay, and lists who is left out', () => {
    const f = bankTransferCsv(input);
    expect(f.file_name).toBe('bank-transfer-06-2026.csv');
    const [header, ...rows] = csv(f);
    expect(header).toEqual([
      'Employee code',
      'Employee name',
      'Beneficiary name',
      'Account number',
      'IFSC',
      'Bank',
      'Amount',
      'Payment date',
      'Narration',
      'Debit account',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['E001', 'E002', 'E003']);
    for (const r of rows) {
      const s = byCode(r[0]!);
      const holder = s.bank!.holder_name ?? s.employee.name;
      expect(r).toEqual([
        s.employee.code,
        s.employee.name,
        holder.startsWith('+') ? `'${holder}` : holder,
        s.bank!.account_number,
        s.bank!.ifsc,
        s.bank!.bank_name,
        rs(s.net_paise),
        '2026-06-30',
        'Salary June 2026',
        '50200012345678',
      ]);
    }
    // A name with a comma stays one field; a holder name starting with "+" is not a formula.
    expect(rows[1]![1]).toBe("Zoë D'Souza, Jr.");
    expect(rows[2]![2]).toBe("'+Ravi Kumar");
    const total = rows.reduce((a, r) => a + Math.round(Number(r[6]) * 100), 0);
    expect(total).toBe(byCode('E001').net_paise + byCode('E002').net_paise + byCode('E003').net_paise);
    expect(rows[0]![6]).toBe('16560.00');
    expect(f.left_out).toEqual([
      { employee_code: 'E004', name: 'Meena Iyer', reason: 'No net pay this month' },
      { employee_code: 'E005', name: 'Vikram Singh', reason: 'No bank account on record' },
    ]);
  });

  it('leaves out an account without a valid IFSC rather than sending a blank one', () => {
    const changed = structuredClone(input);
    changed.slips[0]!.bank!.ifsc = null;
    changed.slips[1]!.bank!.ifsc = 'ICIC000456';
    const f = bankTransferCsv(changed);
    expect(csv(f).map((r) => r[0])).toEqual(['Employee code', 'E003']);
    expect(f.left_out.map((l) => [l.employee_code, l.reason])).toEqual([
      ['E001', 'The bank account has no valid IFSC'],
      ['E002', 'The bank account has no valid IFSC'],
      ['E004', 'No net pay this month'],
      ['E005', 'No bank account on record'],
    ]);
  });
});

describe('HDFC ENet bulk upload', () => {
  it('writes 28 unquoted comma-separated fields per credit, ASCII letters and digits only, checked field by field', () => {
    const f = bankHdfc(input);
    expect(f.file_name).toBe('hdfc-enet-06-2026.csv');
    const body = text(f);
    expect(body.endsWith('\n')).toBe(false);
    expect(body.includes('"')).toBe(false);
    const records = body.split('\r\n').map((l) => l.split(','));
    expect(records).toHaveLength(3);
    const expected: Record<string, [string, string, string]> = {
      // code: [beneficiary name, bank name, amount]
      E001: ['Asha Rao', 'HDFC Bank', '16560.00'],
      E002: ['Zoe DSouza', 'ICICI Bank Fort', '137925.00'],
      E003: ['Ravi Kumar', 'State Bank of India', '12392.00'],
    };
    for (const [k, r] of records.entries()) {
      const s = input.slips[k]!;
      expect(r).toHaveLength(HDFC_FIELDS);
      for (const field of r) expect(field).toMatch(/^[A-Za-z0-9 ./]*$/);
      const [name, bank, amount] = expected[s.employee.code]!;
      expect(r[0]).toBe('N');
      expect(r[1]).toBe('');
      expect(r[2]).toBe(s.bank!.account_number);
      expect(r[3]).toBe(amount);
      expect(r[3]).toBe(rs(s.net_paise));
      expect(r[4]).toBe(name);
      expect(r[13]).toBe(`SAL202606${s.employee.code}`);
      expect(r[14]).toBe('Salary June 2026');
      expect(r[22]).toBe('30/06/2026');
      expect(r[24]).toBe(s.bank!.ifsc);
      expect(r[25]).toBe(bank);
      // Every other field is blank (DD, address, cheque, MICR, branch and e-mail fields).
      const used = new Set([0, 2, 3, 4, 13, 14, 22, 24, 25]);
      for (const [i, field] of r.entries()) if (!used.has(i)) expect(field).toBe('');
    }
    expect(f.left_out.map((l) => l.employee_code)).toEqual(['E004', 'E005']);
  });

  it('cuts a long name to 40 characters and leaves out a name with no Latin letters', () => {
    const changed = structuredClone(input);
    changed.slips[0]!.bank!.holder_name = 'Venkata Lakshmi Narasimha Subrahmanya Sastry Garu';
    changed.slips[1]!.bank!.holder_name = 'ज़ोई';
    const f = bankHdfc(changed);
    const records = text(f)
      .split('\r\n')
      .map((l) => l.split(','));
    expect(records[0]![4]).toBe('Venkata Lakshmi Narasimha Subrahmanya Sa');
    expect(records[0]![4]).toHaveLength(40);
    expect(records.map((r) => r[13])).toEqual(['SAL202606E001', 'SAL202606E003']);
    expect(f.left_out[0]).toEqual({
      employee_code: 'E002',
      name: "Zoë D'Souza, Jr.",
      reason: 'The beneficiary name has no letters the bank file can carry',
    });
  });
});

describe('EPF ECR', () => {
  it('writes one #~#-separated line of 11 whole-rupee fields per member with a UAN, each field from the payslip', () => {
    const f = epfEcr(input);
    expect(f.file_name).toBe('epf-ecr-06-2026.txt');
    const body = text(f);
    expect(body.endsWith('\n')).toBe(false);
    const lines = body.split('\r\n');
    // Worked from the engine's arithmetic: E001 18 of 30 days on ₹20,000 Basic (PF wage 12,000,
    // EPS 8.33% = 999.6 → 1,000, NCP 10 days before joining + 2 LOP); E002 capped at ₹15,000 with
    // VPF 2% (1,800 + 300); E003 1.5 LOP days (PF wage 8,550; NCP days 1, the half day dropped).
    expect(lines).toEqual([
      '100200300401#~#Asha Rao#~#18000#~#12000#~#12000#~#12000#~#1440#~#1000#~#440#~#12#~#0',
      '100200300402#~#Zoe DSouza Jr.#~#150000#~#15000#~#15000#~#15000#~#2100#~#1250#~#550#~#0#~#0',
      '100200300403#~#Ravi Kumar#~#14250#~#8550#~#8550#~#8550#~#1026#~#712#~#314#~#1#~#0',
    ]);
    for (const l of lines) {
      const field = l.split(ECR_SEPARATOR);
      expect(field).toHaveLength(ECR_FIELDS);
      const s = input.slips.find((x) => x.employee.uan === field[0])!;
      const line = (code: string) => s.lines.find((x) => x.code === code)!;
      expect(Number(field[2])).toBe(Math.round(s.gross_paise / 100));
      expect(Number(field[3])).toBe(Math.round(line('EPF_EE').base! / 100));
      expect(Number(field[4])).toBe(Math.round(line('EPS_ER').base! / 100));
      expect(Number(field[5])).toBe(Math.round(line('EDLI_ER').base! / 100));
      expect(Number(field[6]) * 100).toBe(amt(s, 'EPF_EE') + amt(s, 'VPF_EE'));
      expect(Number(field[7]) * 100).toBe(amt(s, 'EPS_ER'));
      expect(Number(field[8]) * 100).toBe(amt(s, 'EPF_ER'));
      expect(Number(field[9])).toBe(Math.floor(s.lop_days + s.outside_employment_days));
      expect(field[10]).toBe('0');
    }
    // The member with no UAN is listed; the employee outside EPF (E005) is not a member at all.
    expect(f.left_out).toEqual([{ employee_code: 'E004', name: 'Meena Iyer', reason: 'No UAN on record' }]);
  });

  it('reports gross wages without the reimbursements paid with the salary (not wages), with a leave encashment in', () => {
    const changed = structuredClone(input);
    const slip = changed.slips[2]!;
    const add = (code: string, label: string, amount: number) => {
      slip.lines.push({
        code,
        label,
        kind: 'earning',
        base: null,
        rate: null,
        amount,
        show: true,
        section: '',
      });
      slip.gross_paise += amount;
    };
    add('REIMB_1a2b3c4d', 'Reimbursement: Fuel', 2_345_00);
    add('ENCASH_EL', 'Leave encashment: Earned leave', 4_000_00);
    const field = text(epfEcr(changed)).split('\r\n')[2]!.split(ECR_SEPARATOR);
    expect(field[0]).toBe('100200300403');
    // ₹14,250 of wages + ₹4,000 encashment; the ₹2,345 claim is left out.
    expect(field[2]).toBe('18250');
    expect(ecrGrossWages(slip)).toBe(slip.gross_paise - 2_345_00);
  });

  it('strips the separator and what EPFO refuses from a name, and gives a non-EPS member no EPS wages', () => {
    const changed = structuredClone(input);
    changed.slips[0]!.employee.name = 'Asha #~# Rao-Menon (Ms)';
    changed.slips[2]!.employee.uan = '1002003004';
    const eps = changed.slips[1]!.lines.find((l) => l.code === 'EPS_ER')!;
    eps.rate = 0;
    eps.amount = 0;
    const lines = text(epfEcr(changed)).split('\r\n');
    expect(lines).toHaveLength(2);
    const first = lines[0]!.split(ECR_SEPARATOR);
    expect(first).toHaveLength(ECR_FIELDS);
    expect(first[1]).toBe('Asha RaoMenon Ms');
    const second = lines[1]!.split(ECR_SEPARATOR);
    expect([second[4], second[5], second[7]]).toEqual(['0', '15000', '0']);
    expect(epfEcr(changed).left_out.map((l) => [l.employee_code, l.reason])).toEqual([
      ['E003', 'The UAN is not 12 digits'],
      ['E004', 'No UAN on record'],
    ]);
  });
});

describe('ESI monthly contribution', () => {
  it('writes the six template columns as text for each covered employee with an IP number', async () => {
    const f = await esiContribution(input);
    expect(f.file_name).toBe('esi-contribution-06-2026.xlsx');
    const sheet = await sheetOf(f);
    expect(rowValues(sheet, 1)).toEqual([...ESI_HEADERS]);
    expect(sheet.rowCount).toBe(3);
    const rows = [rowValues(sheet, 2), rowValues(sheet, 3)];
    for (const r of rows) for (const cell of r) expect(typeof cell).toBe('string');
    // E003: 28.5 days paid → 29 (ESIC rounds fractions up); wages paid ₹14,250.
    // E004: full LOP inside employment → 0 days, reason 1 (on leave), no last working day.
    expect(rows[0]).toEqual(['3100123456', 'Ravi Kumar', '29', '14250.00', '', '']);
    expect(rows[1]).toEqual(['3100123457', 'Meena Iyer', '0', '0.00', '1', '']);
    for (const r of rows) {
      const s = input.slips.find((x) => x.employee.esi_number === r[0])!;
      expect(r[1]).toBe(s.employee.name);
      expect(Number(r[2])).toBe(Math.ceil(s.payable_days));
      expect(r[3]).toBe(rs(s.lines.find((l) => l.code === 'ESI_EE')!.base!));
    }
    // Covered (ESI_EE line) but no IP number: left out and listed. E001 and E002 are not covered.
    expect(f.left_out).toEqual([
      { employee_code: 'E005', name: 'Vikram Singh', reason: 'No ESI IP number on record' },
    ]);
  });

  it('gives a leaver with no days paid reason 2 and the exit date as the last working day', async () => {
    const changed = structuredClone(input);
    changed.slips[3]!.employee.exit_date = '2026-06-10';
    const sheet = await sheetOf(await esiContribution(changed));
    expect(rowValues(sheet, 3)).toEqual(['3100123457', 'Meena Iyer', '0', '0.00', '2', '10/06/2026']);
  });
});

describe('PT and LWF summaries', () => {
  it('counts employees and salary per state and PT amount, with state and overall totals that match the payslips', () => {
    const f = ptSummary(input);
    expect(f.file_name).toBe('pt-summary-06-2026.csv');
    const rows = csv(f);
    expect(rows).toEqual([
      ['State', 'PT per employee', 'Employees', 'Salary', 'PT deducted'],
      // E001: ₹18,000 is below Karnataka's ₹25,000 → nil. E004 earned nothing: no PT line.
      ['Karnataka', '0.00', '1', '18000.00', '0.00'],
      ['Karnataka', 'Total', '1', '18000.00', '0.00'],
      // E002 ₹1,50,000 (woman above ₹25,000) and E003 ₹14,250 (man above ₹10,000): ₹200 each.
      ['Maharashtra', '200.00', '2', '164250.00', '400.00'],
      ['Maharashtra', 'Total', '2', '164250.00', '400.00'],
      ['All states', 'Total', '3', '182250.00', '400.00'],
    ]);
    const pt = input.slips.flatMap((s) => s.lines.filter((l) => l.code === 'PT' && l.kind === 'deduction'));
    expect(rs(pt.reduce((a, l) => a + l.amount, 0))).toBe(rows.at(-1)![4]);
    expect(rs(pt.reduce((a, l) => a + l.base!, 0))).toBe(rows.at(-1)![3]);
  });

  it('sums LWF shares by state from the payslips that carry them', () => {
    const rows = csv(lwfSummary(input));
    const ee = input.slips.reduce((a, s) => a + amt(s, 'LWF_EE'), 0);
    const er = input.slips.reduce((a, s) => a + amt(s, 'LWF_ER'), 0);
    expect(rows).toEqual([
      ['State', 'Employees', 'Employee contribution', 'Employer contribution', 'Total'],
      ['Maharashtra', '2', '50.00', '150.00', '200.00'],
      ['All states', '2', rs(ee), rs(er), rs(ee + er)],
    ]);
  });
});

describe('pay register', () => {
  it('has a row per payslip with every line as a column, figures equal to the payslips, and a totals row', async () => {
    const f = await payRegister(input);
    expect(f.file_name).toBe('pay-register-06-2026.xlsx');
    const sheet = await sheetOf(f);
    const header = rowValues(sheet, 1) as string[];
    expect(header.slice(0, 4)).toEqual(['Employee code', 'Name', 'Designation', 'Division']);
    expect(sheet.rowCount).toBe(input.slips.length + 2);
    const col = (h: string) => {
      const i = header.indexOf(h);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const lineColumns: [string, string][] = [
      ['Basic', 'BASIC'],
      ['House rent allowance', 'HRA'],
      ['Special allowance', 'SPECIAL'],
      ['Canteen & <Snacks>', 'CANTEEN'],
      ['EPF (employee)', 'EPF_EE'],
      ['Voluntary PF', 'VPF_EE'],
      ['ESI (employee)', 'ESI_EE'],
      ['Professional tax', 'PT'],
      ['Labour welfare fund', 'LWF_EE'],
      ['Income tax (TDS)', 'TDS'],
      ['EPF (employer, A/c 1)', 'EPF_ER'],
      ['EPS (employer, A/c 10)', 'EPS_ER'],
      ['EDLI (employer, A/c 21)', 'EDLI_ER'],
      ['EPF admin charges (A/c 2)', 'EPF_ADMIN'],
      ['ESI (employer)', 'ESI_ER'],
      ['Labour welfare fund (employer)', 'LWF_ER'],
    ];
    // Earnings, then gross, deductions, their total and net, then employer lines and their total.
    expect(col('Special allowance')).toBeLessThan(col('Gross'));
    expect(col('Gross')).toBeLessThan(col('Income tax (TDS)'));
    expect(col('Net pay')).toBeLessThan(col('ESI (employer)'));
    for (const [k, s] of input.slips.entries()) {
      const r = rowValues(sheet, k + 2);
      expect(r[col('Employee code')]).toBe(s.employee.code);
      expect(r[col('Name')]).toBe(s.employee.name);
      expect(r[col('Designation')] ?? null).toBe(
        s.employee.designation?.startsWith('=') ? `'${s.employee.designation}` : s.employee.designation,
      );
      expect(r[col('UAN')] ?? null).toBe(s.employee.uan);
      expect(r[col('ESI IP number')] ?? null).toBe(s.employee.esi_number);
      expect(r[col('Account')] ?? null).toBe(s.bank ? `XXXX${s.bank.account_number.slice(-4)}` : null);
      expect(r[col('Payable days')]).toBe(s.payable_days);
      expect(r[col('LOP days')]).toBe(s.lop_days);
      for (const [h, code] of lineColumns) expect(r[col(h)]).toBe(amt(s, code) / 100);
      expect(r[col('Gross')]).toBe(s.gross_paise / 100);
      expect(r[col('Total deductions')]).toBe(s.deductions_paise / 100);
      expect(r[col('Net pay')]).toBe(s.net_paise / 100);
      expect(r[col('Employer contributions')]).toBe(s.employer_paise / 100);
    }
    expect(rowValues(sheet, 4)[col('Designation')]).toBe(`'=HYPERLINK("http://example.invalid","pay")`);
    const totals = rowValues(sheet, input.slips.length + 2);
    expect(totals[0]).toBe('Total');
    const sum = (paise: (s: FileSlip) => number) => input.slips.reduce((a, s) => a + paise(s), 0) / 100;
    expect(totals[col('Gross')]).toBe(sum((s) => s.gross_paise));
    expect(totals[col('Net pay')]).toBe(sum((s) => s.net_paise));
    expect(totals[col('Employer contributions')]).toBe(sum((s) => s.employer_paise));
    for (const [h, code] of lineColumns) expect(totals[col(h)]).toBe(sum((s) => amt(s, code)));
  });
});

/** Each ledger's amount worked straight from the payslips (paise): debit positive, credit negative. */
function expectedLedgers(run: FileInput): Map<string, number> {
  const sum = (codes: string[]) =>
    run.slips.reduce((a, s) => a + codes.reduce((b, c) => b + amt(s, c), 0), 0);
  const m = new Map<string, number>([
    ['Salaries - Basic', sum(['BASIC'])],
    ['Salaries - House rent allowance', sum(['HRA'])],
    ['Salaries - Special allowance', sum(['SPECIAL'])],
    ['Employer PF contribution', sum(['EPF_ER', 'EPS_ER', 'EDLI_ER', 'EPF_ADMIN'])],
    ['Employer ESI contribution', sum(['ESI_ER'])],
    ['Employer LWF contribution', sum(['LWF_ER'])],
    ['PF payable', -sum(['EPF_EE', 'VPF_EE', 'EPF_ER', 'EPS_ER', 'EDLI_ER', 'EPF_ADMIN'])],
    ['ESI payable', -sum(['ESI_EE', 'ESI_ER'])],
    ['Professional tax payable', -sum(['PT'])],
    ['LWF payable', -sum(['LWF_EE', 'LWF_ER'])],
    ['TDS payable', -sum(['TDS'])],
    ['Other deductions - Canteen & <Snacks>', -sum(['CANTEEN'])],
    ['Salary payable', -run.slips.reduce((a, s) => a + s.net_paise, 0)],
  ]);
  return m;
}

describe('accounting journal', () => {
  it('posts gross by component, employer contributions and payables so that debits equal credits', () => {
    const f = journalCsv(input);
    expect(f.file_name).toBe('journal-06-2026.csv');
    const [header, ...rows] = csv(f);
    expect(header).toEqual(['Date', 'Ledger', 'Debit', 'Credit', 'Narration']);
    const expected = expectedLedgers(input);
    expect(rows.map((r) => r[1])).toEqual([...expected.keys()]);
    let debits = 0;
    let credits = 0;
    for (const r of rows) {
      expect(r[0]).toBe('2026-06-30');
      expect(r[4]).toBe('Salaries for June 2026: pay run 00000000-0000-4000-8000-000000000001, 5 payslips');
      // Exactly one side carries the amount.
      expect((r[2] === '') !== (r[3] === '')).toBe(true);
      const signed = r[2] ? Math.round(Number(r[2]) * 100) : -Math.round(Number(r[3]) * 100);
      expect(signed).toBe(expected.get(r[1]!));
      debits += r[2] ? Math.round(Number(r[2]) * 100) : 0;
      credits += r[3] ? Math.round(Number(r[3]) * 100) : 0;
    }
    expect(debits).toBe(credits);
    // Debits are the month's cost: gross plus employer contributions.
    expect(debits).toBe(input.slips.reduce((a, s) => a + s.gross_paise + s.employer_paise, 0));
    expect(rows.at(-1)).toEqual(expect.arrayContaining(['Salary payable', '', '184742.00']));
  });

  it('refuses to write an entry when stored totals disagree with the stored lines', () => {
    const broken = structuredClone(input);
    broken.slips[0]!.net_paise += 1;
    expect(() => buildJournal(broken)).toThrow(/does not balance: debits 206071\.00, credits 206071\.01/);
  });

  it('puts a ledger that comes out negative on the other side, keeping every amount positive', () => {
    const changed = structuredClone(input);
    // A recovery larger than E005's pay: net pay below zero, owed by the employee.
    const e5 = changed.slips[4]!;
    e5.lines.push({
      code: 'ADVANCE',
      label: 'Advance recovery',
      kind: 'deduction',
      base: null,
      rate: null,
      amount: 2_000_000,
      show: true,
      section: '',
    });
    e5.deductions_paise += 2_000_000;
    e5.net_paise -= 2_000_000;
    const j = buildJournal(changed);
    for (const l of j.lines) expect(l.debit > 0 !== l.credit > 0).toBe(true);
    const payable = j.lines.find((l) => l.ledger === 'Salary payable')!;
    expect(payable.credit).toBe(changed.slips.reduce((a, s) => a + s.net_paise, 0));
    expect(j.lines.reduce((a, l) => a + l.debit - l.credit, 0)).toBe(0);
  });
});

describe('Tally XML', () => {
  it('is well-formed XML with one Journal voucher whose ledger entries equal the journal, markup escaped', () => {
    const f = tallyXml(input);
    expect(f.file_name).toBe('tally-journal-06-2026.xml');
    const root = readXml(text(f));
    expect(root.name).toBe('ENVELOPE');
    expect(child(child(root, 'HEADER'), 'TALLYREQUEST').text).toBe('Import Data');
    const importData = child(child(root, 'BODY'), 'IMPORTDATA');
    expect(child(child(importData, 'REQUESTDESC'), 'REPORTNAME').text).toBe('Vouchers');
    const message = child(child(importData, 'REQUESTDATA'), 'TALLYMESSAGE');
    const voucher = child(message, 'VOUCHER');
    expect(voucher.attrs).toEqual({
      VCHTYPE: 'Journal',
      ACTION: 'Create',
      OBJVIEW: 'Accounting Voucher View',
    });
    expect(child(voucher, 'DATE').text).toBe('20260630');
    expect(child(voucher, 'VOUCHERTYPENAME').text).toBe('Journal');
    expect(child(voucher, 'NARRATION').text).toContain('June 2026');
    const entries = childrenNamed(voucher, 'ALLLEDGERENTRIES.LIST');
    const expected = expectedLedgers(input);
    expect(entries).toHaveLength(expected.size);
    let sum = 0;
    for (const e of entries) {
      const ledger = child(e, 'LEDGERNAME').text;
      const amount = Math.round(Number(child(e, 'AMOUNT').text) * 100);
      // Tally: a debit is ISDEEMEDPOSITIVE Yes with a negative amount.
      expect(child(e, 'ISDEEMEDPOSITIVE').text).toBe(amount < 0 ? 'Yes' : 'No');
      expect(-amount).toBe(expected.get(ledger));
      sum += amount;
    }
    expect(sum).toBe(0);
    expect(entries.map((e) => child(e, 'LEDGERNAME').text)).toContain(
      'Other deductions - Canteen & <Snacks>',
    );
    expect(text(f)).toContain('Canteen &amp; &lt;Snacks&gt;');
  });

  it('uses a reader that fails on XML that is not well-formed', () => {
    expect(() => readXml('<A><B></A></B>')).toThrow(/closes/);
    expect(() => readXml('<A>Tea & snacks</A>')).toThrow(/without ";"/);
    expect(() => readXml('<A>&nbsp;</A>')).toThrow(/unknown entity/);
    expect(() => readXml('<A><B></B>')).toThrow(/not closed/);
    expect(() => readXml('<A/><B/>')).toThrow(/second root/);
    expect(readXml('<A x="1 &amp; 2"><B>c &lt; d</B></A>')).toEqual({
      name: 'A',
      attrs: { x: '1 & 2' },
      text: '',
      children: [{ name: 'B', attrs: {}, text: 'c < d', children: [] }],
    });
  });
});

describe('generateRunFile', () => {
  it('writes every kind of file the contract lists, each under its own name, the same as its writer', async () => {
    const names = new Set<string>();
    for (const kind of PAY_RUN_FILE_KINDS) {
      const f = await generateRunFile(kind, input);
      expect(f.file_name).toMatch(/-06-2026\.(csv|txt|xlsx|xml)$/);
      names.add(f.file_name);
      if (typeof f.body === 'string') expect(f.body.length).toBeGreaterThan(0);
      else expect(f.body.subarray(0, 2).toString()).toBe('PK');
    }
    expect(names.size).toBe(PAY_RUN_FILE_KINDS.length);
    expect((await generateRunFile('epf-ecr', input)).body).toBe(epfEcr(input).body);
    expect((await generateRunFile('tally-xml', input)).body).toBe(tallyXml(input).body);
  });

  it('does not change its input', async () => {
    const before = structuredClone(input);
    for (const kind of PAY_RUN_FILE_KINDS) await generateRunFile(kind, input);
    expect(input).toEqual(before);
  });
});
