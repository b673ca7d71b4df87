import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed/index';
import { createTestDb } from '../../test/helper';
import { explainPolicy, loadDayContexts } from './index';

/** The seam attendance and leave build on, against a migrated and seeded database. */
let db: Db;
let drop: () => Promise<void>;
let acme: string;
let globex: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
  await seedDemo(db);
  const ids = await db.query<{ id: string; name: string }>('SELECT id, name FROM companies');
  acme = ids.rows.find((r) => r.name === 'Acme Corp')!.id;
  globex = ids.rows.find((r) => r.name === 'Globex Ltd')!.id;
});
afterAll(() => drop());

const one = async <T>(tx: Queryable, sql: string, params: unknown[] = []) =>
  (await tx.query<T>(sql, params)).rows[0]!;

async function employeeIn(tx: Queryable, division: string) {
  return one<{ id: string; unit_id: string; division_id: string; unit: string }>(
    tx,
    `SELECT e.id, u.id AS unit_id, u.division_id, u.name AS unit FROM employees e
       JOIN division_units u ON u.id = e.division_unit_id JOIN divisions d ON d.id = u.division_id
      WHERE d.name = $1 ORDER BY e.employee_code LIMIT 1`,
    [division],
  );
}

describe('company default', () => {
  it('exists for every company, and answers for an unassigned employee', async () => {
    for (const c of [acme, globex]) {
      const count = await db.tenant(c, (tx) =>
        one<{ n: number }>(tx, 'SELECT count(*)::int AS n FROM master_policies WHERE is_default'),
      );
      expect(count.n).toBe(1);
    }
    await db.tenant(acme, async (tx) => {
      const e = await employeeIn(tx, 'Sales');
      const answer = await explainPolicy(tx, acme, e.id, '2026-05-09');
      expect(answer.masterPolicy?.name).toBe('Company default');
      expect(answer.via?.kind).toBe('company_default');
      expect(answer.shift?.name).toBe('General shift');
      expect(answer.weeklyOffPolicy?.name).toBe('Sunday + 2nd and 4th Saturday');
      expect(answer.overridden).toEqual([]);

      const days = (await loadDayContexts(tx, acme, [e.id], '2026-05-08', '2026-05-10')).get(e.id)!;
      expect(days.map((d) => [d.date, d.weeklyOff])).toEqual([
        ['2026-05-08', 'none'],
        ['2026-05-09', 'full'], // 2nd Saturday
        ['2026-05-10', 'full'], // Sunday
      ]);
      expect(days[0]!.shift).toMatchObject({
        start: '09:30',
        end: '18:30',
        breakMinutes: 60,
        graceInMinutes: 15,
      });
      expect(days[0]!.attendance).toMatchObject({
        lateMarksPerPenalty: 3,
        latePenaltyDays: 0.5,
        location: null,
      });
      expect(days[0]!.leavePolicyId).toBeNull();
    });
  });

  it('is created with a new company', async () => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO companies (name) VALUES ('Initech') RETURNING id",
    );
    const count = await db.tenant(rows[0]!.id, (tx) =>
      one<{ n: number }>(
        tx,
        "SELECT count(*)::int AS n FROM master_policies WHERE is_default AND name = 'Company default'",
      ),
    );
    expect(count.n).toBe(1);
  });
});

