import type { PreviousEmployer, Rent, TaxDeclarationBody, TaxWindow } from '@hr/contract';
import type { SalaryFigures, TaxDeclarations } from '@hr/payroll-engine';
import { dayWords } from '../../lib/dates';

/**
 * Pure rules of tax declarations (issue 23): the financial year of a date, whether the window is
 * open (in words, with the dates), and the mapping between a declaration's fields, its item rows
 * and what the payroll engine reads.
 */

/** First and last day of a financial year '2026-27': '2026-04-01', '2027-03-31'. */
export function yearBounds(fy: string): { start: string; end: string } {
  const y = Number(fy.slice(0, 4));
  return { start: `${y}-04-01`, end: `${y + 1}-03-31` };
}

export interface WindowState {
  open: boolean;
  message: string;
}

/** "Declarations for 2026-27 closed on 15 Jan 2027", "... are open until ...", "... open on ...". */
export function windowState(fy: string, window: TaxWindow | null, today: string): WindowState {
  const what = `Declarations for ${fy}`;
  if (!window) return { open: false, message: `${what} are not open: the dates have not been set yet` };
  if (today < window.opens_on)
    return { open: false, message: `${what} open on ${dayWords(window.opens_on)}` };
  if (today > window.closes_on)
    return { open: false, message: `${what} closed on ${dayWords(window.closes_on)}` };
  return { open: true, message: `${what} are open until ${dayWords(window.closes_on)}` };
}

/**
 * Where the window's dates may fall: declarations from three months before the year (some
 * companies ask in January for the next year) to its end; proofs inside the year.
 */
export function windowDateProblems(
  fy: string,
  b: { opens_on: string; closes_on: string; proof_opens_on: string | null; proof_closes_on: string | null },
): { path: string; message: string }[] {
  const { start, end } = yearBounds(fy);
  const earliest = `${Number(start.slice(0, 4))}-01-01`;
  const out: { path: string; message: string }[] = [];
  const within = (path: keyof typeof b, from: string, what: string) => {
    const v = b[path];
    if (v && (v < from || v > end)) {
      out.push({ path, message: `${what} must be between ${dayWords(from)} and ${dayWords(end)} for ${fy}` });
    }
  };
  within('opens_on', earliest, 'The opening date');
  within('closes_on', earliest, 'The closing date');
  within('proof_opens_on', start, 'The proof opening date');
  within('proof_closes_on', start, 'The proof closing date');
  return out;
}

export type ItemKind =
  | '80c'
  | '80ccd1b'
  | '80d_self'
  | '80d_parents'
  | 'hra'
  | 'home_loan_interest'
  | 'lta'
  | 'other_income'
  | 'previous_employer';

export interface ItemRow {
  kind: ItemKind;
  label: string;
  amount_paise: number;
  details: Record<string, unknown>;
}

/** The declaration's fields as it is saved: its own columns and one row per item declared. */
export interface DeclarationFields {
  regime: 'new' | 'old';
  section_80c: { label: string; amount_paise: number }[];
  nps_80ccd1b_paise: number;
  health_self_paise: number;
  self_senior: boolean;
  health_parents_paise: number;
  parents_senior: boolean;
  rent: Rent | null;
  home_loan_interest_paise: number;
  lta_paise: number;
  other_income_paise: number;
  previous_employer: PreviousEmployer | null;
}

export const EMPTY_FIELDS = (regime: 'new' | 'old'): DeclarationFields => ({
  regime,
  section_80c: [],
  nps_80ccd1b_paise: 0,
  health_self_paise: 0,
  self_senior: false,
  health_parents_paise: 0,
  parents_senior: false,
  rent: null,
  home_loan_interest_paise: 0,
  lta_paise: 0,
  other_income_paise: 0,
  previous_employer: null,
});

/** Rows to store: every 80C line as given, other amounts only when more than nil. */
export function itemsOf(f: Omit<DeclarationFields, 'regime'> | Required<TaxDeclarationBody>): ItemRow[] {
  const rows: ItemRow[] = f.section_80c.map((i) => ({
    kind: '80c',
    label: i.label,
    amount_paise: i.amount_paise,
    details: {},
  }));
  const add = (kind: ItemKind, label: string, amount: number | undefined, details = {}) => {
    if (amount && amount > 0) rows.push({ kind, label, amount_paise: amount, details });
  };
  add('80ccd1b', 'Own NPS contribution u/s 80CCD(1B)', f.nps_80ccd1b_paise);
  add('80d_self', 'Health insurance: self and family u/s 80D', f.health_self_paise);
  add('80d_parents', 'Health insurance: parents u/s 80D', f.health_parents_paise);
  if (f.rent) {
    const { monthly_rent_paise, months, city, landlord_name, landlord_pan } = f.rent;
    add('hra', 'Rent paid (HRA)', monthly_rent_paise * months, {
      monthly_rent_paise,
      months,
      city,
      landlord_name,
      landlord_pan: landlord_pan ?? null,
    });
  }
  add('home_loan_interest', 'Home-loan interest u/s 24(b)', f.home_loan_interest_paise);
  add('lta', 'Leave travel u/s 10(5)', f.lta_paise);
  add('other_income', 'Other income', f.other_income_paise);
  if (f.previous_employer) {
    const p = f.previous_employer;
    rows.push({
      kind: 'previous_employer',
      label: 'Previous employer (Form 12B)',
      amount_paise: p.salary_paise,
      details: {
        employer_name: p.employer_name,
        tds_paise: p.tds_paise,
        professional_tax_paise: p.professional_tax_paise ?? 0,
        employee_pf_paise: p.employee_pf_paise ?? 0,
      },
    });
  }
  return rows;
}

