/**
 * Form 24Q, the quarterly statement of TDS on salary (s.192), as the text file the return
 * preparation utility (Protean/NSDL RPU) imports and the file validation utility (FVU) checks.
 * Pure: no database or clock; the caller passes the payslips, challans and today. The layout and
 * what we fill are described in docs/24q.md with the format's source and version.
 */

export type Quarter = 1 | 2 | 3 | 4;

/** The deductor (the company) as payroll settings keep it. */
export type Deductor = {
  tan: string | null;
  pan: string | null;
  name: string;
  address: string[];
  city: string | null;
  state: string | null;
  postal_code: string | null;
};

/** One confirmed payslip's TDS (modules/payrun confirmedTdsSlips). */
export type SlipTds = {
  employee_id: string;
  employee_code: string;
  employee_name: string;
  pan: string | null;
  month: string;
  pay_date: string;
  gross_paise: number;
  tds_paise: number;
};

export type Challan = {
  id: string;
  months: string[];
  bsr_code: string;
  deposited_on: string;
  serial_no: string;
  tds_paise: number;
  surcharge_paise: number;
  cess_paise: number;
  interest_paise: number;
  fee_paise: number;
};

/** One employee's year for Annexure II (Q4), worked out by the caller from the stored payslips. */
export type YearSalary = {
  employee_id: string;
  employee_code: string;
  employee_name: string;
  pan: string | null;
  /** 'YYYY-MM-DD': employment within the year. */
  from: string;
  to: string;
  /** 'G' general, 'S' senior (60-79), 'O' super senior (80+). */
  category: 'G' | 'S' | 'O';
  regime: 'new' | 'old';
  gross_paise: number;
  /** Exemptions, standard deduction, s.16 and Chapter VI-A deductions the regime allowed, summed. */
  deductions_paise: number;
  taxable_income_paise: number;
  tax_paise: number;
  /** TDS by this employer in the year (payslips' year to date). */
  tds_paise: number;
  previous_employer_tds_paise: number;
};

export type ReturnInput = {
  financial_year: string;
  quarter: Quarter;
  deductor: Deductor;
  slips: SlipTds[];
  challans: Challan[];
  /** Q4 only: every employee paid in the year. */
  year: YearSalary[] | null;
  /** Company's today 'YYYY-MM-DD' (the file's date; no date in the file may be later). */
  today: string;
};

/** One problem in words, and where it is (a month, a challan, an employee or the company). */
export type ReturnError = { where: string; message: string };

export const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const TAN_RE = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
/** What the file says for an employee with no PAN on record (TDS at 20%, s.206AA). */
export const PAN_NOT_AVAILABLE = 'PANNOTAVBL';
export const DELIMITER = '^';
/** The minor head of TDS deposited by a company (200: TDS payable by the taxpayer). */
const MINOR_HEAD = '200';

