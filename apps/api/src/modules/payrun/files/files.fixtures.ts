import {
  computePayslip,
  type PayslipInput,
  type PayslipLine,
  type SalaryLine,
  STATUTORY_RULES,
} from '@hr/payroll-engine';
import type { PayslipEmployee, StoredLine } from '../stored';
import type { FileInput, FileSlip } from './types';

/**
 * A hand-built confirmed run of June 2026 for the file writers' tests. The payslips are computed by
 * the real engine, so every line code, base and amount is what a run stores (ADR 0016):
 *
 * - E001 Asha Rao: joined on 11 June with 2 LOP days (18 of 30 days paid; NCP 12), Karnataka, PT nil.
 * - E002 Zoë D'Souza, Jr.: ₹1,50,000 a month, far above the EPF ceiling (restricted: EPF wages
 *   ₹15,000), 2% VPF, Maharashtra woman (PT ₹200), LWF in June, TDS; an accented name with an
 *   apostrophe and a comma, and a bank name with a comma.
 * - E003 Ravi Kumar: ESI member (₹15,000), 1.5 LOP days, Maharashtra (PT ₹200, LWF), a one-time
 *   deduction whose label holds XML markup; a formula in his designation and account holder name.
 * - E004 Meena Iyer: EPF member with no UAN, ESI member on full LOP (0 days, net pay nil).
 * - E005 Vikram Singh: no bank account, not an EPF member, ESI member with no IP number, Delhi (no PT).
 */

const MONTH = '2026-06';

function salary(
  code: string,
  label: string,
  monthly: number,
  epf: boolean,
  category?: 'basic' | 'hra',
): SalaryLine {
  return {
    code,
    label,
    monthly: monthly * 100,
    ...(category ? { category } : {}),
    flags: {
      taxable: true,
      epfWage: epf ? 'always' : 'never',
      esiWage: true,
      prorated: true,
      showOnPayslip: true,
    },
  };
}

function engineInput(p: {
  state: string;
  gender: 'male' | 'female';
  joining: string;
  lop: number;
  lines: SalaryLine[];
  epf: boolean;
  vpfBp?: number;
  lwf?: boolean;
  oneTime?: PayslipInput['oneTime'];
}): PayslipInput {
  return {
    employee: {
      state: p.state,
      gender: p.gender,
      dateOfBirth: '1992-03-14',
      disabled: false,
      epsEligible: true,
      joiningDate: p.joining,
      lwfApplicable: p.lwf ?? false,
    },
    month: MONTH,
    attendance: { method: { kind: 'calendar' }, lopDays: p.lop },
    salary: p.lines,
    oneTime: p.oneTime ?? [],
    epf: {
      applicable: p.epf,
      employeeBase: 'restricted',
      employerBase: 'restricted',
      employerInCtc: true,
      prorateRestrictedWage: false,
      includeConditionalOnEarnedWage: false,
      ...(p.vpfBp ? { vpfRateBp: p.vpfBp } : {}),
    },
    esi: { applicable: true },
    tax: { regime: 'new' },
    earlier: {
      monthsPaid: 0,
      gross: 0,
      paid: { grossPaise: 0 },
      tds: 0,
      grossThisHalfYear: 0,
      ptThisHalfYear: 0,
      esiCoveredThisPeriod: false,
    },
  };
}

/** What a payslip row keeps of an engine line (stored.ts). */
function stored(l: PayslipLine): StoredLine {
  return {
    code: l.code,
    label: l.label,
    kind: l.kind,
    base: l.base,
    rate: l.rate,
    amount: l.amount,
    show: l.show,
    section: l.rule.section,
  };
}

function slip(
  n: number,
  employee: Partial<PayslipEmployee> & Pick<PayslipEmployee, 'code' | 'name' | 'date_of_joining'>,
  bank: FileSlip['bank'],
  input: PayslipInput,
): FileSlip {
  const p = computePayslip(input, STATUTORY_RULES);
  return {
    payslip_id: `00000000-0000-4000-8000-00000000010${n}`,
    employee_id: `00000000-0000-4000-8000-00000000020${n}`,
    employee: {
      designation: null,
      division_id: null,
      division: null,
      unit: null,
      exit_date: null,
      gender: input.employee.gender,
      date_of_birth: input.employee.dateOfBirth,
      pt_state: null,
      uan: null,
      esi_number: null,
      ...employee,
    },
    pan: null,
    bank,
    lines: p.lines.map(stored),
    gross_paise: p.gross,
    deductions_paise: p.deductions,
    net_paise: p.net,
    employer_paise: p.employerContributions,
    basis_days: p.days.basis,
    payable_days: p.days.payable,
    lop_days: p.days.lop,
    outside_employment_days: p.days.outsideEmployment,
  };
}

