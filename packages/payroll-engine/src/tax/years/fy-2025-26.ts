import type { IncomeTaxYearRules, SlabTable } from '../types';

/** ₹ to paise; figures below are written in rupees as the rules file gives them. */
const r = (rupees: number) => rupees * 100;

const RULES = '/work/shared/payroll/statutory-rules.md';

const newSlabs: SlabTable = {
  source: `${RULES} 5.1 new-regime slabs FY 2025-26 (Finance Act 2025) [2+] S20, S21, S22`,
  slabs: [
    { fromPaise: 0, toPaise: r(4_00_000), ratePercent: 0 },
    { fromPaise: r(4_00_000), toPaise: r(8_00_000), ratePercent: 5 },
    { fromPaise: r(8_00_000), toPaise: r(12_00_000), ratePercent: 10 },
    { fromPaise: r(12_00_000), toPaise: r(16_00_000), ratePercent: 15 },
    { fromPaise: r(16_00_000), toPaise: r(20_00_000), ratePercent: 20 },
    { fromPaise: r(20_00_000), toPaise: r(24_00_000), ratePercent: 25 },
    { fromPaise: r(24_00_000), toPaise: null, ratePercent: 30 },
  ],
};

const oldSlabs = (nilUpTo: number, band: string): SlabTable => ({
  source: `${RULES} 5.2 old-regime slabs (${band}) [2+] S21, S22, S93`,
  slabs: [
    { fromPaise: 0, toPaise: r(nilUpTo), ratePercent: 0 },
    ...(nilUpTo < 5_00_000 ? [{ fromPaise: r(nilUpTo), toPaise: r(5_00_000), ratePercent: 5 }] : []),
    { fromPaise: r(5_00_000), toPaise: r(10_00_000), ratePercent: 20 },
    { fromPaise: r(10_00_000), toPaise: null, ratePercent: 30 },
  ],
});

export const FY_2025_26: IncomeTaxYearRules = {
  financialYear: '2025-26',
  effectiveFrom: '2025-04-01',
  effectiveTo: '2026-03-31',
  tdsSection: 's.192 of the Income-tax Act, 1961',
  regimes: {
    new: {
      slabs: { below60: newSlabs, '60to80': newSlabs, '80plus': newSlabs },
      standardDeductionPaise: {
        value: r(75_000),
        source: `${RULES} 5.1 standard deduction [2+] S20, S22, S29`,
      },
      rebate87A: {
        incomeLimitPaise: r(12_00_000),
        maxRebatePaise: r(60_000),
        marginalRelief: true,
        source: `${RULES} 5.1 rebate u/s 87A up to ₹12 L, max ₹60,000, marginal relief above [2+] S20, S21, S21b, S22`,
      },
      surcharge: {
        source: `${RULES} 5.1 surcharge 10% > ₹50 L, 15% > ₹1 Cr, 25% > ₹2 Cr (cap) [2+] S22, S91, S92; relief 5.3`,
        marginalRelief: true,
        bands: [
          { abovePaise: r(50_00_000), ratePercent: 10 },
          { abovePaise: r(1_00_00_000), ratePercent: 15 },
          { abovePaise: r(2_00_00_000), ratePercent: 25 },
        ],
      },
      employerNpsPercentOfBasicDa: {
        value: 14,
        source: `${RULES} 5.1 employer NPS 80CCD(2) 14% [2+] S29, S21 [CONFLICT] frappe caps at 10%`,
      },
      allowsChapterVIA: false,
    },
    old: {
      slabs: {
        below60: oldSlabs(2_50_000, 'below 60'),
        '60to80': oldSlabs(3_00_000, '60 to 80'),
        '80plus': oldSlabs(5_00_000, '80 and above'),
      },
      standardDeductionPaise: {
        value: r(50_000),
        source: `${RULES} 5.2 standard deduction [2+] S22, S29 [CONFLICT] S93 says ₹75,000 (wrong; 7 adopts ₹50,000)`,
      },
      rebate87A: {
        incomeLimitPaise: r(5_00_000),
        maxRebatePaise: r(12_500),
        marginalRelief: false,
        source: `${RULES} 5.2 rebate u/s 87A up to ₹5 L, max ₹12,500, no marginal relief [2+] S22, S93`,
      },
      surcharge: {
        source: `${RULES} 5.2 surcharge 10/15/25% and 37% > ₹5 Cr [2+] S22, S91; relief 5.3`,
        marginalRelief: true,
        bands: [
          { abovePaise: r(50_00_000), ratePercent: 10 },
          { abovePaise: r(1_00_00_000), ratePercent: 15 },
          { abovePaise: r(2_00_00_000), ratePercent: 25 },
          { abovePaise: r(5_00_00_000), ratePercent: 37 },
        ],
      },
      employerNpsPercentOfBasicDa: {
        value: 10,
        source: `${RULES} 5.1 names 14% for the new regime only; old regime 10% of Basic + DA (non-government; not in the rules file, frappe tax_regime_selector.py S22)`,
      },
      allowsChapterVIA: true,
    },
  },
  cessPercent: {
    value: 4,
    source: `${RULES} 5.1 Health & Education Cess 4% on tax + surcharge [2+] S21b, S22`,
  },
  oldRegime: {
    section80CPaise: { value: r(1_50_000), source: `${RULES} 5.2 80C cap incl. employee EPF [2+] S93, S22` },
    section80CCD1BPaise: { value: r(50_000), source: `${RULES} 5.2 80CCD(1B) NPS [2+] S93, S22` },
    section80DSelfPaise: { value: r(25_000), source: `${RULES} 5.2 80D self/family [2+] S93, S22` },
    section80DSelfSeniorPaise: {
      value: r(50_000),
      source: `${RULES} 5.2 80D self/family, senior [2+] S93, S22`,
    },
    section80DParentsPaise: { value: r(25_000), source: `${RULES} 5.2 80D parents [2+] S93, S22` },
    section80DParentsSeniorPaise: {
      value: r(50_000),
      source: `${RULES} 5.2 80D parents, senior [2+] S93, S22`,
    },
    section24bSelfOccupiedPaise: {
      value: r(2_00_000),
      source: `${RULES} 5.2 s.24(b) self-occupied home-loan interest [2+] S93, S22`,
    },
    professionalTaxCapPaise: {
      value: r(2_500),
      source: `${RULES} 3 PT annual cap ₹2,500 (Art. 276(2)); deductible in the old regime only (s.16(iii))`,
    },
  },
  hra: {
    source: `${RULES} 5.4 s.10(13A) + Rule 2A: least of HRA, rent − 10% of salary, 50% (Delhi, Mumbai, Kolkata, Chennai) / 40% of salary [2+] S94, S95, S96, S22`,
    fiftyPercentCities: ['Delhi', 'New Delhi', 'Mumbai', 'Kolkata', 'Chennai'],
    metroPercent: 50,
    otherPercent: 40,
    rentExcessOverPercent: 10,
  },
  rounding: {
    totalIncome: 'none',
    annualTax: 'nearest-rupee',
    source: `${RULES} 5.5 step 3: payroll TDS practice does not round the annual figure; s.288A/288B ₹10 rounding is an option [2+] S97, S98, S99`,
  },
};