/** The record layouts as we read the format (docs/24q.md): the field names, in order. */
export const LAYOUT = {
  FH: [
    'line',
    'record_type',
    'file_type',
    'upload_type',
    'file_date',
    'file_sequence',
    'uploader_type',
    'tan',
    'batches',
    'rpu_name',
    'record_hash',
    'fvu_version',
    'file_hash',
    'sam_version',
    'sam_hash',
    'scm_version',
    'scm_hash',
    'consolidated_hash',
  ],
  BH: [
    'line',
    'record_type',
    'batch',
    'challans',
    'form',
    'transaction_type',
    'batch_updation',
    'original_rrr',
    'previous_rrr',
    'rrr',
    'rrr_date',
    'last_tan',
    'tan',
    'filler_14',
    'pan',
    'assessment_year',
    'financial_year',
    'period',
    'name',
    'branch',
    'address_1',
    'address_2',
    'address_3',
    'address_4',
    'address_5',
    'city',
    'state_code',
    'pin',
    'email',
    'std',
    'phone',
    'address_changed',
    'deductor_type',
    'responsible_name',
    'responsible_designation',
    'responsible_address_1',
    'responsible_address_2',
    'responsible_address_3',
    'responsible_address_4',
    'responsible_address_5',
    'responsible_city',
    'responsible_state_code',
    'responsible_pin',
    'responsible_email',
    'responsible_mobile',
    'responsible_std',
    'responsible_phone',
    'responsible_address_changed',
    'total_deposited',
    'unmatched_challans',
    'salary_records',
    'total_gross_income',
    'ao_approval',
    'ao_approval_number',
    'last_deductor_type',
    'state_name',
    'pao_code',
    'ddo_code',
    'ministry',
    'ministry_other',
    'responsible_pan',
    'pao_registration',
    'ddo_registration',
    'alt_std',
    'alt_phone',
    'alt_email',
    'responsible_alt_std',
    'responsible_alt_phone',
    'responsible_alt_email',
    'ain',
    'gstn',
    'record_hash',
  ],
  CD: [
    'line',
    'record_type',
    'batch',
    'challan_record',
    'deductees',
    'nil_challan',
    'challan_updation',
    'filler_8',
    'filler_9',
    'filler_10',
    'last_serial_no',
    'serial_no',
    'last_transfer_voucher',
    'ddo_serial',
    'last_bsr_code',
    'bsr_code',
    'last_deposited_on',
    'deposited_on',
    'filler_19',
    'filler_20',
    'section',
    'oltas_tds',
    'oltas_surcharge',
    'oltas_cess',
    'oltas_interest',
    'oltas_others',
    'total_deposited',
    'last_total_deposited',
    'deductees_deposited',
    'deductees_tds',
    'deductees_surcharge',
    'deductees_cess',
    'deductees_total',
    'interest',
    'others',
    'cheque_number',
    'book_entry',
    'remarks',
    'fee',
    'minor_head',
    'record_hash',
  ],
  DD: [
    'line',
    'record_type',
    'batch',
    'challan_record',
    'deductee_record',
    'mode',
    'employee_serial',
    'deductee_code',
    'last_pan',
    'pan',
    'last_pan_ref',
    'pan_ref',
    'name',
    'tds',
    'surcharge',
    'cess',
    'total_tds',
    'last_total_tds',
    'deposited',
    'last_deposited',
    'purchase_value',
    'amount_paid',
    'paid_on',
    'deducted_on',
    'deposited_on',
    'rate',
    'grossing_up',
    'book_entry',
    'certificate_date',
    'remark_1',
    'remark_2',
    'remark_3',
    'section',
    'certificate_number',
    'filler_35',
    'filler_36',
    'filler_37',
    'filler_38',
    'filler_39',
    'filler_40',
    'record_hash',
  ],
  SD: [
    'line',
    'record_type',
    'batch',
    'salary_record',
    'mode',
    'last_pan',
    'pan',
    'pan_ref',
    'name',
    'category',
    'employed_from',
    'employed_to',
    'gross_salary',
    'deductions',
    'income_under_salaries',
    'other_income',
    'gross_total_income',
    'taxable_income',
    'tax',
    'surcharge',
    'cess',
    'relief_89',
    'net_tax',
    'tds_this_employer',
    'tds_previous_employer',
    'total_tds',
    'shortfall',
    'opting_out_new_regime',
    'record_hash',
  ],
} as const;
export type RecordType = keyof typeof LAYOUT;

/** The months of a quarter of the financial year '2026-27', as 'YYYY-MM'. */
export function quarterMonths(financialYear: string, quarter: Quarter): string[] {
  const start = Number(financialYear.slice(0, 4));
  const first = [4, 7, 10, 1][quarter - 1]!;
  const year = quarter === 4 ? start + 1 : start;
  return [0, 1, 2].map((i) => `${year}-${String(first + i).padStart(2, '0')}`);
}

/** Paise as the file's amount: rupees with two decimals ('12345.00'). */
export function amount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' as the file's ddmmyyyy. */
export function fileDate(iso: string): string {
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
}

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthWords = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const dayWords = (d: string) => `${Number(d.slice(8, 10))} ${monthWords(d.slice(0, 7))}`;
export const challanWords = (c: Pick<Challan, 'bsr_code' | 'serial_no' | 'deposited_on'>) =>
  `Challan ${c.bsr_code}/${c.serial_no} of ${dayWords(c.deposited_on)}`;
const personWords = (s: { employee_code: string; employee_name: string }) =>
  `${s.employee_name} (${s.employee_code})`;
const challanDeposited = (c: Challan) => c.tds_paise + c.surcharge_paise + c.cess_paise;
const challanTotal = (c: Challan) => challanDeposited(c) + c.interest_paise + c.fee_paise;
/**
 * File text: the format is ASCII, upper case, with no delimiter or line break inside a field. Accents
 * are dropped (José -> JOSE); anything else outside printable ASCII becomes a space.
 */
const clean = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|\^/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .toUpperCase();

export function challanOrder(a: Challan, b: Challan): number {
  return a.deposited_on.localeCompare(b.deposited_on) || a.serial_no.localeCompare(b.serial_no);
}

