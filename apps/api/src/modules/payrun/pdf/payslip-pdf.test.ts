import type { PayslipLine } from '@hr/contract';
import { amountInWords } from './amount-in-words';
import { formatRupees } from './format';
import { renderPayslipPdf } from './payslip-pdf';
import { samplePayslipDoc } from './payslip-pdf.fixtures';
import { pdfinfo, pdfToolsPresent, pdftotext, qpdfCheck, textOf } from './test-tools';

describe.skipIf(!pdfToolsPresent)('payslip PDF read by pdftotext and qpdf', () => {
  const doc = samplePayslipDoc(7);
  const pdf = renderPayslipPdf(doc);
  const p = doc.payslip;
  let text = '';
  beforeAll(() => {
    text = textOf(pdf);
  });

  it('prints the company, the month, the employee, and the PAN and bank account only masked', () => {
    for (const s of [
      'Acme Corp',
      'Acme Corporation India Private Limited',
      '4th Floor, Prestige Tech Park, Outer Ring Road',
      'Bengaluru, Karnataka 560103',
      'PAN AAACA1234F',
      'TAN BLRA12345C',
      'Payslip',
      'November 2026',
      'Pay date 30 Nov 2026',
      'Ananya Krishnamurthy 7',
      'EMP01007',
      'Senior Software Engineer',
      'Platform Engineering',
      'Date of joining 12 Jul 2021',
      'PAN XXXXX1234X',
      'UAN 100987654321',
      'Bank HDFC Bank',
      'Account number XXXXXXXX4321',
    ]) {
      expect(text).toContain(s);
    }
    // The employee's full numbers, from which the payslip's masked ones were made, appear nowhere:
    // neither in the text nor in the file's bytes (metadata included).
    const raw = pdf.toString('latin1');
    for (const full of ['ABCPK1234L', '50100123454321']) {
      expect(text).not.toContain(full);
      expect(raw).not.toContain(full);
    }
    expect(text).not.toContain('ESI number'); // no ESI number: the row is left out
  });

  it('prints every shown line with its ₹ amount in en-IN grouping, and no hidden line', () => {
    const shown = p.lines.filter((l) => l.show);
    expect(shown).toHaveLength(11);
    for (const l of shown) expect(text).toContain(`${l.label} ${formatRupees(l.amount_paise)}`);
    expect(text).toContain('Basic salary ₹48,387.17');
    for (const l of p.lines.filter((l) => !l.show)) expect(text).not.toContain(l.label);
    expect(text).not.toContain(formatRupees(1_250_00)); // the hidden EPS line's amount
  });

  it('prints earnings beside deductions with their totals, and net pay in figures and words', () => {
    const layout = pdftotext(pdf, { layout: true }).stdout;
    // Side by side: each earning shares its line of text with a deduction.
    expect(layout).toMatch(/Basic salary +₹48,387\.17 +EPF \(employee\) +₹1,800\.00/);
    expect(layout).toMatch(/Gross earnings +₹1,28,722\.94 +Total deductions +₹16,377\.00/);
    expect(p.net_paise).toBe(1_12_345_94);
    expect(text).toContain('Net pay ₹1,12,345.94');
    expect(text).toContain(
      'Rupees One Lakh Twelve Thousand Three Hundred Forty-Five and Ninety-Four Paise Only',
    );
  });

  it('prints the employer contributions, the year to date, the days, the notes and the footer', () => {
    for (const s of [
      'EPF (employer) ₹1,800.00',
      'Employer NPS contribution ₹4,838.71',
      // The totals count the hidden lines too (EPS and EDLI): 1,800.00 + 4,838.71 + 1,250.00 + 75.00.
      'Total employer contributions ₹7,963.71',
      'Cost to company this month ₹1,36,686.65',
      'Year to date (financial year 2026-27)',
      'Gross earnings ₹10,29,783.52',
      'Income tax (TDS) ₹1,14,816.00',
      'Months paid this year 8',
      'Total days Paid days Loss of pay days 30 29.5 0.5',
      '29.5',
      'Loss of pay of 0.5 day on 14 Nov 2026',
      'This is a computer-generated payslip and needs no signature. Payroll engine 0.1.0.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('Draft');
  });

  it('is a well-formed PDF to qpdf, and the same input gives the same bytes', () => {
    const r = qpdfCheck(pdf);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('No syntax or stream encoding errors found');
    expect(renderPayslipPdf(samplePayslipDoc(7)).equals(pdf)).toBe(true);
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
  });

  it('opens a protected payslip only with its password, which gives no owner rights', () => {
    const locked = renderPayslipPdf(doc, { password: 'ABCP1990' });
    expect(pdftotext(locked).status).not.toBe(0);
    expect(pdftotext(locked).stderr).toContain('Incorrect password');
    expect(pdftotext(locked, { userPassword: 'ABCP1991' }).status).not.toBe(0);
    expect(pdftotext(locked, { ownerPassword: 'ABCP1990' }).status).not.toBe(0);
    expect(textOf(locked, 'ABCP1990')).toContain('Net pay ₹1,12,345.94');
    // The metadata's strings are encrypted too: the plain file carries the title's UTF-16 text.
    const title = `<${Buffer.from('\ufeffPayslip November 2026', 'utf16le').swap16().toString('hex')}`;
    expect(pdf.toString('latin1')).toContain(title);
    expect(locked.toString('latin1')).not.toContain(title);

    const check = qpdfCheck(locked, 'ABCP1990');
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('R = 6');
    expect(check.stdout).toContain('stream encryption method: AESv3');
    expect(check.stdout).toContain('Supplied password is user password');
    expect(check.stdout).toContain('print high resolution: allowed');
    expect(check.stdout).toContain('modify anything: not allowed');
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
    // A fresh file key and salts each time.
    expect(renderPayslipPdf(doc, { password: 'ABCP1990' }).equals(locked)).toBe(false);
  });

  it('prints a name outside WinAnsi as question marks without failing; the title keeps it whole', () => {
    const d = samplePayslipDoc(1);
    d.payslip.employee.name = 'अनन्या Łukasz Zoë Ṣaṇmukha O’Brien';
    const file = renderPayslipPdf(d);
    const t = textOf(file);
    expect(t).toContain('???? ?ukasz Zoë Sanmukha O’Brien');
    expect(qpdfCheck(file).status).toBe(0);
    const info = pdfinfo(file).stdout;
    expect(info).toMatch(/^Title: +Payslip November 2026: अनन्या Łukasz Zoë Ṣaṇmukha O’Brien$/m);
    expect(info).toMatch(/^Author: +Acme Corp$/m);
  });

  it('runs a long payslip on over pages, repeating the titles, and says when a side is empty', () => {
    const d = samplePayslipDoc(2);
    const base = d.payslip.lines[0]!;
    const extra: PayslipLine[] = Array.from({ length: 60 }, (_, i) => ({
      ...base,
      code: `ARR${i}`,
      label: `Arrears of a back-dated revision, month ${i + 1} of a very long list of months`,
      amount_paise: 1_000_00 + i,
    }));
    d.payslip.lines = [...d.payslip.lines.filter((l) => l.kind !== 'deduction'), ...extra];
    d.payslip.confirmed = false;
    const file = renderPayslipPdf(d);
    const t = textOf(file);
    const pages = Number(/Page 1 of (\d+)/.exec(t)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(t).toContain(`Page ${pages} of ${pages}`);
    expect(t).toContain('Payslip November 2026: Ananya Krishnamurthy 2 (EMP01002), continued');
    for (let i = 0; i < 60; i++) {
      const amount = formatRupees(1_000_00 + i);
      expect(t).toContain(
        `Arrears of a back-dated revision, ${amount} month ${i + 1} of a very long list of months`,
      );
    }
    // Every page the earnings run on to starts them under their titles again.
    const pageTexts = t.split(/Page \d+ of \d+/).slice(0, pages);
    const withArrears = pageTexts.filter((pt) => pt.includes('Arrears'));
    expect(withArrears.length).toBeGreaterThan(1);
    for (const pt of withArrears) expect(pt).toContain('Earnings Amount Deductions Amount');
    expect(t).toContain('No deductions this month');
    expect(t).toContain('Draft: the pay run is not confirmed');
    expect(qpdfCheck(file).status).toBe(0);
  });

  it('keeps a ₹, brackets and a backslash in a label, cuts a word too long for its column, and prints the words given', () => {
    const d = samplePayslipDoc(3);
    const long = 'Supercalifragilisticexpialidocious'.repeat(4);
    d.payslip.lines[3] = { ...d.payslip.lines[3]!, label: 'Meal card (₹100 a day) \\ (canteen' };
    d.payslip.lines[4] = { ...d.payslip.lines[4]!, label: long };
    d.payslip.net_paise = 0;
    d.payslip.net_in_words = amountInWords(0);
    const file = renderPayslipPdf(d);
    const t = textOf(file);
    expect(t).toContain('Meal card (₹100 a day) \\ (canteen');
    expect(t).not.toContain(long); // not on one line: it would run over the amounts
    expect(t.replace(/ |₹[\d,.]+/g, '')).toContain(long);
    expect(t).toContain('Net pay ₹0.00 Rupees Zero Only');
    expect(qpdfCheck(file).status).toBe(0);
  });
});
