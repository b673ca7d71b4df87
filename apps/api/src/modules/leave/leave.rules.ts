/**
 * Leave rules as plain functions: counting the days of a request (with sandwich rules), accrual with
 * pro-rata and rounding, year-end carry-forward, lapses of expiring credits (carried leave, comp-off),
 * balances from ledger entries and the correcting entries of a back-dated change. No database here.
 */

import { addDays, daysBetween, monthWordsOf, periodWords } from '../../lib/dates';

export { addDays, daysBetween };

/** What the leave rules need of a day (a subset of the policies index's DayContext). */
export type LeaveDay = {
  date: string;
  weeklyOff: 'none' | 'full' | 'first_half' | 'second_half';
  holiday: { id: string; name: string; optional: boolean } | null;
};

/** Each sandwich rule on its own: is a weekly-off / holiday at that place counted as leave? */
export type SandwichRules = {
  weeklyOffBefore: boolean;
  weeklyOffBetween: boolean;
  weeklyOffAfter: boolean;
  holidayBefore: boolean;
  holidayBetween: boolean;
  holidayAfter: boolean;
};
export const NO_SANDWICH: SandwichRules = {
  weeklyOffBefore: false,
  weeklyOffBetween: false,
  weeklyOffAfter: false,
  holidayBefore: false,
  holidayBetween: false,
  holidayAfter: false,
};

export type Session = 'full_day' | 'first_half' | 'second_half';

export type CountedDay = {
  date: string;
  /** Leave days taken from the balance for this date (0, 0.5 or 1). */
  amount: number;
  kind: 'working' | 'weekly_off' | 'holiday' | 'half_weekly_off';
  /** Why the date counts or not, in words for the preview. */
  reason: string;
};

const isOff = (d: LeaveDay) => d.holiday !== null || d.weeklyOff === 'full';

/**
 * The days a request counts. Working days are leave days; a day with half a weekly-off counts the
 * working half. Weekly-offs and holidays inside the range count by their place: "between" two leave
 * days, or "before" the first / "after" the last leave day (the range starting or ending on them).
 * A holiday wins over a weekly-off on the same date. A half-day session applies to a one-day request.
 */
export function countLeaveDays(days: LeaveDay[], rules: SandwichRules, session: Session = 'full_day') {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  const workIdx = sorted.flatMap((d, i) => (isOff(d) ? [] : [i]));
  const first = workIdx[0] ?? -1;
  const last = workIdx[workIdx.length - 1] ?? -1;
  const out: CountedDay[] = sorted.map((d, i) => {
    if (!isOff(d)) {
      const halfOff = d.weeklyOff === 'first_half' || d.weeklyOff === 'second_half';
      if (session !== 'full_day') {
        if (halfOff && d.weeklyOff === session) {
          return { date: d.date, amount: 0, kind: 'half_weekly_off', reason: 'This half is a weekly-off' };
        }
        return { date: d.date, amount: 0.5, kind: 'working', reason: `Leave (${halfLabel(session)})` };
      }
      if (halfOff) {
        return {
          date: d.date,
          amount: 0.5,
          kind: 'half_weekly_off',
          reason: `Leave for the working half (the ${halfLabel(d.weeklyOff as Session)} is a weekly-off)`,
        };
      }
      return { date: d.date, amount: 1, kind: 'working', reason: 'Leave' };
    }
    const kind = d.holiday ? 'holiday' : 'weekly_off';
    const what = d.holiday ? `Holiday (${d.holiday.name})` : 'Weekly-off';
    const place = first === -1 ? 'before' : i < first ? 'before' : i > last ? 'after' : 'between';
    const rule = rulesKey(kind, place);
    const counted = rules[rule];
    const where =
      place === 'between'
        ? 'between leave days'
        : place === 'before'
          ? 'before the leave days'
          : 'after the leave days';
    return {
      date: d.date,
      amount: counted ? 1 : 0,
      kind,
      reason: `${what} ${where}: ${counted ? 'counted' : 'not counted'} (sandwich rule "${ruleLabel(rule)}")`,
    };
  });
  const total = out.reduce((s, d) => s + d.amount, 0);
  return { days: out, total };
}