/** A deductee row of Annexure I: one employee's TDS of one month, under the challan that paid it. */
export type DeducteeRow = SlipTds & { challan_id: string | null };

/**
 * Puts each month's TDS under the challans that cover the month: in the challans' order, a row goes
 * whole to the first challan with room left for it (a challan that paid two months carries both).
 * A row that fits nowhere goes to the covering challan with most room left, and the validation says
 * that challan is short.
 */
export function allocate(slips: SlipTds[], challans: Challan[]): DeducteeRow[] {
  const ordered = [...challans].sort(challanOrder);
  const room = new Map(ordered.map((c) => [c.id, challanDeposited(c)]));
  const rows: DeducteeRow[] = [];
  for (const s of slips) {
    if (s.tds_paise <= 0) continue;
    const covering = ordered.filter((c) => c.months.includes(s.month));
    const fit = covering.find((c) => room.get(c.id)! >= s.tds_paise);
    const chosen =
      fit ??
      covering.reduce<Challan | null>(
        (best, c) => (!best || room.get(c.id)! > room.get(best.id)! ? c : best),
        null,
      );
    if (chosen) room.set(chosen.id, room.get(chosen.id)! - s.tds_paise);
    rows.push({ ...s, challan_id: chosen?.id ?? null });
  }
  return rows;
}

/** Every problem that keeps the file from being offered, in words. Empty: the file may be made. */
export function validateReturn(input: ReturnInput): ReturnError[] {
  const errors: ReturnError[] = [];
  const company = 'Company';
  const { deductor: d } = input;
  if (!d.tan) {
    errors.push({ where: company, message: "The company's TAN is missing: add it in Payroll › Settings" });
  } else if (!TAN_RE.test(d.tan)) {
    errors.push({
      where: company,
      message: `The company's TAN ${d.tan} is not a TAN: four letters, five digits and a letter, such as BLRA12345B`,
    });
  }
  if (!d.pan) {
    errors.push({ where: company, message: "The company's PAN is missing: add it in Payroll › Settings" });
  } else if (!PAN_RE.test(d.pan)) {
    errors.push({
      where: company,
      message: `The company's PAN ${d.pan} is not a PAN: five letters, four digits and a letter, such as AAACA1234Z`,
    });
  }
  if (!d.name.trim()) errors.push({ where: company, message: "The company's legal name is missing" });
  if (d.address.length === 0 || !d.city || !d.state || !d.postal_code) {
    errors.push({
      where: company,
      message:
        "The company's address (first line, city, state and PIN code) is incomplete: complete it in Payroll › Settings",
    });
  }

  const months = quarterMonths(input.financial_year, input.quarter);
  const seenPan = new Set<string>();
  for (const s of input.slips) {
    if (!months.includes(s.month)) {
      errors.push({
        where: monthWords(s.month),
        message: `A payslip of ${monthWords(s.month)} is outside this quarter`,
      });
    }
    if (s.pan && !PAN_RE.test(s.pan) && !seenPan.has(s.employee_id)) {
      seenPan.add(s.employee_id);
      errors.push({
        where: personWords(s),
        message: `PAN ${s.pan} of ${personWords(s)} is not a PAN: five letters, four digits and a letter, such as ABCDE1234F (or leave it empty and the return says ${PAN_NOT_AVAILABLE})`,
      });
    }
    if (s.tds_paise < 0 || s.gross_paise < 0) {
      errors.push({
        where: personWords(s),
        message: `${personWords(s)} has a negative amount in ${monthWords(s.month)}`,
      });
    }
    if (s.tds_paise > s.gross_paise && s.tds_paise > 0) {
      errors.push({
        where: personWords(s),
        message: `${personWords(s)}: TDS of ${monthWords(s.month)} (${rupees(s.tds_paise)}) is more than the taxable salary paid (${rupees(s.gross_paise)})`,
      });
    }
    if (s.pay_date > input.today) {
      errors.push({
        where: monthWords(s.month),
        message: `Salary of ${monthWords(s.month)} is paid on ${dayWords(s.pay_date)}, after today: the return is made once it is paid`,
      });
    }
  }

  for (const c of input.challans) {
    const outside = c.months.filter((m) => !months.includes(m));
    if (outside.length > 0) {
      errors.push({
        where: challanWords(c),
        message: `${challanWords(c)} covers ${outside.map(monthWords).join(', ')}, outside this quarter`,
      });
    }
    if (c.deposited_on > input.today) {
      errors.push({ where: challanWords(c), message: `${challanWords(c)} is dated after today` });
    }
  }

  const rows = allocate(input.slips, input.challans);
  for (const m of months) {
    const tds = input.slips.filter((s) => s.month === m).reduce((a, s) => a + Math.max(0, s.tds_paise), 0);
    const covering = input.challans.filter((c) => c.months.includes(m));
    if (tds > 0 && covering.length === 0) {
      errors.push({
        where: monthWords(m),
        message: `${rupees(tds)} of TDS was deducted in ${monthWords(m)} and no challan covers it: enter the challan that deposited it`,
      });
    }
  }
  for (const c of [...input.challans].sort(challanOrder)) {
    const carried = rows.filter((r) => r.challan_id === c.id).reduce((a, r) => a + r.tds_paise, 0);
    if (carried > challanDeposited(c)) {
      errors.push({
        where: challanWords(c),
        message: `${challanWords(c)} deposited ${rupees(challanDeposited(c))} of tax, surcharge and cess, short of the ${rupees(carried)} of TDS it covers (${c.months.map(monthWords).join(', ')}) by ${rupees(carried - challanDeposited(c))}`,
      });
    }
    if (carried === 0 && input.slips.some((s) => c.months.includes(s.month))) {
      errors.push({
        where: challanWords(c),
        message: `${challanWords(c)} covers no TDS: the months it names (${c.months.map(monthWords).join(', ')}) are paid by other challans or had none`,
      });
    }
  }

  if (input.quarter === 4) {
    if (!input.year) {
      errors.push({ where: company, message: 'The year-end salary details (Annexure II) could not be read' });
    } else {
      for (const y of input.year) {
        if (y.pan && !PAN_RE.test(y.pan) && !seenPan.has(y.employee_id)) {
          seenPan.add(y.employee_id);
          errors.push({
            where: personWords(y),
            message: `PAN ${y.pan} of ${personWords(y)} is not a PAN: five letters, four digits and a letter, such as ABCDE1234F`,
          });
        }
      }
    }
  }
  return errors;
}

