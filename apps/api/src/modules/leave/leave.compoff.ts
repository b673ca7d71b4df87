import type { Queryable } from '../../db/client';
import type { DayContextLoader, WorkedMinutesReader } from './leave.days';
import * as repo from './leave.repo';
import { addDays, appliesTo, compOffCredit, corrections, DEFAULT_WORK_THRESHOLDS } from './leave.rules';

/** How far back worked days are looked at again: late punches and regularisations land within it. */
export const COMP_OFF_LOOKBACK_DAYS = 45;

/** Automatic credits have refs `work:<date>`; an administrator's manual credit for a date, `manual:<date>`. */
const WORK = 'work:';

/**
 * Comp-off credits for work on weekly-offs and holidays (ADR 0013), in the caller's transaction.
 * For every day from `COMP_OFF_LOOKBACK_DAYS` before `asOf` up to the day before it, what the
 * attendance day earns (none, half, full) is compared with what was credited for it: the
 * difference is posted as a new entry, a credit usable until the type's expiry or a correcting
 * debit when the day was corrected to less work (or is no longer a day off). Running twice posts
 * once; a day an administrator credited by hand is left to them. A type switched on today credits
 * the work of the whole window behind it.
 */
export async function runCompOff(
  tx: Queryable,
  companyId: string,
  asOf: string,
  dayContexts: DayContextLoader,
  worked: WorkedMinutesReader,
): Promise<number> {
  const types = (await repo.listTypes(tx)).filter((t) => t.active && t.comp_off);
  if (types.length === 0) return 0;
  const to = addDays(asOf, -1);
  const from = addDays(asOf, -COMP_OFF_LOOKBACK_DAYS);
  const policies = new Map((await repo.listPolicies(tx)).map((p) => [p.id, p.leave_types.map((t) => t.id)]));
  const base = await repo.basePolicyId(tx);

  const work = await worked(tx, 'all', from, to);
  // Employees credited before, whose days may need a correcting debit even with no work now.
  const credited = new Set<string>();
  for (const t of types) {
    const { rows } = await tx.query<{ employee_id: string }>(
      `SELECT DISTINCT employee_id FROM leave_ledger
        WHERE leave_type_id = $1 AND kind = 'comp_off' AND ref LIKE 'work:%' AND entry_date >= $2`,
      [t.id, from],
    );
    for (const r of rows) credited.add(r.employee_id);
  }
  const ids = [...new Set([...work.keys(), ...credited])];
  if (ids.length === 0) return 0;
  const people = new Map((await repo.employees(tx, ids)).map((p) => [p.id, p]));
  const contexts = await dayContexts(tx, companyId, ids, from, to);

  let count = 0;
  for (const t of types) {
    const posted = await repo.postedByRef(tx, ids, t.id, 'comp_off', addDays(from, -1));
    const out: repo.NewEntry[] = [];
    for (const id of ids) {
      const p = people.get(id);
      if (!p) continue;
      const mine = posted.get(id) ?? new Map<string, { sum: number; count: number }>();
      const expected = new Map<string, number>();
      const why = new Map<string, string>();
      for (const day of contexts.get(id) ?? []) {
        if (day.date < from || day.date > to) continue;
        // An administrator credited this day by hand: theirs to correct.
        if (mine.has(`manual:${day.date}`)) continue;
        const policyId = day.leavePolicyId ?? base;
        if (!policyId || !policies.get(policyId)?.includes(t.id)) continue;
        const applicability = {
          genders: t.genders,
          employmentTypes: t.employment_types,
          afterProbation: t.after_probation,
        };
        const facts = { gender: p.gender, employmentType: p.employment_type, probationEnd: p.probation_end };
        if (!appliesTo(applicability, facts, day.date)) continue;
        const minutes = work.get(id)?.get(day.date) ?? 0;
        const credit = compOffCredit(day, minutes, day.attendance ?? null);
        if (credit > 0) expected.set(`${WORK}${day.date}`, credit);
        const place = day.holiday && !day.holiday.optional ? `holiday ${day.holiday.name}` : 'a weekly-off';
        const r = day.attendance ?? DEFAULT_WORK_THRESHOLDS;
        why.set(
          `${WORK}${day.date}`,
          `${minutes} minutes worked on ${place} (a full day from ${r.fullDayMinMinutes} minutes, half from ${r.halfDayMinMinutes})`,
        );
      }
      const sums = new Map(
        [...mine]
          .filter(([k]) => k.startsWith(WORK) && k.slice(WORK.length) >= from && k.slice(WORK.length) <= to)
          .map(([k, v]) => [k, v.sum]),
      );
      for (const fix of corrections(expected, sums)) {
        const date = fix.key.slice(WORK.length);
        const prior = mine.get(fix.key);
        const expiresOn =
          fix.amount > 0 && t.comp_off_expiry_days ? addDays(date, t.comp_off_expiry_days) : null;
        const earned = expected.get(fix.key) ?? 0;
        out.push({
          employeeId: id,
          leaveTypeId: t.id,
          // A credit dates from the day worked (its expiry counts from there); a correction from today.
          date: prior ? asOf : date,
          kind: 'comp_off',
          amount: fix.amount,
          reason: prior
            ? `Correction of the comp-off for ${date}: the day now earns ${earned} (was ${prior.sum})`
            : `Comp-off for work on ${date}`,
          rule: `${why.get(fix.key) ?? 'Not a day off with work any more'}: earns ${
            earned === 1 ? 'a full day' : earned === 0.5 ? 'half a day' : 'nothing'
          }${expiresOn ? `; usable until ${expiresOn}` : ''}`,
          ref: fix.key,
          expiresOn,
          sourceKey: `comp_off:${date}#${prior?.count ?? 0}`,
        });
      }
    }
    count += await repo.appendEntries(tx, out);
  }
  return count;
}
