/**
 * Figures for an employee's exit — gratuity and leave encashment (rules file §6), effective-dated,
 * each with its source. As elsewhere, "from 2025-04-01" means in force at least from the start of
 * the rules file's scope (FY 2025-26); the rules file does not date it earlier.
 */
import type { ExitFigures } from '../exit/types';

const SCOPE = '2025-04-01';
const CODES = '2025-11-21';
const R = 'statutory-rules.md';

export const EXIT_FIGURES: ExitFigures = {
  gratuityCeiling: [
    {
      value: 20_00_000_00,
      from: SCOPE,
      source: `Payment of Gratuity Act 1972 s.4(3) as amended (₹20 lakh), kept under the Code on Social Security 2020; also the s.10(10)(ii) exemption limit — ${R} S104, S105`,
      law: 'Payment of Gratuity Act 1972, s.4(3) (Code on Social Security 2020, s.53(3) from 21 Nov 2025): gratuity ceiling ₹20,00,000',
      section: '§6',
      note: 'One source only in the rules file [1]; the ceiling is data, so a change is a new dated entry.',
    },
  ],
  gratuityMinimumYears: [
    {
      value: 5,
      from: SCOPE,
      source: `Payment of Gratuity Act 1972 s.4(1); Code on Social Security 2020 s.53(1) — ${R} S100, S101, S64`,
      law: "Payment of Gratuity Act 1972, s.4(1) (Code on Social Security 2020, s.53(1) from 21 Nov 2025): five years' continuous service",
      section: '§6',
    },
  ],
  gratuityMinimumYearsFixedTerm: [
    {
      value: 5,
      from: SCOPE,
      to: '2025-11-20',
      source: `Payment of Gratuity Act 1972 s.4(1): no separate rule for fixed-term employment — ${R} S100, S101`,
      law: "Payment of Gratuity Act 1972, s.4(1): five years' continuous service, fixed-term employees included",
      section: '§6',
    },
    {
      value: 1,
      from: CODES,
      source: `Code on Social Security 2020 s.53(1) proviso, in force 21 Nov 2025 — ${R} S102, S103, S104, S40`,
      law: 'Code on Social Security 2020, s.53(1) proviso (in force 21 Nov 2025): a fixed-term employee gets gratuity pro rata after one year',
      section: '§0, §6',
    },
  ],
  wagesExclusionCapBp: [
    {
      value: 5000,
      from: CODES,
      source: `Code on Social Security 2020 s.2(88) proviso (the Code on Wages definition): exclusions above one half of all remuneration are wages — ${R} S102, S103, S104, S40`,
      law: 'Code on Social Security 2020, s.2(88) (in force 21 Nov 2025): allowances and other exclusions above half of the total pay count as wages',
      section: '§0, §6',
    },
  ],
  leaveEncashmentExemptionLimit: [
    {
      value: 25_00_000_00,
      from: '2023-04-01',
      source: `CBDT Notification 31/2023, w.e.f. 1 Apr 2023 (lifetime, across employers) — ${R} S106, S107, S108`,
      law: 'Income-tax Act 1961 s.10(10AA)(ii) with Notification 31/2023 (₹25,00,000 in a lifetime, from 1 Apr 2023)',
      note: 'From 1 Apr 2026 the Income-tax Act 2025 replaces the 1961 Act; its section for this exemption is not re-read in the rules file, so the explanation names the 1961 section.',
      section: '§6',
    },
  ],
  leaveEncashmentMonthsLimb: [
    {
      value: 10,
      from: SCOPE,
      source: `Income-tax Act 1961 s.10(10AA)(ii): 10 months' average salary — ${R} §6 (long-standing condition, not re-read)`,
      law: "Income-tax Act 1961 s.10(10AA)(ii): ten months' average salary",
      section: '§6',
    },
  ],
  leaveEncashmentDaysPerYearLimb: [
    {
      value: 30,
      from: SCOPE,
      source: `Income-tax Act 1961 s.10(10AA)(ii): leave at most 30 days for every completed year of service — ${R} §6 (long-standing condition, not re-read)`,
      law: 'Income-tax Act 1961 s.10(10AA)(ii): leave counted at no more than 30 days for each completed year of service',
      section: '§6',
    },
  ],
};
