import { buildTestApp, type TestApp } from '../../test/helper';
import { deriveYesterdayAll } from './attendance.jobs';

let t: TestApp;
let acme: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
});
afterAll(() => t.close());

const derived = (from: string, to: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ date: string; n: number }>(
      `SELECT date::text AS date, count(*)::int AS n FROM attendance_days
        WHERE date BETWEEN $1 AND $2 GROUP BY date ORDER BY date`,
      [from, to],
    );
    return rows;
  });
const activeCount = () =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM employees WHERE status = 'active'",
    );
    return rows[0]!.n;
  });

describe('nightly attendance derivation', () => {
  it("derives yesterday in the company's time zone for everyone, once, and catches up missed nights", async () => {
    // 00:30 in Kolkata on 12 May is still 11 May in UTC: yesterday is the 11th, not the 10th.
    t.clock.set(new Date('2026-05-12T00:30:00+05:30'));
    const first = await deriveYesterdayAll(t.db, t.clock);
    expect(first.find((r) => r.companyId === acme)).toEqual({
      companyId: acme,
      from: '2026-05-11',
      to: '2026-05-11',
    });
    const people = await activeCount();
    expect(await derived('2026-05-10', '2026-05-12')).toEqual([{ date: '2026-05-11', n: people }]);

    // The same night again (a retry, another process): nothing more to do, nothing changes.
    t.clock.set(new Date('2026-05-12T05:30:00+05:30'));
    expect((await deriveYesterdayAll(t.db, t.clock)).find((r) => r.companyId === acme)).toBeUndefined();
    expect(await derived('2026-05-10', '2026-05-12')).toEqual([{ date: '2026-05-11', n: people }]);

    // Three nights missed: the next run derives each missed day once.
    t.clock.set(new Date('2026-05-15T01:00:00+05:30'));
    const later = await deriveYesterdayAll(t.db, t.clock);
    expect(later.find((r) => r.companyId === acme)).toEqual({
      companyId: acme,
      from: '2026-05-12',
      to: '2026-05-14',
    });
    expect((await derived('2026-05-11', '2026-05-15')).map((r) => [r.date, r.n])).toEqual([
      ['2026-05-11', people],
      ['2026-05-12', people],
      ['2026-05-13', people],
      ['2026-05-14', people],
    ]);
  });
});

describe('demo punches', () => {
  it('fill this and last month up to the last working day before today, which stays empty; again adds nothing', async () => {
    const { seedAttendanceDemo } = await import('./attendance.seed');
    // Wednesday 18 November 2026: the last working day before it is Tuesday the 17th.
    const now = new Date('2026-11-18T10:00:00+05:30');
    await seedAttendanceDemo(t.db, acme, now);
    const counts = () =>
      t.db.tenant(acme, async (tx) => {
        const { rows } = await tx.query<{ punches: number; first: string; last: string }>(
          `SELECT count(*)::int AS punches, min(punched_at AT TIME ZONE 'Asia/Kolkata')::date::text AS first,
                  max(punched_at AT TIME ZONE 'Asia/Kolkata')::date::text AS last
             FROM attendance_punches WHERE device_id = 'demo-gate'`,
        );
        return rows[0]!;
      });
    const once = await counts();
    expect(once.first).toBe('2026-10-01');
    expect(once.last).toBe('2026-11-16');
    await seedAttendanceDemo(t.db, acme, now);
    expect(await counts()).toEqual(once);
    const statuses = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ status: string }>(
        "SELECT DISTINCT status FROM attendance_days WHERE date BETWEEN '2026-10-01' AND '2026-11-16' ORDER BY status",
      );
      return rows.map((r) => r.status);
    });
    expect(statuses).toEqual(expect.arrayContaining(['present', 'late', 'absent', 'weekly_off', 'holiday']));
  });
});
