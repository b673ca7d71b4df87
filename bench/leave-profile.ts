// Profiling aid for bench/leave.ts: seeds (once) a kept database like the bench, then times the
// monthly accrual in transactions that roll back (each run is a first run of the month).
//   npx tsx bench/leave-profile.ts [--db name] [--runs 2]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo, seedEmployees } from '../apps/api/src/db/seed/index';
import { noCalendar } from '../apps/api/src/modules/leave';
import { runAccrual } from '../apps/api/src/modules/leave/leave.accrual';
import { loadDayContexts } from '../apps/api/src/modules/policies';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'hr_leave_profile' }, runs: { type: 'string', default: '2' } },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(serverUrl);
url.pathname = `/${values.db}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists =
  (await admin.query('select 1 from pg_database where datname = $1', [values.db])).rows.length > 0;
if (!exists) await admin.query(`create database ${values.db}`);
await admin.end();
const db = await createDb({ databaseUrl: url.toString() });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const thisMonth = `${today.slice(0, 7)}-01`;
await migrate(db);
const { rows } = await db.query<{ id: string }>(`select id from companies where name = 'Acme Corp'`);
let companyId = rows[0]?.id;
if (!companyId) {
  await seedDemo(db, { leave: true });
  companyId = (await db.query<{ id: string }>(`select id from companies where name = 'Acme Corp'`)).rows[0]!
    .id;
  await seedEmployees(db, companyId, 10000);
  await db.tenant(companyId, async (tx) => {
    const type = await tx.query<{ id: string }>(
      `INSERT INTO leave_types (company_id, name, code, accrual_frequency, accrual_amount, carry_forward, carry_forward_cap, created_at)
       VALUES ($1, 'Bench earned leave', 'BEL', 'monthly', 1.5, true, 10, $2::date - interval '3 years') RETURNING id`,
      [companyId, thisMonth],
    );
    const typeId = type.rows[0]!.id;
    const policy = await tx.query<{ id: string }>('SELECT id FROM leave_policies WHERE is_base');
    await tx.query(
      'INSERT INTO leave_policy_types (company_id, leave_policy_id, leave_type_id) VALUES ($1, $2, $3)',
      [companyId, policy.rows[0]!.id, typeId],
    );
    await tx.query(
      `UPDATE employees SET date_of_joining = least(date_of_joining, $1::date - interval '4 years')`,
      [thisMonth],
    );
    await tx.query(
      `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, rule, ref, source_key)
       SELECT $1, e.id, $2, m::date, 'accrual', 1.5, 'Accrual for ' || to_char(m, 'YYYY-MM'), 'monthly accrual 1.5',
              to_char(m, 'YYYY-MM'), 'accrual:' || to_char(m, 'YYYY-MM') || '#0'
         FROM employees e, generate_series($3::date - interval '36 months', $3::date - interval '1 month', interval '1 month') m`,
      [companyId, typeId, thisMonth],
    );
    await tx.query(
      `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, ref, source_key)
       SELECT $1, e.id, $2, m::date + 10, 'used', -2, 'Leave approved', md5(e.id::text || m::text), 'used:' || md5(e.id::text || m::text)
         FROM employees e, generate_series($3::date - interval '36 months', $3::date - interval '1 month', interval '3 months') m`,
      [companyId, typeId, thisMonth],
    );
    await tx.query(
      `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, ref, source_key)
       SELECT $1, e.id, $2, make_date(y, 12, 31), 'expiry', -4, 'Year end', y::text, 'year_end:' || y
         FROM employees e, generate_series(extract(year FROM $3::date)::int - 3, extract(year FROM $3::date)::int - 1) y`,
      [companyId, typeId, thisMonth],
    );
  });
  await db.query('VACUUM ANALYZE');
}
console.log(
  'ledger rows',
  (await db.query<{ n: string }>('select count(*) AS n from leave_ledger')).rows[0]!.n,
);
void noCalendar;
for (let i = 0; i < Number(values.runs); i++) {
  const started = performance.now();
  let out: unknown;
  await db
    .tenant(companyId, async (tx) => {
      out = await runAccrual(tx, companyId!, today, loadDayContexts);
      const first = performance.now() - started;
      const again = await runAccrual(tx, companyId!, today, loadDayContexts);
      console.log(
        `run ${i}: first ${(first / 1000).toFixed(2)} s ${JSON.stringify(out)}; second ${((performance.now() - started - first) / 1000).toFixed(2)} s ${JSON.stringify(again)}`,
      );
      throw new Error('rollback');
    })
    .catch((e) => {
      if ((e as Error).message !== 'rollback') throw e;
    });
}
await db.close();
