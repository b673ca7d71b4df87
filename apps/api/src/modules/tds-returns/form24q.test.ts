import {
  allocate,
  amount,
  buildRecords,
  type Challan,
  LAYOUT,
  parseFile,
  quarterMonths,
  type ReturnInput,
  type SlipTds,
  validateReturn,
  writeFile,
} from './form24q';

const deductor = {
  tan: 'BLRA12345B',
  pan: 'AAACA1234Z',
  name: 'Acme Corp Pvt Ltd',
  address: ['12 MG Road', 'Ashok Nagar'],
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
};
const slip = (code: string, month: string, tds: number, over: Partial<SlipTds> = {}): SlipTds => ({
  employee_id: `id-${code}`,
  employee_code: code,
  employee_name: `Person ${code}`,
  pan: `ABCDE${code.slice(-4).padStart(4, '0')}F`,
  month,
  pay_date: `${month}-28`,
  gross_paise: 1_00_000_00,
  tds_paise: tds,
  ...over,
});
const challan = (id: string, months: string[], tds: number, over: Partial<Challan> = {}): Challan => ({
  id,
  months,
  bsr_code: '0510002',
  deposited_on: `${months.at(-1)}-28`,
  serial_no: id.padStart(5, '0').slice(-5),
  tds_paise: tds,
  surcharge_paise: 0,
  cess_paise: 0,
  interest_paise: 0,
  fee_paise: 0,
  ...over,
});

/** Q3 of 2026-27: three people over October to December, one without a PAN. */
const slips: SlipTds[] = [
  slip('E0001', '2026-10', 5_000_00),
  slip('E0002', '2026-10', 12_345_00, { pan: null }),
  slip('E0003', '2026-10', 0),
  slip('E0001', '2026-11', 5_000_00),
  slip('E0002', '2026-11', 12_345_00, { pan: null }),
  slip('E0001', '2026-12', 6_000_00),
  slip('E0002', '2026-12', 12_345_00, { pan: null }),
  slip('E0003', '2026-12', 1_500_00),
];
const challans: Challan[] = [
  challan('1', ['2026-10'], 17_345_00, { deposited_on: '2026-11-07', interest_paise: 100_00 }),
  // One challan for two months, with room to spare.
  challan('2', ['2026-11', '2026-12'], 45_000_00, { deposited_on: '2027-01-06', fee_paise: 200_00 }),
];
const input = (over: Partial<ReturnInput> = {}): ReturnInput => ({
  financial_year: '2026-27',
  quarter: 3,
  deductor,
  slips,
  challans,
  year: null,
  today: '2027-01-20',
  ...over,
});

