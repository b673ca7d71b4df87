import type { Queryable } from '../../db/client';
import type { DayContextLoader } from './leave.days';
import * as repo from './leave.repo';
import {
  accrualFor,
  addDays,
  appliesTo,
  corrections,
  lapses,
  periodOf,
  periodsBetween,
  yearEnd,
} from './leave.rules';

const addMonths = (date: string, n: number) => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + n;
  return `${y + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}${date.slice(7)}`;
};

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
    (await repo.listPolicies(tx)).map((p) => [p.id, new Set(p.leave_types.map((t) => t.id))]),
  );
  const eligible = (typeId: string) =>
    people.filter((p) => {
      const policyId = ctx.get(p.id)?.[0]?.leavePolicyId ?? base;
      if (!policyId || !policies.get(policyId)?.has(typeId)) return false;
      const t = types.find((x) => x.id === typeId)!;
      return appliesTo(
        { genders: t.genders, employmentTypes: t.employment_types, afterProbation: false },
        { gender: p.gender, employmentType: p.employment_type, probationEnd: p.probation_end },
        asOf,
      );
    });

  const year = Number(asOf.slice(0, 4));
  const windowStart = `${year - 1}-01-01`;
  let count = 0;
  const touched = new Set<string>();
  for (const t of types) {
    const who = eligible(t.id);
    if (who.length === 0) continue;
    const ids = who.map((p) => p.id);
    const startedOn = createdOn.get(t.id)!;

    if (t.accrual_frequency && t.accrual_amount > 0) {
      const freq = t.accrual_frequency;
      const from = periodOf(freq, startedOn > windowStart ? startedOn : windowStart).start;
      const periods = periodsBetween(freq, from, asOf);
      const posted = await repo.postedByRef(tx, ids, t.id, 'accrual', from);
      const rule = {
        frequency: freq,
        amount: t.accrual_amount,
        proRata: t.accrual_pro_rata,
        rounding: t.accrual_rounding,
      };
      const out: repo.NewEntry[] = [];
      for (const p of who) {
        const expected = new Map<string, number>();
        const reasons = new Map<string, string>();
        for (const period of periods) {
          const a = accrualFor(rule, period, accrualStart(t, p), p.exit_date);
          if (a.amount !== 0) expected.set(period.key, a.amount);
          reasons.set(period.key, a.reason);
        }
        const mine = posted.get(p.id) ?? new Map<string, { sum: number; count: number }>();
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
              ? `Correction of the ${fix.key} accrual (was ${prior.sum})`
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

    // Year end of last year: what is left lapses, up to the cap comes back as carry-forward.
    const closingYear = year - 1;
    if (t.paid && !t.comp_off && `${closingYear}-12-31` >= startedOn) {
      // Only employees whose year is not closed yet (after January, usually nobody).
      const { rows: closed } = await tx.query<{ employee_id: string }>(
        'SELECT employee_id FROM leave_ledger WHERE leave_type_id = $1 AND source_key = $2',
        [t.id, `year_end:${closingYear}`],
      );
      const done = new Set(closed.map((r) => r.employee_id));
      const open = ids.filter((id) => !done.has(id));
      const { rows } = open.length
        ? await tx.query<{ employee_id: string; n: string }>(
            `SELECT employee_id, sum(amount) AS n FROM leave_ledger
              WHERE employee_id = ANY($1::uuid[]) AND leave_type_id = $2 AND entry_date <= $3
              GROUP BY employee_id`,
            [open, t.id, `${closingYear}-12-31`],
          )
        : { rows: [] };
      const cap = t.carry_forward ? t.carry_forward_cap : 0;
      const expiresOn = t.carry_forward_expiry_months
        ? addDays(addMonths(`${year}-01-01`, t.carry_forward_expiry_months), -1)
        : null;
      const out: repo.NewEntry[] = [];
      for (const r of rows) {
        for (const e of yearEnd(Number(r.n), cap, closingYear)) {
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
                : expiresOn
                  ? `Carry-forward, usable until ${expiresOn}`
                  : 'Carry-forward',
            ref: String(closingYear),
            expiresOn: e.kind === 'carry_forward' ? expiresOn : null,
            sourceKey: `${e.kind === 'expiry' ? 'year_end' : 'carry'}:${closingYear}`,
          });
        }
      }
      count += await repo.appendEntries(tx, out);
    }

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