function rulesKey(
  kind: 'holiday' | 'weekly_off',
  place: 'before' | 'between' | 'after',
): keyof SandwichRules {
  const p = place === 'before' ? 'Before' : place === 'after' ? 'After' : 'Between';
  return (kind === 'holiday' ? `holiday${p}` : `weeklyOff${p}`) as keyof SandwichRules;
}
export function ruleLabel(rule: keyof SandwichRules): string {
  return rule
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .replace('weekly off', 'weekly-off');
}
const halfLabel = (s: Session) => (s === 'first_half' ? 'first half' : 'second half');

/** How another request of the employee takes a date: the whole day or one half. */
export type OtherLeave = { portion: 'full' | 'first_half' | 'second_half'; status: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Fri 13 Nov" */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** The longest run of weekly-offs and holidays looked at next to a request. */
export const SANDWICH_REACH = 14;

/**
 * Weekly-offs and holidays sandwiched between this request and another leave of the employee
 * (pending or approved): the days off right before `from` back to the other leave's last day count
 * by the "before" rules, the days off right after `to` up to the other leave's first day by the
 * "after" rules. A working day (or half a weekly-off) in the run means no sandwich; so does a
 * half-day on the side facing the run (a first half before it, a second half after it). Dates
 * another request already takes from its balance are the other leave, never counted twice.
 * `calendar` holds the days around the request (a missing date is a working day).
 */
export function sandwichGaps(a: {
  from: string;
  to: string;
  session: Session;
  calendar: Map<string, LeaveDay>;
  others: Map<string, OtherLeave>;
  rules: SandwichRules;
}): { before: CountedDay[]; after: CountedDay[] } {
  const walk = (side: 'before' | 'after'): CountedDay[] => {
    // This request's side facing the run must be on leave.
    if (side === 'before' && a.session === 'second_half') return [];
    if (side === 'after' && a.session === 'first_half') return [];
    const step = side === 'before' ? -1 : 1;
    const run: LeaveDay[] = [];
    let d = addDays(side === 'before' ? a.from : a.to, step);
    for (let i = 0; i < SANDWICH_REACH; i++, d = addDays(d, step)) {
      const other = a.others.get(d);
      if (other) {
        const faces =
          other.portion === 'full' || other.portion === (side === 'before' ? 'second_half' : 'first_half');
        if (!faces || run.length === 0) return [];
        const ordered = side === 'before' ? [...run].reverse() : run;
        return ordered.map((day) => {
          const kind = day.holiday ? 'holiday' : 'weekly_off';
          const what = day.holiday ? `Holiday (${day.holiday.name})` : 'Weekly-off';
          const rule = rulesKey(kind, side);
          const counted = a.rules[rule];
          const theirs = `your ${other.status} leave on ${dayLabel(d)}`;
          const where =
            side === 'before' ? `between ${theirs} and this request` : `between this request and ${theirs}`;
          return {
            date: day.date,
            amount: counted ? 1 : 0,
            kind,
            reason: `${dayLabel(day.date)}: ${what.charAt(0).toLowerCase()}${what.slice(1)} ${where}: ${
              counted ? 'counted' : 'not counted'
            } (sandwich rule "${ruleLabel(rule)}")`,
          };
        });
      }
      const day = a.calendar.get(d) ?? { date: d, weeklyOff: 'none', holiday: null };
      if (!isOff(day)) return [];
      run.push({ ...day, date: d });
    }
    return [];
  };
  return { before: walk('before'), after: walk('after') };
}

// ---- Leave in hours ----

/** The most hours of leave in one day when the employee has no (day) shift. */
export const HOURS_PER_DAY = 8;
/** The shift of the day, local 'HH:MM' (end at or before start: it ends the next day). */
export type HourShift = { start: string; end: string; breakMinutes: number } | null;
export const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hoursWord = (h: number) => `${h} h`;

/**
 * The hours a request for part of one date takes: from `fromTime` to `toTime` (quarter hours), within
 * the day shift when there is one and at most its length less the break (else HOURS_PER_DAY). A
 * weekly-off or holiday takes nothing. Errors name the field they are about.
 */
export function countHours(day: LeaveDay, fromTime: string, toTime: string, shift: HourShift) {
  const errors: { path: string; message: string }[] = [];
  const a = minutesOf(fromTime);
  const b = minutesOf(toTime);
  if (a % 15 !== 0) errors.push({ path: 'from_time', message: 'Use quarter hours (:00, :15, :30 or :45)' });
  if (b % 15 !== 0) errors.push({ path: 'to_time', message: 'Use quarter hours (:00, :15, :30 or :45)' });
  if (b <= a) errors.push({ path: 'to_time', message: 'The end time must be after the start time' });
  const dayShift = shift && minutesOf(shift.end) > minutesOf(shift.start) ? shift : null;
  const max = dayShift
    ? round2((minutesOf(dayShift.end) - minutesOf(dayShift.start) - dayShift.breakMinutes) / 60)
    : HOURS_PER_DAY;
  if (dayShift && a < minutesOf(dayShift.start)) {
    errors.push({
      path: 'from_time',
      message: `The start time is before your shift (${dayShift.start} to ${dayShift.end})`,
    });
  }
  if (dayShift && b > minutesOf(dayShift.end)) {
    errors.push({
      path: 'to_time',
      message: `The end time is after your shift (${dayShift.start} to ${dayShift.end})`,
    });
  }
  const hours = b > a ? round2((b - a) / 60) : 0;
  if (errors.length === 0 && hours > max) {
    errors.push({
      path: 'to_time',
      message: `At most ${hoursWord(max)} of leave in a day (${dayShift ? 'your shift less its break' : 'the daily maximum'}); this is ${hoursWord(hours)}`,
    });
  }
  const off = isOff(day);
  const counted: CountedDay = {
    date: day.date,
    amount: off ? 0 : hours,
    kind: off ? (day.holiday ? 'holiday' : 'weekly_off') : 'working',
    reason: off
      ? `${day.holiday ? `Holiday (${day.holiday.name})` : 'Weekly-off'}: no leave needed`
      : `Leave ${fromTime} to ${toTime} (${hoursWord(hours)})`,
  };
  return { days: [counted], total: counted.amount, hours, errors };
}

// ---- Accrual ----

export type AccrualFrequency = 'monthly' | 'quarterly' | 'yearly';
export type Period = { key: string; start: string; end: string };

/** The accrual period holding `date`. Leave years are calendar years. */
export function periodOf(freq: AccrualFrequency, date: string): Period {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (freq === 'yearly') return { key: `${y}`, start: `${y}-01-01`, end: `${y}-12-31` };
  if (freq === 'quarterly') {
    const q = Math.floor((m - 1) / 3);
    const start = `${y}-${String(q * 3 + 1).padStart(2, '0')}-01`;
    return { key: `${y}-Q${q + 1}`, start, end: addDays(nextMonth(start, 3), -1) };
  }
  const start = `${date.slice(0, 7)}-01`;
  return { key: date.slice(0, 7), start, end: addDays(nextMonth(start, 1), -1) };
}
function nextMonth(start: string, n: number): string {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7)) - 1 + n;
  return `${y + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
}
/** Periods from the one holding `from` to the one holding `to`, in order. */
export function periodsBetween(freq: AccrualFrequency, from: string, to: string): Period[] {
  const out: Period[] = [];
  for (let p = periodOf(freq, from); p.start <= to; p = periodOf(freq, addDays(p.end, 1))) out.push(p);
  return out;
}

export type AccrualRule = {
  frequency: AccrualFrequency;
  /** Credited per full period. */
  amount: number;
  proRata: boolean;
  /** 'half_day': rounded to the nearest half day; 'none': two decimals. */
  rounding: 'none' | 'half_day';
};

export const roundHalf = (n: number) => Math.round(n * 2) / 2;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What one period credits an employee who joined on `joined` (and leaves on `exits`, if set):
 * nothing outside employment; with pro-rata, the share of the period's days employed.
 */
export function accrualFor(rule: AccrualRule, period: Period, joined: string, exits: string | null) {
  const from = joined > period.start ? joined : period.start;
  const to = exits && exits < period.end ? exits : period.end;
  if (from > to) return { amount: 0, reason: 'Not employed in this period' };
  const full = daysBetween(period.start, period.end) + 1;
  const worked = daysBetween(from, to) + 1;
  if (!rule.proRata || worked === full) {
    return {
      amount: rule.amount,
      reason: `${rule.frequency} accrual ${periodWords(period.key)}: ${rule.amount}`,
    };
  }
  const raw = (rule.amount * worked) / full;
  const amount = rule.rounding === 'half_day' ? roundHalf(raw) : round2(raw);
  return {
    amount,
    reason: `${rule.frequency} accrual ${periodWords(period.key)}, pro-rata ${worked}/${full} days of ${rule.amount}${
      rule.rounding === 'half_day' ? ', rounded to the nearest half day' : ''
    }`,
  };
}

// ---- Ledger ----

export type EntryKind =
  | 'opening'
  | 'accrual'
  | 'used'
  | 'cancelled'
  | 'carry_forward'
  | 'expiry'
  | 'encashment'
  | 'comp_off'
  | 'manual_credit'
  | 'manual_debit';

export type LedgerEntry = { date: string; kind: EntryKind; amount: number; expiresOn?: string | null };

/** A balance is the sum of its entries up to a date; nothing else is stored. */
export function balanceOf(entries: Pick<LedgerEntry, 'date' | 'amount'>[], asOf?: string): number {
  let sum = 0;
  for (const e of entries) if (!asOf || e.date <= asOf) sum += e.amount;
  return round2(sum);
}

/**
 * Year end: the closing balance lapses and up to `cap` comes back as carry-forward on the next
 * year's first day (null cap: all of it; a balance at or below zero stays as it is).
 */
export function yearEnd(closing: number, cap: number | null, year: number) {
  if (closing <= 0) return [];
  const carry = cap === null ? closing : Math.min(closing, cap);
  const out: (LedgerEntry & { reason: string })[] = [
    {
      date: `${year}-12-31`,
      kind: 'expiry',
      amount: -closing,
      reason: `Year ${year} closes with ${closing}`,
    },
  ];
  if (carry > 0) {
    out.push({
      date: `${year + 1}-01-01`,
      kind: 'carry_forward',
      amount: carry,
      reason: cap === null ? `Carried forward from ${year}` : `Carried forward from ${year} (cap ${cap})`,
    });
  }
  return out;
}

/**
 * Lapses of expiring credits (carried-forward leave, comp-off) up to `asOf`, computed from every
 * entry that is not itself a lapse: debits consume the credits that expire first, a debit with
 * nothing to consume is a debt the next credits pay first, and what is left of a credit after its
 * last day (`expiresOn`) lapses on the day after.
 */
export function lapses(entries: (LedgerEntry & { id: string })[], asOf: string) {
  const sorted = [...entries].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : b.amount - a.amount,
  );
  type Lot = { id: string; date: string; expiresOn: string | null; left: number };
  let lots: Lot[] = [];
  let debt = 0;
  const out: { creditId: string; date: string; expiresOn: string; amount: number }[] = [];
  const expireBefore = (day: string) => {
    for (const lot of lots) {
      if (lot.expiresOn && lot.expiresOn < day && lot.left > 0) {
        out.push({
          creditId: lot.id,
          date: addDays(lot.expiresOn, 1),
          expiresOn: lot.expiresOn,
          amount: round2(lot.left),
        });
        lot.left = 0;
      }
    }
    lots = lots.filter((l) => l.left > 0);
  };
  for (const e of sorted) {
    if (e.date > asOf) break;
    expireBefore(e.date);
    if (e.amount > 0) {
      const paid = Math.min(debt, e.amount);
      debt -= paid;
      if (e.amount - paid > 0)
        lots.push({ id: e.id, date: e.date, expiresOn: e.expiresOn ?? null, left: e.amount - paid });
      lots.sort(byExpiry);
    } else {
      let left = -e.amount;
      for (const lot of lots) {
        const take = Math.min(lot.left, left);
        lot.left -= take;
        left -= take;
        if (left <= 0) break;
      }
      debt += left;
      lots = lots.filter((l) => l.left > 0);
    }
  }
  expireBefore(asOf);
  return out;
}
const byExpiry = (a: { expiresOn: string | null }, b: { expiresOn: string | null }) => {
  const x = a.expiresOn ?? '9999-12-31';
  const y = b.expiresOn ?? '9999-12-31';
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Correcting entries of a back-dated change: for every key (an accrual period, a request), what
 * should have been posted minus what was. Posted entries are never edited.
 */
export function corrections(expected: Map<string, number>, posted: Map<string, number>) {
  const out: { key: string; amount: number }[] = [];
  for (const key of new Set([...expected.keys(), ...posted.keys()])) {
    const delta = round2((expected.get(key) ?? 0) - (posted.get(key) ?? 0));
    if (delta !== 0) out.push({ key, amount: delta });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

// ---- Request rules ----

export type LeaveTypeRules = {
  name: string;
  paid: boolean;
  unit: 'day' | 'half_day' | 'hour';
  allowNegative: boolean;
  negativeCap: number | null;
  maxPerRequest: number | null;
  maxPerMonth: number | null;
  noticeDays: number;
  backDatingDays: number | null;
  documentOverDays: number | null;
};

export type RequestCheck = {
  type: LeaveTypeRules;
  from: string;
  to: string;
  session: Session;
  counted: number;
  /** Counted per calendar month 'YYYY-MM' of this request. */
  countedByMonth: Map<string, number>;
  /** Already taken or pending in those months (other requests). */
  takenByMonth: Map<string, number>;
  /** Balance available now, less other pending requests. */
  available: number;
  today: string;
  hasDocument: boolean;
};

/** The rules a request breaks, each message naming its rule. Empty: the request may be made. */
export function checkRequest(c: RequestCheck): { rule: string; message: string }[] {
  const t = c.type;
  const out: { rule: string; message: string }[] = [];
  const units = t.unit === 'hour' ? 'hours' : 'days';
  if (c.counted <= 0)
    out.push({ rule: 'days', message: `These dates count no leave ${units} (all weekly-offs or holidays)` });
  if (t.unit === 'day' && c.session !== 'full_day') {
    out.push({ rule: 'unit', message: `${t.name} is taken in full days only (unit rule)` });
  }
  if (t.maxPerRequest !== null && c.counted > t.maxPerRequest) {
    out.push({
      rule: 'max_per_request',
      message: `At most ${t.maxPerRequest} ${units} per request (maximum per request rule)`,
    });
  }
  if (t.maxPerMonth !== null) {
    for (const [month, n] of c.countedByMonth) {
      const total = n + (c.takenByMonth.get(month) ?? 0);
      if (total > t.maxPerMonth) {
        out.push({
          rule: 'max_per_month',
          message: `At most ${t.maxPerMonth} ${units} in ${monthWordsOf(month)}; this makes ${total} (maximum per month rule)`,
        });
      }
    }
  }
  const lead = daysBetween(c.today, c.from);
  if (lead >= 0 && lead < t.noticeDays) {
    out.push({ rule: 'notice', message: `${t.name} needs ${t.noticeDays} days' notice (notice rule)` });
  }
  if (lead < 0) {
    if (t.backDatingDays === null || t.backDatingDays === 0) {
      out.push({
        rule: 'back_dating',
        message: `${t.name} cannot be applied for past dates (back-dating rule)`,
      });
    } else if (-lead > t.backDatingDays) {
      out.push({
        rule: 'back_dating',
        message: `${t.name} can be back-dated by at most ${t.backDatingDays} days (back-dating rule)`,
      });
    }
  }
  if (t.documentOverDays !== null && c.counted > t.documentOverDays && !c.hasDocument) {
    out.push({
      rule: 'document',
      message: `${t.name} needs a document for more than ${t.documentOverDays} days (document rule): attach it in the Document field (document_id)`,
    });
  }
  if (t.paid) {
    const after = round2(c.available - c.counted);
    if (after < 0) {
      if (!t.allowNegative) {
        out.push({
          rule: 'balance',
          message: `Not enough balance: ${c.available} available, ${c.counted} requested (balance rule)`,
        });
      } else if (t.negativeCap !== null && -after > t.negativeCap) {
        out.push({
          rule: 'negative_cap',
          message: `The balance may go at most ${t.negativeCap} below zero; this leaves ${after} (negative balance cap rule)`,
        });
      }
    }
  }
  return out;
}

