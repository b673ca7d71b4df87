import type { Db } from '../../db/client';
import { dateIn } from '../../lib/clock';
import { eachDay } from '../../lib/dates';
import * as repo from './attendance.repo';
import { deriveRange } from './attendance.service';
import { addDays, localToInstant } from './derive';

/** The default weekly offs: Sundays and the 2nd and 4th Saturdays. */
const isOff = (d: string) => {
  const w = new Date(`${d}T00:00:00Z`).getUTCDay();
  const nth = Math.ceil(Number(d.slice(8)) / 7);
  return w === 0 || (w === 6 && (nth === 2 || nth === 4));
};

/**
 * Demo punches for every active Acme employee from the 1st of last month up to (not including) the
 * last working day before today, which is left empty for everyone: it is the day a demo (and the
 * browser test) regularises as a missed punch. Deterministic: mostly on time, some late arrivals
 * (enough for a late-mark penalty now and then), a few early exits and absences. Re-derives the days.
 */
export async function seedAttendanceDemo(db: Db, companyId: string, now: Date = new Date()): Promise<void> {
  await db.tenant(companyId, async (tx) => {
    const tz = await repo.timeZone(tx);
    const today = dateIn(tz, now);
    let lastWorking = addDays(today, -1);
    while (isOff(lastWorking)) lastWorking = addDays(lastWorking, -1);
    const first = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const to = addDays(lastWorking, -1);
    if (to < first) return;
    const { rows: hols } = await tx.query<{ date: string }>(
      'SELECT holiday_date::text AS date FROM holidays WHERE NOT optional AND holiday_date BETWEEN $1 AND $2',
      [first, to],
    );
    const holidays = new Set(hols.map((h) => h.date));
    // Nobody punches on a day of full-day leave (the leave demo approves some before this runs).
    const { rows: away } = await tx.query<{ employee_id: string; date: string }>(
      `SELECT employee_id, date::text AS date FROM attendance_leave_days
        WHERE portion = 'full' AND date BETWEEN $1 AND $2`,
      [first, to],
    );
    const onLeave = new Set(away.map((a) => `${a.employee_id}|${a.date}`));
    const ids = await repo.activeEmployeeIds(tx);
    const punches: repo.PunchRow[] = [];
    ids.forEach((employeeId, i) => {
      eachDay(first, to).forEach((date, n) => {
        if (isOff(date) || holidays.has(date) || onLeave.has(`${employeeId}|${date}`)) return;
        const k = (i * 7 + n * 3) % 23;
        if (k === 0) return; // absent
        // In 09:18..09:42 (15 minutes' grace on 09:30), late some days; out after a full day (9 hours
        // with the hour's break), but an early exit and half a day now and then.
        const inMin = 9 * 60 + (k % 5 === 1 ? 52 + (k % 3) * 4 : 18 + ((i + n) % 9) * 3);
        const outMin = inMin + (k === 7 ? 8 * 60 : 9 * 60 + 5 + ((i * 5 + n) % 8) * 3);
        punches.push({
          employeeId,
          at: localToInstant(date, inMin, tz),
          source: 'biometric',
          deviceId: 'demo-gate',
        });
        punches.push({
          employeeId,
          at: localToInstant(date, outMin, tz),
          source: 'biometric',
          deviceId: 'demo-gate',
        });
      });
    });
    await repo.insertPunches(tx, punches);
    await deriveRange(tx, companyId, ids, first, to, now);
  });
}
