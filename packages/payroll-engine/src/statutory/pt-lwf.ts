/**
 * Professional tax slab tables and Labour Welfare Fund rates per state (rules file §3, §4).
 * Slab `upTo` is inclusive, in paise. Where sources conflict the adopted table is the one the rules
 * file adopts (§7); the note says so. An unknown start date is given as the rules file's scope start.
 */
import type { LwfRate, PtTable } from '../types';

const R = 'statutory-rules.md';
const CAP = 2_500_00; // Art. 276(2)

export const PT: PtTable[] = [
  {
    state: 'KA',
    frequency: 'monthly',
    slabs: [
      { upTo: 24_999_99, amount: 0 },
      { amount: 200_00, february: 300_00 },
    ],
    annualCap: CAP,
    from: '2025-04-01',
    source: `Karnataka Act 33 of 2025 — ${R} S30, S31, S32, S33`,
    section: '§3 Karnataka',
    note: 'Boundary: "25,000 and more" pays (Act wording) — the engine charges ₹200 at exactly ₹25,000.',
  },
  {
    state: 'MH',
    frequency: 'monthly',
    slabs: [
      { upTo: 7_500_00, amount: 0 },
      { upTo: 10_000_00, amount: 175_00 },
      { amount: 200_00, february: 300_00 },
    ],
    annualCap: CAP,
    from: '2023-04-01',
    source: `Maharashtra PT Act Schedule I entry 1 (from 1 Apr 2023) — ${R} S34, S35b, S36b`,
    section: '§3 Maharashtra',
    note: 'Men (and, as the engine reads it, any gender other than female).',
  },
  {
    state: 'MH',
    gender: 'female',
    frequency: 'monthly',
    slabs: [
      { upTo: 25_000_00, amount: 0 },
      { amount: 200_00, february: 300_00 },
    ],
    annualCap: CAP,
    from: '2023-04-01',
    source: `Maharashtra PT Act Schedule I entry 1, women ≤ ₹25,000 exempt (from 1 Apr 2023) — ${R} S34, S35b, S36b`,
    section: '§3 Maharashtra',
  },
  {
    state: 'WB',
    frequency: 'monthly',
    slabs: [
      { upTo: 10_000_00, amount: 0 },
      { upTo: 15_000_00, amount: 110_00 },
      { upTo: 25_000_00, amount: 130_00 },
      { upTo: 40_000_00, amount: 150_00 },
      { amount: 200_00 },
    ],
    annualCap: CAP,
    from: '2025-04-01',
    source: `West Bengal PT slabs — ${R} S37, S38, S39`,
    section: '§3 West Bengal',
    note: '[CONFLICT] S37b/frappe: ≤ ₹8,500 nil and ₹90 for 8,501–10,000; the engine uses ≤ ₹10,000 nil (3 sources).',
  },
  {
    state: 'TN',
    city: 'Chennai',
    frequency: 'half-yearly',
    slabs: [
      { upTo: 21_000_00, amount: 0 },
      { upTo: 30_000_00, amount: 180_00 },
      { upTo: 45_000_00, amount: 425_00 },
      { upTo: 60_000_00, amount: 930_00 },
      { upTo: 75_000_00, amount: 1_025_00 },
      { amount: 1_250_00 },
    ],
    annualCap: CAP,
    from: '2024-10-01',
    source: `Greater Chennai Corporation circular R.D.(HQ).C.No.PT/SPL/2024, 20 Jan 2025 (from H2 FY 2024-25) — ${R} S71, S72, S19b`,
    section: '§3 Tamil Nadu',
    note: 'Slabs on half-year income (Apr–Sep, Oct–Mar); deducted in full in September and March, or in the exit month.',
  },
  {
    state: 'TG',
    frequency: 'monthly',
    slabs: [{ upTo: 15_000_00, amount: 0 }, { upTo: 20_000_00, amount: 150_00 }, { amount: 200_00 }],
    annualCap: CAP,
    from: '2025-04-01',
    source: `Telangana PT slabs — ${R} S73, S74, S51`,
    section: '§3 Telangana',
  },
  {
    state: 'GJ',
    frequency: 'monthly',
    slabs: [{ upTo: 11_999_99, amount: 0 }, { amount: 200_00 }],
    annualCap: CAP,
    from: '2025-04-01',
    source: `Gujarat PT: nil below ₹12,000, ₹200 from ₹12,000 — ${R} S75, S76`,
    section: '§3 Gujarat',
    note: '[CONFLICT] older tables (S77, frappe) have ₹80/₹150 slabs below ₹12,000; the engine uses nil < ₹12,000.',
  },
  {
    state: 'AP',
    frequency: 'monthly',
    slabs: [{ upTo: 15_000_00, amount: 0 }, { upTo: 20_000_00, amount: 150_00 }, { amount: 200_00 }],
    annualCap: CAP,
    from: '2013-02-01',
    source: `G.O.Ms.No. 82, Revenue (CT-IV), 4 Feb 2013 — ${R} S78, S79`,
    section: '§3 Andhra Pradesh',
  },
  {
    state: 'DL',
    frequency: 'none',
    slabs: [],
    annualCap: 0,
    from: '2025-04-01',
    source: `Delhi (NCT) levies no professional tax — ${R} S114, S115, S116`,
    section: '§3 Delhi',
  },
];

export const LWF: LwfRate[] = [
  {
    state: 'MH',
    employee: 25_00,
    employer: 75_00,
    months: [6, 12],
    from: '2024-06-01',
    source: `Maharashtra LWF (Amendment) Act 2024 (gazette 18 Mar 2024) — ${R} S80, S81, S82, S51`,
    section: '§4 Maharashtra',
  },
  {
    state: 'KA',
    employee: 50_00,
    employer: 100_00,
    months: [12],
    from: '2025-01-01',
    source: `Karnataka LWF (Amendment) Act 2024 (CY 2025 onward; State's ₹50 not on the payslip) — ${R} S83, S84, S51`,
    section: '§4 Karnataka',
  },
  {
    state: 'TN',
    employee: 20_00,
    employer: 40_00,
    months: [12],
    from: '2025-04-01',
    source: `Tamil Nadu LWF ₹20 / ₹40, December — ${R} S87, S51`,
    section: '§4 Tamil Nadu',
  },
];