describe('quarters', () => {
  it('names the months of each quarter, Q4 in the next calendar year', () => {
    expect(quarterMonths('2026-27', 1)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(quarterMonths('2026-27', 3)).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(quarterMonths('2026-27', 4)).toEqual(['2027-01', '2027-02', '2027-03']);
  });
  it('writes paise as rupees with two decimals', () => {
    expect(amount(0)).toBe('0.00');
    expect(amount(12_345_67)).toBe('12345.67');
    expect(amount(5)).toBe('0.05');
  });
});

describe('the file, parsed back', () => {
  it('has FH, BH, each challan followed by its deductees, every record with its layout’s field count', () => {
    expect(validateReturn(input())).toEqual([]);
    const text = writeFile(buildRecords(input()));
    expect(text.endsWith('\r\n')).toBe(true);
    const recs = parseFile(text);
    expect(recs.map((r) => r.type)).toEqual([
      'FH',
      'BH',
      'CD',
      'DD',
      'DD',
      'CD',
      'DD',
      'DD',
      'DD',
      'DD',
      'DD',
    ]);
    expect(recs.map((r) => r.values.line)).toEqual(recs.map((_, i) => String(i + 1)));
    for (const line of text.split('\r\n').filter(Boolean)) {
      const type = line.split('^')[1] as keyof typeof LAYOUT;
      expect(line.split('^').length).toBe(LAYOUT[type].length);
    }
    const bh = recs[1]!.values;
    expect(bh).toMatchObject({ form: '24Q', tan: 'BLRA12345B', pan: 'AAACA1234Z', period: 'Q3' });
    expect(bh.assessment_year).toBe('20272028');
    expect(bh.financial_year).toBe('20262027');
    expect(bh.challans).toBe('2');
    // Challan totals: tax + interest + fee.
    expect(bh.total_deposited).toBe(amount(17_345_00 + 100_00 + 45_000_00 + 200_00));
  });

  it('carries every payslip’s TDS per employee and month, and the quarter totals', () => {
    const recs = parseFile(writeFile(buildRecords(input())));
    const dd = recs.filter((r) => r.type === 'DD').map((r) => r.values);
    // Every payslip with TDS is one deductee row with its TDS, amount paid and dates; none without.
    const withTds = slips.filter((s) => s.tds_paise > 0);
    expect(dd).toHaveLength(withTds.length);
    for (const s of withTds) {
      const row = dd.find(
        (d) => d.pan_ref === s.employee_code && d.paid_on === `28${s.month.slice(5)}${s.month.slice(0, 4)}`,
      );
      expect(row, `${s.employee_code} ${s.month}`).toBeDefined();
      expect(row!.tds).toBe(amount(s.tds_paise));
      expect(row!.total_tds).toBe(amount(s.tds_paise));
      expect(row!.deposited).toBe(amount(s.tds_paise));
      expect(row!.amount_paid).toBe(amount(s.gross_paise));
      expect(row!.deducted_on).toBe(row!.paid_on);
      expect(row!.pan).toBe(s.pan ?? 'PANNOTAVBL');
      expect(row!.section).toBe('92B');
    }
    const toPaise = (a: string) => Math.round(Number(a) * 100);
    const quarterTds = slips.reduce((a, s) => a + s.tds_paise, 0);
    expect(dd.reduce((a, d) => a + toPaise(d.tds!), 0)).toBe(quarterTds);
    // Each challan's deductee total is the sum of its own rows, and the rows sit under it.
    const cds = recs.filter((r) => r.type === 'CD').map((r) => r.values);
    let sum = 0;
    for (const cd of cds) {
      const mine = dd.filter((d) => d.challan_record === cd.challan_record);
      expect(cd.deductees).toBe(String(mine.length));
      expect(cd.deductees_total).toBe(amount(mine.reduce((a, d) => a + toPaise(d.tds!), 0)));
      sum += toPaise(cd.deductees_total!);
    }
    expect(sum).toBe(quarterTds);
    expect(cds[0]).toMatchObject({ bsr_code: '0510002', serial_no: '00001', deposited_on: '07112026' });
    expect(cds[0]!.total_deposited).toBe(amount(17_345_00 + 100_00));
    expect(cds[1]!.fee).toBe(amount(200_00));
    expect(cds[1]!.minor_head).toBe('200');
  });

  it('keeps the delimiter, line breaks and anything outside ASCII out of names', () => {
    const odd = [slip('E0009', '2026-10', 100_00, { employee_name: 'José^Nuñez\r\nC' })];
    const text = writeFile(
      buildRecords(
        input({ slips: odd, challans: [challan('1', ['2026-10'], 100_00, { deposited_on: '2026-11-07' })] }),
      ),
    );
    const dd = parseFile(text).find((r) => r.type === 'DD')!.values;
    expect(dd.name).toBe('JOSE NUNEZ C');
    expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
  });
});

describe('allocation of deductees to challans', () => {
  it('fills challans covering a month in order, a row whole', () => {
    const a = challan('1', ['2026-10'], 5_000_00, { deposited_on: '2026-11-05' });
    const b = challan('2', ['2026-10'], 20_000_00, { deposited_on: '2026-11-06' });
    const rows = allocate(
      slips.filter((s) => s.month === '2026-10'),
      [b, a],
    );
    expect(rows.map((r) => [r.employee_code, r.challan_id])).toEqual([
      ['E0001', '1'],
      ['E0002', '2'],
    ]);
  });
});

describe('validation, in words', () => {
  const messages = (i: ReturnInput) => validateReturn(i).map((e) => e.message);

  it('asks for the TAN when the company has none, and names a malformed one', () => {
    expect(messages(input({ deductor: { ...deductor, tan: null } }))).toEqual([
      "The company's TAN is missing: add it in Payroll › Settings",
    ]);
    expect(messages(input({ deductor: { ...deductor, tan: 'BLR12345B' } }))[0]).toMatch(
      /TAN BLR12345B is not a TAN/,
    );
  });

  it('names an employee whose PAN is malformed once, and accepts a missing PAN as PANNOTAVBL', () => {
    const bad = slips.map((s) => (s.employee_code === 'E0001' ? { ...s, pan: 'ABCD1234F' } : s));
    expect(messages(input({ slips: bad }))).toEqual([
      'PAN ABCD1234F of Person E0001 (E0001) is not a PAN: five letters, four digits and a letter, such as ABCDE1234F (or leave it empty and the return says PANNOTAVBL)',
    ]);
  });

  it('finds a month with TDS and no challan', () => {
    const only = [challans[0]!];
    expect(messages(input({ challans: only }))).toEqual([
      '₹17,345.00 of TDS was deducted in Nov 2026 and no challan covers it: enter the challan that deposited it',
      '₹19,845.00 of TDS was deducted in Dec 2026 and no challan covers it: enter the challan that deposited it',
    ]);
  });

  it('finds a challan short of the TDS it covers, by how much', () => {
    const short = [challans[0]!, { ...challans[1]!, tds_paise: 30_000_00 }];
    expect(messages(input({ challans: short }))).toEqual([
      'Challan 0510002/00002 of 6 Jan 2027 deposited ₹30,000.00 of tax, surcharge and cess, short of the ₹37,190.00 of TDS it covers (Nov 2026, Dec 2026) by ₹7,190.00',
    ]);
  });

  it('lists every problem at once: company, people, months, challans, dates', () => {
    const errs = validateReturn(
      input({
        deductor: { ...deductor, tan: null, pan: null, city: null },
        slips: [
          ...slips,
          slip('E0004', '2027-01', 10_00),
          slip('E0005', '2026-10', 2_00_000_00, { pan: 'x' }),
        ],
        challans: [
          challan('1', ['2026-10', '2027-01'], 1_00, { deposited_on: '2027-02-01' }),
          challan('2', ['2026-11'], 0, { deposited_on: '2026-12-01' }),
        ],
      }),
    );
    const text = errs.map((e) => `${e.where}: ${e.message}`).join('\n');
    expect(text).toMatch(/TAN is missing/);
    expect(text).toMatch(/PAN is missing/);
    expect(text).toMatch(/address .* is incomplete/);
    expect(text).toMatch(/payslip of Jan 2027 is outside this quarter/);
    expect(text).toMatch(/PAN x of Person E0005/);
    expect(text).toMatch(/TDS of Oct 2026 \(₹2,00,000.00\) is more than the taxable salary/);
    expect(text).toMatch(/covers Jan 2027, outside this quarter/);
    expect(text).toMatch(/of 1 Feb 2027 is dated after today/);
    expect(text).toMatch(/Dec 2026 and no challan covers it/);
    expect(text).toMatch(/Challan 0510002\/00001 of 1 Feb 2027 deposited ₹1.00 .* short/);
    expect(text).toMatch(/Challan 0510002\/00002 of 1 Dec 2026 deposited ₹0.00 .* short/);
    expect(errs.every((e) => !/[{}[\]]|undefined|NaN/.test(e.message))).toBe(true);
  });
});

describe('Q4: salary details (Annexure II)', () => {
  it('adds one SD record per employee of the year, and the batch totals', () => {
    const q4slips = [slip('E0001', '2027-03', 6_000_00)];
    const q4 = input({
      quarter: 4,
      slips: q4slips,
      challans: [challan('7', ['2027-03'], 6_000_00, { deposited_on: '2027-04-30' })],
      today: '2027-05-10',
      year: [
        {
          employee_id: 'id-E0001',
          employee_code: 'E0001',
          employee_name: 'Person E0001',
          pan: 'ABCDE0001F',
          from: '2026-04-01',
          to: '2027-03-31',
          category: 'G',
          regime: 'new',
          gross_paise: 12_00_000_00,
          deductions_paise: 75_000_00,
          taxable_income_paise: 11_25_000_00,
          tax_paise: 65_000_00,
          tds_paise: 65_000_00,
          previous_employer_tds_paise: 0,
        },
      ],
    });
    expect(validateReturn(q4)).toEqual([]);
    const recs = parseFile(writeFile(buildRecords(q4)));
    expect(recs.map((r) => r.type)).toEqual(['FH', 'BH', 'CD', 'DD', 'SD']);
    const sd = recs[4]!.values;
    expect(sd).toMatchObject({
      pan: 'ABCDE0001F',
      employed_from: '01042026',
      employed_to: '31032027',
      gross_salary: '1200000.00',
      taxable_income: '1125000.00',
      tax: '65000.00',
      total_tds: '65000.00',
      shortfall: '0.00',
      opting_out_new_regime: 'N',
    });
    expect(recs[1]!.values.salary_records).toBe('1');
    expect(recs[1]!.values.total_gross_income).toBe('1200000.00');
    expect(recs[1]!.values.period).toBe('Q4');
  });
});
