/**
 * EPF / EPS / EDLI and ESI figures, effective-dated, each with its source (rules file §1, §2).
 * Adding a new figure = adding an entry with `from` (and closing the old one with `to`), plus a case.
 * "from 2025-04-01" means: in force at least from the start of the rules file's scope (FY 2025-26);
 * the rules file does not date it earlier.
 */
import type { EpfFigures, EsiFigures } from '../types';

const SCOPE = '2025-04-01';
const R = 'statutory-rules.md';

export const EPF: EpfFigures = {
  wageCeiling: [
    {
      value: 15_000_00,
      from: '2014-09-01',
      to: '2026-09-16',
      source: `EPF Scheme para 2(f) (₹15,000 from 1 Sep 2014); re-notified under the SS Code by S.O. 2702(E), 29 May 2026 — ${R} S1, S2, S3, S13`,
      law: 'EPF Scheme 1952, para 2(f): wage ceiling ₹15,000 from 1 Sep 2014 (re-notified under the Code on Social Security by S.O. 2702(E), 29 May 2026)',
      section: '§1.1',
    },
    {
      value: 25_000_00,
      from: '2026-09-17',
      source: `S.O. 5109(E), 17 Sep 2026 (Gazette CG-DL-E-17092026-276299) — ${R} S10, S11, S12`,
      law: 'Notification S.O. 5109(E) of 17 Sep 2026: EPF wage ceiling ₹25,000',
      section: '§1.6',
      note: 'September 2026 is split by days: 16 days at ₹15,000, 14 days at ₹25,000 (EPFO FAQ).',
    },
  ],
  employeeRate: [
    {
      value: 1200,
      from: SCOPE,
      source: `EPF Scheme: 12% of PF wage — ${R} S1, S2, S3`,
      law: 'EPF Scheme 1952: employee 12% of the PF wage',
      section: '§1.1',
    },
  ],
  employerRate: [
    {
      value: 1200,
      from: SCOPE,
      source: `EPF Scheme: employer 12% — ${R} S1, S2`,
      law: 'EPF Scheme 1952: employer 12% of the PF wage',
      section: '§1.1',
    },
  ],
  epsRate: [
    {
      value: 833,
      from: SCOPE,
      source: `EPS 1995: 8.33% of PF wage up to the ceiling — ${R} S1, S4, S5, S6`,
      law: "Employees' Pension Scheme 1995: 8.33% of the PF wage up to the ceiling",
      section: '§1.1',
    },
  ],
  edliRate: [
    {
      value: 50,
      from: SCOPE,
      source: `EDLI Scheme: 0.5% of PF wage up to the ceiling — ${R} S4, S5`,
      law: 'EDLI Scheme 1976, para 7(2): 0.5% of the PF wage up to the ceiling',
      section: '§1.1',
    },
  ],
  adminRate: [
    {
      value: 50,
      from: '2018-06-01',
      source: `EPF admin charges 0.5% from 1 Jun 2018 (S.O. 2011(E)) — ${R} S2, S8, S9`,
      law: 'EPF administrative charges 0.5% from 1 Jun 2018 (S.O. 2011(E))',
      section: '§1.1',
    },
  ],
  adminMinimum: [
    {
      value: 500_00,
      from: '2018-06-01',
      source: `₹500 per month per establishment (₹75 with no contributing member) — ${R} S8, S9`,
      law: 'EPF administrative charges: at least ₹500 a month per establishment (₹75 with no contributing member)',
      section: '§1.1',
      note: 'Establishment (challan) level; not applied on a payslip.',
    },
  ],
  edliAdminRate: [
    {
      value: 0,
      from: '2017-04-01',
      source: `EDLI admin nil since 1 Apr 2017 (S.O. 828(E)) — ${R} S9`,
      law: 'EDLI administrative charges nil from 1 Apr 2017 (S.O. 828(E))',
      section: '§1.1',
    },
  ],
  epsAgeLimit: [
    {
      value: 58,
      from: SCOPE,
      source: `No EPS after age 58 — ${R} S17`,
      law: "Employees' Pension Scheme 1995: no contribution after age 58",
      section: '§1.3',
    },
  ],
};

export const ESI: EsiFigures = {
  employeeRate: [
    {
      value: 75,
      from: '2019-07-01',
      source: `ESIC: employee 0.75% from 1 Jul 2019 — ${R} S50, S51, S67`,
      law: 'ESI (Central) Rules 1950, Rule 51: employee 0.75% from 1 Jul 2019',
      section: '§2',
    },
  ],
  employerRate: [
    {
      value: 325,
      from: '2019-07-01',
      source: `ESIC: employer 3.25% from 1 Jul 2019 — ${R} S50, S51, S67`,
      law: 'ESI (Central) Rules 1950, Rule 51: employer 3.25% from 1 Jul 2019',
      section: '§2',
    },
  ],
  wageCeiling: [
    {
      value: 21_000_00,
      from: '2017-01-01',
      source: `Rule 50 ESI (Central) Rules, G.S.R. 1166(E), w.e.f. 1 Jan 2017; ceiling inclusive — ${R} S53, S54, S51`,
      law: 'ESI (Central) Rules 1950, Rule 50 (G.S.R. 1166(E)): covered up to ₹21,000 a month from 1 Jan 2017',
      section: '§2',
    },
  ],
  wageCeilingDisabled: [
    {
      value: 25_000_00,
      from: '2017-01-01',
      source: `Persons with disability: ₹25,000 — ${R} S51, S19b`,
      law: 'ESI (Central) Rules 1950, Rule 50: covered up to ₹25,000 a month for persons with disability',
      section: '§2',
    },
  ],
  lowWageDailyLimit: [
    {
      value: 176_00,
      from: SCOPE,
      source: `Average daily wage ≤ ₹176: no employee share (s.42(1)) — ${R} S19b, S62`,
      law: 'ESI Act 1948, s.42(1): no employee share where the average daily wage is ₹176 or less',
      section: '§2',
    },
  ],
  contributionPeriodStarts: [
    {
      value: [4, 10],
      from: SCOPE,
      source: `Contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar; coverage re-tested only at their start — ${R} S52, S56, S60`,
      law: 'ESI Act 1948: contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar; coverage is tested at their start',
      section: '§2',
    },
  ],
};
