import type { Queryable } from '../../db/client';
import { periodWords } from '../../lib/dates';
import type { DayContextLoader } from './leave.days';
import * as repo from './leave.repo';
import { accrualFor, addDays, appliesTo, corrections, lapses } from './leave.rules';
import { leaveYearEnd, periodIn, periodsIn, previousLeaveYear } from './leave.year';

/**
 * The first day an employee earns a type: their joining date, or for a type that applies after
 * probation the day after probation ends (the period it falls in is pro-rated from there when
 * the type is pro-rata, like a joiner's first period).
 */
export function accrualStart(
  t: { after_probation: boolean },
  p: { date_of_joining: string; probation_end: string | null },
): string {
  if (!t.after_probation || !p.probation_end) return p.date_of_joining;
  const after = addDays(p.probation_end, 1);
  return after > p.date_of_joining ? after : p.date_of_joining;
}

/**
 * Accrual, year end and lapses for one company up to `asOf` (a date in the company's time zone),
 * in the caller's transaction. Idempotent: each accrual period, year end and lapse has a source key,
 * so running twice posts once; periods missed since the type was created (at most back to the start
 * of last year) are caught up; a period whose amount changed (a back-dated joining or exit date, a
 * changed rule) gets a correcting entry, never an edit.
 */
export async function runAccrual(
  tx: Queryable,
  companyId: string,
  asOf: string,
  dayContexts: DayContextLoader,
) {
  // The posted accruals of every employee are grouped in memory, not in temporary files.
  await tx.query("SET LOCAL work_mem = '64MB'");
  const { rows: typeRows } = await tx.query<{ id: string; created_on: string }>(
    'SELECT id, created_at::date::text AS created_on FROM leave_types WHERE active',
  );
  if (typeRows.length === 0) return { employees: 0, entries: 0 };
  const createdOn = new Map(typeRows.map((t) => [t.id, t.created_on]));
  const types = await repo.listTypes(tx, [...createdOn.keys()]);
  const people = (await repo.employees(tx, 'active')).filter((e) => e.date_of_joining <= asOf);
  if (people.length === 0) return { employees: 0, entries: 0 };

  // Which types each employee's leave policy holds on asOf.
  const ctx = await dayContexts(
    tx,
    companyId,
    people.map((p) => p.id),
    asOf,
    asOf,
  );
  const base = await repo.basePolicyId(tx);
  const policies = new Map(
    (await repo.listPolicies(tx)).map((p) => [
      p.id,
      { types: new Set(p.leave_types.map((t) => t.id)), startMonth: p.year_start_month },
    ]),
  );
  const policyOf = (p: repo.EmployeeFacts) => policies.get(ctx.get(p.id)?.[0]?.leavePolicyId ?? base ?? '');
  const eligible = (typeId: string) =>
    people.filter((p) => {
      if (!policyOf(p)?.types.has(typeId)) return false;
      const t = types.find((x) => x.id === typeId)!;
      return appliesTo(
        { genders: t.genders, employmentTypes: t.employment_types, afterProbation: false },
        { gender: p.gender, employmentType: p.employment_type, probationEnd: p.probation_end },
        asOf,
      );
    });

  let count = 0;
  const touched = new Set<string>();
  for (const t of types) {
    const everyone = eligible(t.id);
    if (everyone.length === 0) continue;
    const startedOn = createdOn.get(t.id)!;
    // Employees by the first month of their policy's leave year: periods and year ends follow it.
    const byStart = new Map<number, repo.EmployeeFacts[]>();
    for (const p of everyone) {
      const m = policyOf(p)?.startMonth ?? 1;
      const list = byStart.get(m) ?? [];
      byStart.set(m, list);
      list.push(p);
    }
    for (const [startMonth, who] of byStart) {
      const ids = who.map((p) => p.id);
      // Catch-up reaches back to the start of the previous leave year.
      const windowStart = previousLeaveYear(asOf, startMonth).start;
      // A type created after asOf has no period up to asOf: nothing accrues (and no period 0 to read).
      if (t.accrual_frequency && t.accrual_amount > 0 && startedOn <= asOf) {
        const freq = t.accrual_frequency;
        const from = periodIn(freq, startedOn > windowStart ? startedOn : windowStart, startMonth).start;
        const periods = periodsIn(freq, from, asOf, startMonth);
        const rule = {
          frequency: freq,
          amount: t.accrual_amount,
          proRata: t.accrual_pro_rata,
          rounding: t.accrual_rounding,
        };
        // What each employee should have per period, as a fingerprint ("key=paise,..." of the
        // non-zero periods in key order): most employees worked every period of the window, so they
        // share one fingerprint, computed once.
        const keys = periods.map((x) => x.key);
        const expectedOf = (p: repo.EmployeeFacts) => {
          const expected = new Map<string, number>();
          const reasons = new Map<string, string>();
          for (const period of periods) {
            const a = accrualFor(rule, period, accrualStart(t, p), p.exit_date);
            if (a.amount !== 0) expected.set(period.key, a.amount);
            reasons.set(period.key, a.reason);
          }
          return { expected, reasons };
        };
        const fingerprint = (expected: Map<string, number>) =>
          [...expected].map(([k, v]) => `${k}=${Math.round(v * 100)}`).join(',');
        const first = periods[0]!.start;
        const last = periods[periods.length - 1]!.end;
        const whole = (p: repo.EmployeeFacts) =>
          accrualStart(t, p) <= first && (!p.exit_date || p.exit_date >= last);
        const standard = expectedOf({
          date_of_joining: first,
          exit_date: null,
          probation_end: null,
        } as repo.EmployeeFacts);
        const full = fingerprint(standard.expected);
        // What was posted, per employee in one statement ("key=paise/entries,..."): only the employees
        // whose fingerprint differs from what they should have are credited or corrected.
        const posted = await repo.postedAccruals(tx, t.id, keys, from);
        const postedOf = (id: string) => {
          const m = new Map<string, { sum: number; count: number }>();
          for (const part of (posted.get(id) ?? '').split(',')) {
            if (!part) continue;
            const [key, rest] = part.split('=') as [string, string];
            const [paise, count] = rest.split('/');
            m.set(key, { sum: Number(paise) / 100, count: Number(count) });
          }
          return m;
        };
        const out: repo.NewEntry[] = [];
        for (const p of who) {
          const wholeWindow = whole(p);
          const raw = posted.get(p.id) ?? '';
          const { expected, reasons } = wholeWindow ? standard : expectedOf(p);
          const should = wholeWindow ? full : fingerprint(expected);
          if (!raw.includes('=0/') && raw.replace(/\/\d+/g, '') === should) continue;
          const mine = postedOf(p.id);
          const sums = new Map([...mine].filter(([k]) => reasons.has(k)).map(([k, v]) => [k, v.sum]));
          for (const fix of corrections(expected, sums)) {
            const period = periods.find((x) => x.key === fix.key)!;
            const prior = mine.get(fix.key);
            out.push({
              employeeId: p.id,
              leaveTypeId: t.id,
              date: period.start,
              kind: 'accrual',
              amount: fix.amount,
              reason: prior
                ? `Correction of the ${periodWords(fix.key)} accrual (was ${prior.sum})`
                : `Accrual for ${fix.key}`,
              rule: reasons.get(fix.key) ?? null,
              ref: fix.key,
              sourceKey: `accrual:${fix.key}#${prior?.count ?? 0}`,
            });
          }
        }
        const n = await repo.appendEntries(tx, out);
        count += n;
        if (n > 0) for (const e of out) touched.add(e.employeeId);
      }

      // Year end of the previous leave year: what is left lapses, up to the cap comes back as
      // carry-forward on the first day of this one.
      const closing = previousLeaveYear(asOf, startMonth);
      if (t.paid && !t.comp_off && closing.end >= startedOn) {
        // Only employees whose year is not closed yet (after its first month, usually nobody).
        const { rows: closed } = await tx.query<{ employee_id: string }>(
          'SELECT employee_id FROM leave_ledger WHERE leave_type_id = $1 AND source_key = $2',
          [t.id, `year_end:${closing.label}`],
        );
        const done = new Set(closed.map((r) => r.employee_id));
        const open = ids.filter((id) => !done.has(id));
        const { rows } = open.length
          ? await tx.query<{ employee_id: string; n: string }>(
              `SELECT employee_id, sum(amount) AS n FROM leave_ledger
              WHERE employee_id = ANY($1::uuid[]) AND leave_type_id = $2 AND entry_date <= $3
              GROUP BY employee_id`,
              [open, t.id, closing.end],
            )
          : { rows: [] };
        const cap = t.carry_forward ? t.carry_forward_cap : 0;
        const out: repo.NewEntry[] = [];
        for (const r of rows) {
          for (const e of leaveYearEnd(Number(r.n), cap, closing, t.carry_forward_expiry_months)) {
            out.push({
              employeeId: r.employee_id,
              leaveTypeId: t.id,
              date: e.date,
              kind: e.kind,
              amount: e.amount,
              reason: e.reason,
              rule:
                e.kind === 'expiry'
                  ? t.carry_forward
                    ? `Year end: the balance lapses; up to ${t.carry_forward_cap ?? 'all'} is carried forward`
                    : 'Year end: no carry-forward for this leave type'
                  : e.expiresOn
                    ? `Carry-forward, usable until ${e.expiresOn}`
                    : 'Carry-forward',
              ref: closing.label,
              expiresOn: e.expiresOn ?? null,
              sourceKey: `${e.kind === 'expiry' ? 'year_end' : 'carry'}:${closing.label}`,
            });
          }
        }
        count += await repo.appendEntries(tx, out);
      }
    }

    const ids = everyone.map((p) => p.id);
    // Lapses of credits with a last day (carried-forward leave, comp-off).
    if (t.carry_forward_expiry_months || t.comp_off) {
      const { rows: holders } = await tx.query<{ employee_id: string }>(
        `SELECT DISTINCT employee_id FROM leave_ledger WHERE employee_id = ANY($1::uuid[]) AND leave_type_id = $2
            AND expires_on IS NOT NULL AND expires_on < $3`,
        [ids, t.id, asOf],
      );
      if (holders.length > 0) {
        const all = await repo.entries(
          tx,
          holders.map((h) => h.employee_id),
          t.id,
        );
        const byEmployee = new Map<string, repo.LedgerRow[]>();
        for (const e of all) byEmployee.set(e.employee_id, [...(byEmployee.get(e.employee_id) ?? []), e]);
        const out: repo.NewEntry[] = [];
        for (const [employeeId, list] of byEmployee) {
          const done = new Set(
            list.filter((e) => e.source_key?.startsWith('lapse:')).map((e) => e.source_key),
          );
          const input = list
            .filter((e) => !e.source_key?.startsWith('lapse:'))
            .map((e) => ({
              id: e.id,
              date: e.date,
              kind: e.kind,
              amount: e.amount,
              expiresOn: e.expires_on,
            }));
          for (const l of lapses(input, asOf)) {
            const key = `lapse:${l.creditId}`;
            if (done.has(key)) continue;
            out.push({
              employeeId,
              leaveTypeId: t.id,
              date: l.date,
              kind: 'expiry',
              amount: -l.amount,
              reason: `Unused ${t.comp_off ? 'comp-off' : 'carried-forward leave'} lapsed`,
              rule: `Usable until ${l.expiresOn}`,
              ref: l.creditId,
              sourceKey: key,
            });
          }
        }
        count += await repo.appendEntries(tx, out);
      }
    }
  }
  return { employees: touched.size, entries: count };
}