export type Applicability = {
  genders: string[] | null;
  employmentTypes: string[] | null;
  afterProbation: boolean;
};
/** Whether a leave type applies to an employee on a date. */
export function appliesTo(
  a: Applicability,
  e: { gender: string | null; employmentType: string; probationEnd: string | null },
  date: string,
): boolean {
  if (a.genders && a.genders.length > 0 && !(e.gender && a.genders.includes(e.gender))) return false;
  if (a.employmentTypes && a.employmentTypes.length > 0 && !a.employmentTypes.includes(e.employmentType))
    return false;
  if (a.afterProbation && e.probationEnd && date <= e.probationEnd) return false;
  return true;
}

// ---- Comp-off ----

export type WorkThresholds = { halfDayMinMinutes: number; fullDayMinMinutes: number };
/** The attendance module's defaults when no attendance policy applies (derive.ts). */
export const DEFAULT_WORK_THRESHOLDS: WorkThresholds = { halfDayMinMinutes: 240, fullDayMinMinutes: 480 };

/**
 * Comp-off earned by work on a day off: a full weekly-off or a holiday that is not optional (an
 * optional holiday worked was simply not taken). Worked minutes at the attendance policy's
 * full-day minimum earn a day, at its half-day minimum half a day, below that nothing.
 */