export function fileInput(): FileInput {
  return {
    company: {
      name: 'Acme',
      legal_name: 'Acme Tools Private Limited',
      address: ['1 MG Road', 'Bengaluru 560001'],
      pan: 'AAACA1234A',
      tan: 'BLRA12345A',
      epf_establishment_code: 'KNBNG0012345000',
      esi_code: '53000123450000999',
      debit_account_number: '50200012345678',
      debit_ifsc: 'HDFC0000001',
      debit_bank_name: 'HDFC Bank',
    },
    run: { id: '00000000-0000-4000-8000-000000000001', month: MONTH, pay_date: '2026-06-30' },
    slips: [
      slip(
        1,
        {
          code: 'E001',
          name: 'Asha Rao',
          designation: 'Engineer',
          date_of_joining: '2026-06-11',
          pt_state: 'Karnataka',
          uan: '100200300401',
        },
        {
          account_number: '50100012345678',
          ifsc: 'HDFC0001234',
          bank_name: 'HDFC Bank',
          holder_name: 'Asha Rao',
        },
        engineInput({
          state: 'KA',
          gender: 'female',
          joining: '2026-06-11',
          lop: 2,
          epf: true,
          lines: [
            salary('BASIC', 'Basic', 20_000, true, 'basic'),
            salary('HRA', 'House rent allowance', 8_000, false, 'hra'),
            salary('SPECIAL', 'Special allowance', 2_000, false),
          ],
        }),
      ),
      slip(
        2,
        {
          code: 'E002',
          name: "Zoë D'Souza, Jr.",
          designation: 'Director',
          date_of_joining: '2019-04-01',
          pt_state: 'Maharashtra',
          uan: '100200300402',
        },
        {
          account_number: '000401234567',
          ifsc: 'ICIC0000456',
          bank_name: 'ICICI Bank, Fort',
          holder_name: "Zoë D'Souza",
        },
        engineInput({
          state: 'MH',
          gender: 'female',
          joining: '2019-04-01',
          lop: 0,
          epf: true,
          vpfBp: 200,
          lwf: true,
          lines: [
            salary('BASIC', 'Basic', 80_000, true, 'basic'),
            salary('HRA', 'House rent allowance', 40_000, false, 'hra'),
            salary('SPECIAL', 'Special allowance', 30_000, false),
          ],
        }),
      ),
      slip(
        3,
        {
          code: 'E003',
          name: 'Ravi Kumar',
          designation: '=HYPERLINK("http://example.invalid","pay")',
          date_of_joining: '2024-01-15',
          pt_state: 'Maharashtra',
          uan: '100200300403',
          esi_number: '3100123456',
        },
        {
          account_number: '30012345678',
          ifsc: 'SBIN0000789',
          bank_name: 'State Bank of India',
          holder_name: '+Ravi Kumar',
        },
        engineInput({
          state: 'MH',
          gender: 'male',
          joining: '2024-01-15',
          lop: 1.5,
          epf: true,
          lwf: true,
          lines: [
            salary('BASIC', 'Basic', 9_000, true, 'basic'),
            salary('HRA', 'House rent allowance', 4_500, false, 'hra'),
            salary('SPECIAL', 'Special allowance', 1_500, false),
          ],
          oneTime: [{ code: 'CANTEEN', label: 'Canteen & <Snacks>', kind: 'deduction', amount: 50_000 }],
        }),
      ),
      slip(
        4,
        {
          code: 'E004',
          name: 'Meena Iyer',
          date_of_joining: '2023-07-01',
          pt_state: 'Karnataka',
          esi_number: '3100123457',
        },
        { account_number: '50100099887766', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', holder_name: null },
        engineInput({
          state: 'KA',
          gender: 'female',
          joining: '2023-07-01',
          lop: 30,
          epf: true,
          lines: [
            salary('BASIC', 'Basic', 12_000, true, 'basic'),
            salary('HRA', 'House rent allowance', 6_000, false, 'hra'),
          ],
        }),
      ),
      slip(
        5,
        { code: 'E005', name: 'Vikram Singh', date_of_joining: '2025-02-01', pt_state: 'Delhi' },
        null,
        engineInput({
          state: 'DL',
          gender: 'male',
          joining: '2025-02-01',
          lop: 0,
          epf: false,
          lines: [
            salary('BASIC', 'Basic', 10_000, true, 'basic'),
            salary('HRA', 'House rent allowance', 5_000, false, 'hra'),
            salary('SPECIAL', 'Special allowance', 3_000, false),
          ],
        }),
      ),
    ],
  };
}

// ---- A strict XML reader for the tests ---------------------------------------------------------

export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isNameChar(ch: string): boolean {
  return (
    (ch >= 'A' && ch <= 'Z') ||
    (ch >= 'a' && ch <= 'z') ||
    (ch >= '0' && ch <= '9') ||
    ch === '.' ||
    ch === '_' ||
    ch === '-' ||
    ch === ':'
  );
}

/**
 * Reads a document with a character walk (no regular expressions) and refuses anything not
 * well-formed: a tag closed out of order, an unclosed element, a bare `&` or `<` in text, an unknown
 * entity, a second root, text outside the root. Enough XML for the Tally file; not a general parser.
 */
export function readXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`XML not well-formed at ${i}: ${why}`);
  };
  const decode = (raw: string): string => {
    let out = '';
    for (let k = 0; k < raw.length; k++) {
      const ch = raw[k]!;
      if (ch === '<') fail('"<" in text');
      if (ch !== '&') {
        out += ch;
        continue;
      }
      const end = raw.indexOf(';', k);
      if (end < 0) fail('"&" without ";"');
      const name = raw.slice(k + 1, end);
      const value = ENTITIES[name];
      if (value === undefined) fail(`unknown entity &${name};`);
      out += value;
      k = end;
    }
    return out;
  };
  const readName = (): string => {
    const start = i;
    while (i < xml.length && isNameChar(xml[i]!)) i++;
    if (i === start) fail('expected a name');
    return xml.slice(start, i);
  };
  const skipSpace = () => {
    while (i < xml.length && (xml[i] === ' ' || xml[i] === '\n' || xml[i] === '\r' || xml[i] === '\t')) i++;
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('unclosed declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const next = xml.indexOf('<', i);
      const raw = xml.slice(i, next < 0 ? xml.length : next);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(raw);
      else {
        for (const ch of raw)
          if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') fail('text outside the root');
      }
      i = next < 0 ? xml.length : next;
      continue;
    }
    i++;
    if (xml[i] === '/') {
      i++;
      const name = readName();
      skipSpace();
      if (xml[i] !== '>') fail('expected ">"');
      i++;
      const open = stack.pop();
      if (!open || open.name !== name) fail(`</${name}> closes ${open ? `<${open.name}>` : 'nothing'}`);
      continue;
    }
    const el: XmlElement = { name: readName(), attrs: {}, children: [], text: '' };
    for (;;) {
      skipSpace();
      if (xml[i] === '>' || xml.startsWith('/>', i)) break;
      const attr = readName();
      if (xml[i] !== '=') fail('expected "="');
      i++;
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") fail('expected a quoted value');
      const end = xml.indexOf(quote!, i + 1);
      if (end < 0) fail('unclosed attribute');
      if (attr in el.attrs) fail(`attribute ${attr} twice`);
      el.attrs[attr] = decode(xml.slice(i + 1, end));
      i = end + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) fail('a second root element');
    else root = el;
    if (xml.startsWith('/>', i)) i += 2;
    else {
      i++;
      stack.push(el);
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) fail('no root element');
  return root!;
}

/** Children by tag name. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The one child of that name (throws when there is not exactly one). */
export function child(el: XmlElement, name: string): XmlElement {
  const found = childrenNamed(el, name);
  if (found.length !== 1) throw new Error(`<${el.name}> has ${found.length} <${name}>`);
  return found[0]!;
}
