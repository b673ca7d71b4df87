/**
 * Payroll engine throughput: 10,000 varied payslips on one core, target ≤ 0.5 s (≤ 50 µs each).
 * Run: npx tsx bench/payroll-engine.ts. Inputs come from a seeded generator, so every run computes
 * the same payslips; one warm-up pass lets the JIT settle before the timed pass.
 */
import {
  computePayslip,
  type PayslipInput,
  type SalaryLine,
  STATUTORY_RULES,
} from '../packages/payroll-engine/src';

let seed = 20261123;
function rand(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const places = [
  ['KA', 'Bengaluru'],
  ['MH', 'Mumbai'],
  ['WB', 'Kolkata'],
  ['TN', 'Chennai'],
  ['TG', 'Hyderabad'],
  ['GJ', 'Ahmedabad'],
  ['AP', 'Vijayawada'],
  ['DL', 'New Delhi'],
] as const;
const months = [
  '2025-04',
  '2025-09',
  '2025-12',
  '2026-02',
  '2026-03',
  '2026-06',
  '2026-09',
  '2026-10',
  '2027-01',
];

function line(
  code: string,
  label: string,
  monthly: number,
  epf: SalaryLine['flags']['epfWage'],
  category: SalaryLine['category'],
): SalaryLine {
  return {
    code,
    label,
    monthly,
    category,
    flags: { taxable: true, epfWage: epf, esiWage: code !== 'CONV', prorated: true, showOnPayslip: true },
  };
}

function makeInput(): PayslipInput {
  const [state, city] = pick(places);
  const monthly = Math.round(8_000 + rand() * 250_000) * 100;
  const basic = Math.round(monthly * 0.5);
  const hra = Math.round(monthly * 0.2);
  const conv = 1_600_00;
  const special = Math.max(0, monthly - basic - hra - conv);
  const month = pick(months);
  const method = pick([
    { kind: 'calendar' as const },
    { kind: 'fixed' as const, days: 30 },
    { kind: 'working' as const, nonWorkingDays: [1, 7, 8, 14, 15, 21, 22, 28] },
  ]);
  const basis = method.kind === 'fixed' ? 30 : method.kind === 'working' ? 20 : 28;
  const joiner = rand() < 0.1;
  const lop = rand() < 0.7 || joiner ? 0 : Math.floor(rand() * basis);
  const monthsPaid = Math.floor(rand() * 6);
  return {
    employee: {
      state,
      city,
      gender: pick(['male', 'female'] as const),
      dateOfBirth: pick(['1966-05-10', '1980-01-01', '1995-07-15', '2001-12-31']),
      disabled: rand() < 0.05,
      epsEligible: rand() < 0.8,
      joiningDate: joiner ? `${month}-11` : '2020-04-01',
      lwfApplicable: rand() < 0.5,
    },
    month,
    attendance: { method, lopDays: lop },
    salary: [
      line('BASIC', 'Basic', basic, 'always', 'basic'),
      line('HRA', 'House rent allowance', hra, 'never', 'hra'),
      line('CONV', 'Conveyance', conv, 'never', 'conveyance'),
      line('SPECIAL', 'Special allowance', special, pick(['never', 'if-below-ceiling'] as const), 'special'),
    ],
    oneTime:
      rand() < 0.2
        ? [{ code: 'BONUS', label: 'Bonus', kind: 'earning', amount: 5_000_00, taxable: true }]
        : [],
    epf: {
      applicable: rand() < 0.95,
      employeeBase: pick(['actual', 'restricted'] as const),
      employerBase: pick(['actual', 'restricted'] as const),
      employerInCtc: true,
      prorateRestrictedWage: rand() < 0.3,
      includeConditionalOnEarnedWage: rand() < 0.5,
    },
    esi: { applicable: true },
    tax: { regime: pick(['new', 'old'] as const), declarations: { section80CPaise: 1_00_000_00 } },
    earlier: {
      monthsPaid,
      gross: monthly * monthsPaid,
      paid: {
        grossPaise: monthly * monthsPaid,
        basicDaPaise: basic * monthsPaid,
        hraPaise: hra * monthsPaid,
      },
      tds: 0,
      grossThisHalfYear: 0,
      ptThisHalfYear: 0,
      esiCoveredThisPeriod: rand() < 0.3,
    },
  };
}

const N = 10_000;
const inputs = Array.from({ length: N }, makeInput);
let check = 0;
for (const i of inputs) check += computePayslip(i, STATUTORY_RULES).net; // warm-up
// Wall time is what the target names; CPU time of this thread is printed too because on a shared
// machine the wall clock also counts time the core spent on other processes.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let net = 0;
for (const i of inputs) net += computePayslip(i, STATUTORY_RULES).net;
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
if (net !== check) throw new Error('the engine is not deterministic');
const per = (x: number) => ((x * 1000) / N).toFixed(1);
console.log(
  `payroll-engine: ${N} payslips in ${(ms / 1000).toFixed(3)} s wall = ${per(ms)} µs per payslip; CPU ${(cpuMs / 1000).toFixed(3)} s = ${per(cpuMs)} µs (target ≤ 0.5 s, ≤ 50 µs)`,
);