export function compOffCredit(day: LeaveDay, workedMinutes: number, rules: WorkThresholds | null): number {
  const off = (day.holiday && !day.holiday.optional) || day.weeklyOff === 'full';
  if (!off) return 0;
  const r = rules ?? DEFAULT_WORK_THRESHOLDS;
  if (workedMinutes >= r.fullDayMinMinutes) return 1;
  if (workedMinutes >= r.halfDayMinMinutes) return 0.5;
  return 0;
}

// ---- Encashment ----

/** '2026-04-01' as '1 Apr 2026'. */
const dayName = (d: string) =>
  `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

/**
 * Why `amount` days cannot be encashed, or null: at most what is available (the balance less
 * pending requests) and at most the type's yearly cap less what was encashed this year.
 */
export function encashmentRefusal(e: {
  amount: number;
  balance: number;
  pending: number;
  cap: number | null;
  encashedThisYear: number;
  /** The leave year the cap counts, when the caller knows it (named in the refusal). */
  year?: { start: string; end: string };
}): string | null {
  const available = round2(e.balance - e.pending);
  if (e.amount > available) {
    return `Only ${Math.max(available, 0)} days are available to encash (balance ${e.balance}, pending requests ${e.pending})`;
  }
  if (e.cap !== null) {
    const left = round2(Math.max(e.cap - e.encashedThisYear, 0));
    if (e.amount > left) {
      const year = e.year
        ? `this leave year (${dayName(e.year.start)} – ${dayName(e.year.end)})`
        : 'this year';
      return `At most ${e.cap} days a year can be encashed (encashment cap); ${e.encashedThisYear} already ${year}, ${left} left`;
    }
  }
  return null;
}