export type Record24Q = { type: RecordType; fields: string[] };

function record(
  type: RecordType,
  values: Partial<Record<(typeof LAYOUT)[RecordType][number], string | number>>,
): Record24Q {
  const names = LAYOUT[type] as readonly string[];
  const v = values as Record<string, string | number | undefined>;
  return { type, fields: names.map((n) => (n === 'record_type' ? type : String(v[n] ?? ''))) };
}

/**
 * The file's records in order: FH, BH, then each challan (CD) followed by its deductees (DD), and in
 * Q4 the salary details (SD). Call only when validateReturn found nothing.
 */
export function buildRecords(input: ReturnInput, rpuName = 'HR APP'): Record24Q[] {
  const { deductor: d } = input;
  const rows = allocate(input.slips, input.challans);
  const challans = [...input.challans].sort(challanOrder);
  const fyStart = Number(input.financial_year.slice(0, 4));
  const sd = input.quarter === 4 ? (input.year ?? []) : [];
  const out: Record24Q[] = [];
  out.push(
    record('FH', {
      file_type: 'SL1',
      upload_type: 'R',
      file_date: fileDate(input.today),
      file_sequence: 1,
      uploader_type: 'D',
      tan: d.tan ?? '',
      batches: 1,
      rpu_name: rpuName,
    }),
  );
  const address = d.address.slice(0, 5);
  out.push(
    record('BH', {
      batch: 1,
      challans: challans.length,
      form: '24Q',
      tan: d.tan ?? '',
      pan: d.pan ?? '',
      assessment_year: `${fyStart + 1}${fyStart + 2}`,
      financial_year: `${fyStart}${fyStart + 1}`,
      period: `Q${input.quarter}`,
      name: clean(d.name),
      address_1: clean(address[0]),
      address_2: clean(address[1]),
      address_3: clean(address[2]),
      address_4: clean(address[3]),
      address_5: clean(address[4]),
      city: clean(d.city),
      pin: d.postal_code ?? '',
      address_changed: 'N',
      // K: company (the deductor categories of the format).
      deductor_type: 'K',
      responsible_address_changed: 'N',
      total_deposited: amount(challans.reduce((a, c) => a + challanTotal(c), 0)),
      salary_records: input.quarter === 4 ? sd.length : '',
      total_gross_income: input.quarter === 4 ? amount(sd.reduce((a, y) => a + y.gross_paise, 0)) : '',
      ao_approval: 'N',
    }),
  );
  challans.forEach((c, i) => {
    const mine = rows.filter((r) => r.challan_id === c.id);
    const tds = mine.reduce((a, r) => a + r.tds_paise, 0);
    out.push(
      record('CD', {
        batch: 1,
        challan_record: i + 1,
        deductees: mine.length,
        nil_challan: 'N',
        serial_no: c.serial_no,
        bsr_code: c.bsr_code,
        deposited_on: fileDate(c.deposited_on),
        oltas_tds: amount(c.tds_paise),
        oltas_surcharge: amount(c.surcharge_paise),
        oltas_cess: amount(c.cess_paise),
        oltas_interest: amount(c.interest_paise),
        oltas_others: amount(0),
        total_deposited: amount(challanTotal(c)),
        deductees_deposited: amount(tds),
        deductees_tds: amount(tds),
        deductees_surcharge: amount(0),
        deductees_cess: amount(0),
        deductees_total: amount(tds),
        interest: amount(c.interest_paise),
        others: amount(0),
        book_entry: 'N',
        fee: amount(c.fee_paise),
        minor_head: MINOR_HEAD,
      }),
    );
    mine.forEach((r, j) => {
      out.push(
        record('DD', {
          batch: 1,
          challan_record: i + 1,
          deductee_record: j + 1,
          mode: 'O',
          pan: r.pan ?? PAN_NOT_AVAILABLE,
          pan_ref: clean(r.employee_code),
          name: clean(r.employee_name),
          // TDS on salary is one figure: the payslip's TDS line carries tax with surcharge and cess.
          tds: amount(r.tds_paise),
          surcharge: amount(0),
          cess: amount(0),
          total_tds: amount(r.tds_paise),
          deposited: amount(r.tds_paise),
          amount_paid: amount(r.gross_paise),
          paid_on: fileDate(r.pay_date),
          deducted_on: fileDate(r.pay_date),
          deposited_on: fileDate(c.deposited_on),
          book_entry: 'N',
          // 92B: salary paid by an employer other than the government.
          section: '92B',
        }),
      );
    });
  });
  sd.forEach((y, k) => {
    const tdsTotal = y.tds_paise + y.previous_employer_tds_paise;
    out.push(
      record('SD', {
        batch: 1,
        salary_record: k + 1,
        mode: 'A',
        pan: y.pan ?? PAN_NOT_AVAILABLE,
        pan_ref: clean(y.employee_code),
        name: clean(y.employee_name),
        category: y.category,
        employed_from: fileDate(y.from),
        employed_to: fileDate(y.to),
        gross_salary: amount(y.gross_paise),
        deductions: amount(y.deductions_paise),
        income_under_salaries: amount(y.taxable_income_paise),
        other_income: amount(0),
        gross_total_income: amount(y.taxable_income_paise),
        taxable_income: amount(y.taxable_income_paise),
        tax: amount(y.tax_paise),
        surcharge: amount(0),
        cess: amount(0),
        relief_89: amount(0),
        net_tax: amount(y.tax_paise),
        tds_this_employer: amount(y.tds_paise),
        tds_previous_employer: amount(y.previous_employer_tds_paise),
        total_tds: amount(tdsTotal),
        shortfall: amount(y.tax_paise - tdsTotal),
        opting_out_new_regime: y.regime === 'old' ? 'Y' : 'N',
      }),
    );
  });
  return out.map((r, n) => ({ type: r.type, fields: [String(n + 1), ...r.fields.slice(1)] }));
}

/** The file: one record a line, fields joined by '^', CRLF after every line (the last too). */
export function writeFile(records: Record24Q[]): string {
  return records.map((r) => `${r.fields.join(DELIMITER)}\r\n`).join('');
}

/** Reads a file written by writeFile back into named fields (tests and the import check). */
export function parseFile(text: string): { type: RecordType; values: Record<string, string> }[] {
  return text
    .split('\r\n')
    .filter((l) => l.length > 0)
    .map((line) => {
      const fields = line.split(DELIMITER);
      const type = fields[1] as RecordType;
      const names = LAYOUT[type] as readonly string[] | undefined;
      if (!names) throw new Error(`unknown record type ${fields[1]}`);
      if (names.length !== fields.length) {
        throw new Error(`${type} record has ${fields.length} fields, the layout ${names.length}`);
      }
      return { type, values: Object.fromEntries(names.map((n, i) => [n, fields[i]!])) };
    });
}
