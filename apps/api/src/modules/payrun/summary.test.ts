import type { PayrollEmployee } from '../employees';
import type { StoredLine } from './stored';
import { anomaliesOf, chunkTotals, runTotals, type SlipFacts } from './summary';

const line = (code: string, kind: StoredLine['kind'], amount: number, label = code): StoredLine => ({
  code,
  label,
  kind,
  base: amount,
  rate: null,
  amount,
  show: true,
  section: '',
});

const slip = (code: string, division: string | null, lines: StoredLine[], over: Partial<SlipFacts> = {}) => {
  const gross = lines.filter((l) => l.kind === 'earning').reduce((a, l) => a + l.amount, 0);
  const deductions = lines.filter((l) => l.kind === 'deduction').reduce((a, l) => a + l.amount, 0);
  const employer = lines.filter((l) => l.kind === 'employer').reduce((a, l) => a + l.amount, 0);
  return {
    employee_id: `id-${code}`,
    name: `Person ${code}`,
    code,
    division,
    status: 'computed',
    error: null,
    gross_paise: gross,
    deductions_paise: deductions,
    net_paise: gross - deductions,
    employer_paise: employer,
    ctc_paise: gross + employer,
    lines,
    notes: [],
    ...over,
  } satisfies SlipFacts;
};

it('adds up chunks as one pass over every payslip would: components first seen by code, ties kept in that order', () => {
  // Two chunks in seq order (employees by code). BONUS and HRA both total ₹5,000: HRA was seen first.
  const first = chunkTotals(
    [
      slip('E1', 'Sales', [
        line('BASIC', 'earning', 30_000_00),
        line('HRA', 'earning', 5_000_00),
        line('PT', 'deduction', 200_00),
      ]),
      slip('E2', null, [
        line('BASIC', 'earning', 20_000_00),
        line('ESI_INFO', 'info', 123),
        line('TDS', 'deduction', 0),
      ]),
      slip('E3', 'Sales', [], { status: 'failed', error: 'no attendance' }),
    ],
    'v1',
  );
  const second = chunkTotals(
    [
      slip('E4', 'Ops', [
        line('BASIC', 'earning', 10_000_00, 'Basic pay'),
        line('BONUS', 'earning', 5_000_00),
        line('EPF_ER', 'employer', 1_200_00),
      ]),
    ],
    'v2',
  );
  const { totals, engineVersion } = runTotals([first, second]);
  expect(engineVersion).toBe('v2');
  expect(totals.employees).toBe(3);
  expect(totals.gross_paise).toBe(70_000_00);
  expect(totals.deductions_paise).toBe(200_00);
  expect(totals.net_paise).toBe(69_800_00);
  expect(totals.employer_paise).toBe(1_200_00);
  expect(totals.ctc_paise).toBe(71_200_00);
  // Info lines and nothing-amounts are left out; the label is the one first seen.
  expect(totals.by_component).toEqual([
    { code: 'BASIC', label: 'BASIC', kind: 'earning', amount_paise: 60_000_00 },
    { code: 'HRA', label: 'HRA', kind: 'earning', amount_paise: 5_000_00 },
    { code: 'BONUS', label: 'BONUS', kind: 'earning', amount_paise: 5_000_00 },
    { code: 'PT', label: 'PT', kind: 'deduction', amount_paise: 200_00 },
    { code: 'EPF_ER', label: 'EPF_ER', kind: 'employer', amount_paise: 1_200_00 },
  ]);
  expect(totals.by_division).toEqual([
    { division: 'No division', employees: 1, gross_paise: 20_000_00, net_paise: 20_000_00 },
    { division: 'Ops', employees: 1, gross_paise: 15_000_00, net_paise: 15_000_00 },
    { division: 'Sales', employees: 1, gross_paise: 35_000_00, net_paise: 34_800_00 },
  ]);
  expect(runTotals([]).totals.employees).toBe(0);
});

it('flags each payslip of a chunk as finishing the run did', () => {
  const employee = (over: Partial<PayrollEmployee>) =>
    ({
      bank_account_last4: '1234',
      uan: '100200300400',
      status: 'active',
      exit_date: null,
      bank_changed_at: null,
      ...over,
    }) as PayrollEmployee;
  const slips = [
    slip('E1', null, [line('BASIC', 'earning', 13_000_00)]),
    slip('E2', null, [line('BASIC', 'earning', 10_000_00), line('EPF_EE', 'deduction', 1_200_00)], {
      notes: ['TDS capped at the pay left: ₹900 carried'],
    }),
    slip('E3', null, [], { status: 'failed', error: 'No attendance was taken' }),
    slip('E4', null, [line('LOAN', 'deduction', 1_00)]),
  ];
  const found = anomaliesOf(slips, {
    month: '2026-11',
    payDate: '2026-11-30',
    previous: {
      month: '2026-10',
      netOf: new Map([
        ['id-E1', 10_000_00],
        ['id-E2', 8_800_00],
      ]),
    },
    netChangeThresholdPercent: 25,
    bankCoolingOffDays: 7,
    employeeOf: new Map([
      ['id-E1', employee({ exit_date: '2026-11-15', bank_changed_at: '2026-11-24T10:00:00Z' })],
      ['id-E2', employee({ uan: null, bank_account_last4: null })],
      ['id-E4', employee({})],
    ]),
  });
  expect(found.map((a) => [a.employee_id, a.kind])).toEqual([
    ['id-E1', 'net_change'],
    ['id-E1', 'exited_paid'],
    ['id-E1', 'bank_account_changed'],
    ['id-E2', 'missing_bank_account'],
    ['id-E2', 'missing_uan'],
    ['id-E2', 'tds_shortfall'],
    ['id-E3', 'compute_failed'],
    ['id-E4', 'zero_or_negative_net'],
  ]);
  expect(found[0]!.message).toBe(
    'Person E1 (E1): net pay rose by 30% from ₹10,000 in Oct 2026 to ₹13,000 (threshold 25%)',
  );
  // 8,800 → 8,800 is no change; a net within the threshold is not flagged.
  expect(found.filter((a) => a.employee_id === 'id-E2' && a.kind === 'net_change')).toEqual([]);
});