/** The fields back from the stored rows. */
export function fieldsOf(
  head: { regime: 'new' | 'old'; self_senior: boolean; parents_senior: boolean },
  items: ItemRow[],
): DeclarationFields {
  const f = EMPTY_FIELDS(head.regime);
  f.self_senior = head.self_senior;
  f.parents_senior = head.parents_senior;
  for (const i of items) {
    const d = i.details as {
      monthly_rent_paise: number;
      months: number;
      city: string;
      landlord_name: string;
      landlord_pan?: string | null;
      employer_name: string;
      tds_paise: number;
      professional_tax_paise?: number;
      employee_pf_paise?: number;
    };
    if (i.kind === '80c') f.section_80c.push({ label: i.label, amount_paise: i.amount_paise });
    else if (i.kind === '80ccd1b') f.nps_80ccd1b_paise = i.amount_paise;
    else if (i.kind === '80d_self') f.health_self_paise = i.amount_paise;
    else if (i.kind === '80d_parents') f.health_parents_paise = i.amount_paise;
    else if (i.kind === 'hra')
      f.rent = {
        monthly_rent_paise: d.monthly_rent_paise,
        months: d.months,
        city: d.city,
        landlord_name: d.landlord_name,
        landlord_pan: d.landlord_pan ?? null,
      };
    else if (i.kind === 'home_loan_interest') f.home_loan_interest_paise = i.amount_paise;
    else if (i.kind === 'lta') f.lta_paise = i.amount_paise;
    else if (i.kind === 'other_income') f.other_income_paise = i.amount_paise;
    else if (i.kind === 'previous_employer')
      f.previous_employer = {
        employer_name: d.employer_name,
        salary_paise: i.amount_paise,
        tds_paise: d.tds_paise,
        professional_tax_paise: d.professional_tax_paise ?? 0,
        employee_pf_paise: d.employee_pf_paise ?? 0,
      };
  }
  return f;
}

/** What the payroll engine reads of a declaration: the old regime's claims and other income. */
export function engineDeclarations(f: DeclarationFields): TaxDeclarations {
  const d: TaxDeclarations = {
    section80CPaise: f.section_80c.reduce((s, i) => s + i.amount_paise, 0),
    section80CCD1BPaise: f.nps_80ccd1b_paise,
    section80DSelfPaise: f.health_self_paise,
    selfSenior: f.self_senior,
    section80DParentsPaise: f.health_parents_paise,
    parentsSenior: f.parents_senior,
    homeLoanInterestPaise: f.home_loan_interest_paise,
    ltaExemptPaise: f.lta_paise,
    otherIncomePaise: f.other_income_paise,
  };
  if (f.rent) {
    d.annualRentPaise = f.rent.monthly_rent_paise * f.rent.months;
    d.rentCity = f.rent.city;
  }
  return d;
}

/** Form 12B in the engine's shape (salary and TDS from the earlier employer this year). */
export function enginePreviousEmployer(
  f: DeclarationFields,
): (SalaryFigures & { tdsPaise: number }) | undefined {
  const p = f.previous_employer;
  if (!p) return undefined;
  return {
    grossPaise: p.salary_paise,
    professionalTaxPaise: p.professional_tax_paise,
    employeePfPaise: p.employee_pf_paise,
    tdsPaise: p.tds_paise,
  };
}

/**
 * Items that are claims (deductions and exemptions) and so need proofs. Other income and a previous
 * employer's salary (Form 12B) only add income: their declared figures stand.
 */
export const NEEDS_PROOF: ReadonlySet<ItemKind> = new Set([
  '80c',
  '80ccd1b',
  '80d_self',
  '80d_parents',
  'hra',
  'home_loan_interest',
  'lta',
]);

/** "Proofs for 2026-27 are taken from ... until ...", or why not, with the dates in words. */
export function proofWindowState(fy: string, window: TaxWindow | null, today: string): WindowState {
  const what = `Proofs for ${fy}`;
  if (!window?.proof_opens_on || !window.proof_closes_on)
    return { open: false, message: `${what} are not taken: the proof dates have not been set` };
  if (today < window.proof_opens_on)
    return {
      open: false,
      message: `${what} are taken from ${dayWords(window.proof_opens_on)} to ${dayWords(window.proof_closes_on)}`,
    };
  if (today > window.proof_closes_on)
    return { open: false, message: `${what} closed on ${dayWords(window.proof_closes_on)}` };
  return { open: true, message: `${what} are taken until ${dayWords(window.proof_closes_on)}` };
}

/**
 * Which figures a pay month's TDS uses: the verified amounts once the proof window has closed
 * before the month's last day (so from the month it closes in, unless it stays open through that
 * month's last day, when the next month is the first), the declared amounts before then or when the
 * year has no proof window. After the window an unproved or rejected claim counts as nil.
 */
export function figuresForMonth(month: string, window: TaxWindow | null): 'declared' | 'verified proofs' {
  const close = window?.proof_closes_on;
  if (!close) return 'declared';
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = `${month.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  return close < last ? 'verified proofs' : 'declared';
}

/** The items as the verified proofs bear them out: a claim not verified counts as nil. */
export function verifiedItems(items: (ItemRow & { verified_paise: number | null })[]): ItemRow[] {
  return items.map((i) => (NEEDS_PROOF.has(i.kind) ? { ...i, amount_paise: i.verified_paise ?? 0 } : i));
}