describe('overlapping assignments', () => {
  it('employee beats unit beats division, with the losers and the holiday of the winner', async () => {
    await db.tenant(acme, async (tx) => {
      const e = await employeeIn(tx, 'Engineering');
      const cal = await one<{ id: string }>(
        tx,
        "INSERT INTO holiday_calendars (company_id, name, optional_limit) VALUES ($1, 'Eng holidays', 1) RETURNING id",
        [acme],
      );
      const h = await one<{ id: string }>(
        tx,
        `INSERT INTO holidays (company_id, calendar_id, holiday_date, name) VALUES ($1, $2, '2026-08-15', 'Independence Day') RETURNING id`,
        [acme, cal.id],
      );
      const opt = await one<{ id: string }>(
        tx,
        `INSERT INTO holidays (company_id, calendar_id, holiday_date, name, optional) VALUES ($1, $2, '2026-08-28', 'Onam', true) RETURNING id`,
        [acme, cal.id],
      );
      const night = await one<{ id: string }>(
        tx,
        `INSERT INTO shifts (company_id, name, start_time, end_time, break_minutes) VALUES ($1, 'Night', '22:00', '06:00', 30) RETURNING id`,
        [acme],
      );
      const mp = async (name: string, extra = 'NULL') =>
        one<{ id: string }>(
          tx,
          `INSERT INTO master_policies (company_id, name, holiday_calendar_id, shift_id) VALUES ($1, $2, $3, ${extra}) RETURNING id`,
          [acme, name, cal.id],
        );
      const divP = await mp('Division policy');
      const unitP = await mp('Unit policy', `'${night.id}'`);
      const empP = await mp('Employee policy');
      const assign = (
        p: string,
        kind: string,
        col: string,
        target: string,
        from: string,
        to: string | null = null,
      ) =>
        tx.query(
          `INSERT INTO master_policy_assignments (company_id, master_policy_id, target_kind, ${col}, effective_from, effective_to)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [acme, p, kind, target, from, to],
        );
      await assign(divP.id, 'division', 'division_id', e.division_id, '2026-01-01');
      await assign(unitP.id, 'unit', 'unit_id', e.unit_id, '2026-08-01', '2026-08-31');
      await assign(empP.id, 'employee', 'employee_id', e.id, '2026-08-20');

      const july = await explainPolicy(tx, acme, e.id, '2026-07-10');
      expect(july.masterPolicy?.name).toBe('Division policy');
      expect(july.via).toMatchObject({ kind: 'division', name: 'Engineering', effectiveFrom: '2026-01-01' });

      const aug15 = await explainPolicy(tx, acme, e.id, '2026-08-15');
      expect(aug15.masterPolicy?.name).toBe('Unit policy');
      expect(aug15.via).toMatchObject({ kind: 'unit', name: e.unit, effectiveFrom: '2026-08-01' });
      expect(aug15.overridden).toEqual([
        {
          kind: 'division',
          name: 'Engineering',
          effectiveFrom: '2026-01-01',
          masterPolicyName: 'Division policy',
          reason: 'unit assignment takes precedence over division assignment',
        },
      ]);
      expect(aug15.shift?.name).toBe('Night');

      const aug25 = await explainPolicy(tx, acme, e.id, '2026-08-25');
      expect(aug25.via?.kind).toBe('employee');
      expect(aug25.overridden.map((o) => o.kind)).toEqual(['unit', 'division']);
      // After the unit's assignment ends, the employee's still wins; the division's still loses.
      expect((await explainPolicy(tx, acme, e.id, '2026-09-01')).overridden.map((o) => o.kind)).toEqual([
        'division',
      ]);

      const days = (await loadDayContexts(tx, acme, [e.id], '2026-08-14', '2026-08-28')).get(e.id)!;
      const byDate = new Map(days.map((d) => [d.date, d]));
      expect(byDate.get('2026-08-15')!.holiday).toEqual({
        id: h.id,
        name: 'Independence Day',
        optional: false,
      });
      expect(byDate.get('2026-08-15')!.shift?.name).toBe('Night');
      expect(byDate.get('2026-08-15')!.masterPolicyId).toBe(unitP.id);
      expect(byDate.get('2026-08-25')!.masterPolicyId).toBe(empP.id);
      // An optional holiday counts only once the employee picks it.
      expect(byDate.get('2026-08-28')!.holiday).toBeNull();
      await tx.query(
        'INSERT INTO employee_optional_holidays (company_id, employee_id, holiday_id) VALUES ($1, $2, $3)',
        [acme, e.id, opt.id],
      );
      const again = (await loadDayContexts(tx, acme, [e.id], '2026-08-28', '2026-08-28')).get(e.id)!;
      expect(again[0]!.holiday).toEqual({ id: opt.id, name: 'Onam', optional: true });
    });
  });

  it("does not see another company's employee", async () => {
    const acmeEmployee = await db.tenant(acme, (t) => employeeIn(t, 'Sales'));
    await db.tenant(globex, async (tx) => {
      expect((await loadDayContexts(tx, globex, [acmeEmployee.id], '2026-01-01', '2026-01-02')).size).toBe(0);
      await expect(explainPolicy(tx, globex, acmeEmployee.id, '2026-01-01')).rejects.toThrow(
        'Employee not found',
      );
    });
  });

  it('loads many employees over a month in a handful of queries, and refuses a bad range', async () => {
    await db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees');
      let queries = 0;
      const counting: Queryable = {
        query: (sql, params) => {
          queries++;
          return tx.query(sql, params);
        },
      };
      const map = await loadDayContexts(
        counting,
        acme,
        rows.map((r) => r.id),
        '2026-03-01',
        '2026-03-31',
      );
      expect(map.size).toBe(rows.length);
      expect([...map.values()].every((d) => d.length === 31 && d.every((c) => c.masterPolicyId))).toBe(true);
      expect(queries).toBeLessThanOrEqual(10);
      await expect(loadDayContexts(tx, acme, [rows[0]!.id], '2026-03-02', '2026-03-01')).rejects.toThrow(
        'to:',
      );
      await expect(loadDayContexts(tx, acme, [rows[0]!.id], '2026-02-30', '2026-03-01')).rejects.toThrow(
        'from:',
      );
    });
  });
});
