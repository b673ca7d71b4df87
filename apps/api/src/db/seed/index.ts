import { BUILT_IN_ROLES, type BuiltInRoleName } from '@hr/contract';
import { dateIn, systemClock } from '../../lib/clock';
import { hashPassword } from '../../lib/crypto';
import { seedApprovalsDemo } from '../../modules/approvals/approvals.seed';
import { seedAttendanceDemo } from '../../modules/attendance/attendance.seed';
import { seedOrgDemo } from '../../modules/org/org.seed';
import { seedPayrollDemo } from '../../modules/payroll/payroll.seed';
import { seedPoliciesDemo } from '../../modules/policies/policies.seed';
import type { Db, Queryable } from '../client';
import { seedLeaveDemo } from './leave-demo';

export const DEMO_PASSWORD = 'Demo@1234';

export const DEMO_SIGN_INS = [
  { email: 'admin@acme.test', role: 'Admin', company: 'Acme Corp' },
  { email: 'manager@acme.test', role: 'Manager', company: 'Acme Corp' },
  { email: 'employee@acme.test', role: 'Employee', company: 'Acme Corp' },
  { email: 'admin@globex.test', role: 'Admin', company: 'Globex Ltd' },
] as const;

// Argon2 is slow by design; every demo user shares one hash computed once per process.
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
};

type RoleIds = Record<BuiltInRoleName, string>;

async function insertCompany(db: Db, name: string, prefix: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO companies (name, legal_name, employee_code_prefix) VALUES ($1, $1, $2) RETURNING id',
    [name, prefix],
  );
  return rows[0]!.id;
}

async function insertBuiltInRoles(tx: Queryable, companyId: string): Promise<RoleIds> {
  const ids = {} as RoleIds;
  for (const [name, permissions] of Object.entries(BUILT_IN_ROLES) as [
    BuiltInRoleName,
    readonly string[],
  ][]) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO roles (company_id, name, description, is_system, permissions)
       VALUES ($1, $2, $3, true, $4) RETURNING id`,
      [companyId, name, `Built-in ${name} role`, permissions],
    );
    ids[name] = rows[0]!.id;
  }
  return ids;
}

async function insertUser(
  db: Db,
  u: { companyId: string; email: string; passwordHash: string; roleId: string; employeeId: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (company_id, email, password_hash, role_id, employee_id)
     VALUES ($1, lower($2), $3, $4, $5) RETURNING id`,
    [u.companyId, u.email, u.passwordHash, u.roleId, u.employeeId],
  );
  return rows[0]!.id;
}

type NewEmployee = {
  code: string;
  first: string;
  last: string;
  email: string;
  designation: string;
  joined: string;
  unitId: string | null;
  managerIndex: number | null;
  gender: string;
  /** Work state for professional tax and LWF (pt_state), so the payroll what-if shows PT. */
  ptState?: string;
};

/** Demo work states: the states the payroll engine has PT slabs for (statutory-rules.md §3). */
const WORK_STATES = [
  'Karnataka',
  'Maharashtra',
  'Tamil Nadu',
  'Telangana',
  'West Bengal',
  'Gujarat',
  'Andhra Pradesh',
  'Delhi',
];

/** Inserts employees in order; `managerIndex` points at an earlier entry. Returns their ids. */
async function insertEmployees(tx: Queryable, companyId: string, list: NewEmployee[]): Promise<string[]> {
  const ids: string[] = [];
  for (const e of list) {
    const managerId = e.managerIndex === null ? null : ids[e.managerIndex]!;
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, designation,
         date_of_joining, division_unit_id, manager_id, gender, pt_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        companyId,
        e.code,
        e.first,
        e.last,
        e.email,
        e.designation,
        e.joined,
        e.unitId,
        managerId,
        e.gender,
        e.ptState ?? null,
      ],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

async function insertDivisions(
  tx: Queryable,
  companyId: string,
  divisions: { name: string; units: string[] }[],
): Promise<{ division: string; units: string[] }[]> {
  const out: { division: string; units: string[] }[] = [];
  for (const d of divisions) {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO divisions (company_id, name) VALUES ($1, $2) RETURNING id',
      [companyId, d.name],
    );
    const divisionId = rows[0]!.id;
    const units: string[] = [];
    for (const u of d.units) {
      const r = await tx.query<{ id: string }>(
        'INSERT INTO division_units (company_id, division_id, name) VALUES ($1, $2, $3) RETURNING id',
        [companyId, divisionId, u],
      );
      units.push(r.rows[0]!.id);
    }
    out.push({ division: divisionId, units });
  }
  return out;
}

/**
 * Creates a company with its built-in roles, an admin employee and an admin sign-in.
 * Used by `npm run company:create` for real installations.
 */
export async function createCompany(
  db: Db,
  input: { name: string; adminEmail: string; adminPassword: string; adminName: string; codePrefix?: string },
): Promise<{ companyId: string; userId: string; employeeId: string }> {
  const prefix =
    input.codePrefix ??
    (input.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase() ||
      'EMP');
  const companyId = await insertCompany(db, input.name, prefix);
  const [first = 'Admin', ...rest] = input.adminName.trim().split(/\s+/);
  const { roles, employeeId } = await db.tenant(companyId, async (tx) => {
    const roles = await insertBuiltInRoles(tx, companyId);
    const [employeeId] = await insertEmployees(tx, companyId, [
      {
        code: `${prefix}0001`,
        first,
        last: rest.join(' '),
        email: input.adminEmail.toLowerCase(),
        designation: 'Administrator',
        // The company's own today (companies start in Asia/Kolkata).
        joined: dateIn('Asia/Kolkata', new Date()),
        unitId: null,
        managerIndex: null,
        gender: 'unspecified',
      },
    ]);
    return { roles, employeeId: employeeId! };
  });
  const userId = await insertUser(db, {
    companyId,
    email: input.adminEmail,
    passwordHash: await hashPassword(input.adminPassword),
    roleId: roles.Admin,
    employeeId,
  });
  return { companyId, userId, employeeId };
}

const FIRST = [
  'Aarav',
  'Diya',
  'Kabir',
  'Ananya',
  'Rohan',
  'Isha',
  'Arjun',
  'Meera',
  'Vivaan',
  'Saanvi',
  'Aditya',
  'Kavya',
  'Reyansh',
  'Aisha',
  'Ishaan',
  'Nisha',
  'Dev',
  'Tara',
  'Kiran',
  'Pooja',
  'Rahul',
  'Sneha',
  'Nikhil',
  'Riya',
  'Varun',
  'Lakshmi',
  'Siddharth',
  'Neha',
  'Aman',
  'Divya',
  'Farhan',
  'Zoya',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Khan',
  'Nair',
  'Gupta',
  'Reddy',
  'Das',
  'Menon',
  'Singh',
  'Patel',
  'Bose',
  'Kulkarni',
  'Joshi',
  'Pillai',
  'Chatterjee',
  'Verma',
  'Mishra',
  'Rao',
  'Fernandes',
  'Kapoor',
];

function joined(i: number): string {
  const d = new Date(Date.UTC(2019, 0, 7) + i * 23 * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function seedAcme(db: Db, passwordHash: string): Promise<void> {
  const companyId = await insertCompany(db, 'Acme Corp', 'ACM');
  const { roles, ids } = await db.tenant(companyId, async (tx) => {
    const roles = await insertBuiltInRoles(tx, companyId);
    const divs = await insertDivisions(tx, companyId, [
      { name: 'Engineering', units: ['Platform', 'Product', 'Quality'] },
      { name: 'Operations', units: ['Finance', 'People', 'Facilities'] },
      { name: 'Sales', units: ['Domestic', 'International'] },
    ]);
    const unit = (d: number, u: number) => divs[d]!.units[u]!;
    const list: NewEmployee[] = [
      // 0: the admin; 1: the demo manager; 2: the demo employee (reports to the manager).
      {
        code: 'ACM0001',
        first: 'Asha',
        last: 'Rao',
        email: 'admin@acme.test',
        designation: 'HR Director',
        joined: '2018-04-02',
        unitId: unit(1, 1),
        managerIndex: null,
        gender: 'female',
        ptState: 'Karnataka',
      },
      {
        code: 'ACM0002',
        first: 'Vikram',
        last: 'Mehta',
        email: 'manager@acme.test',
        designation: 'Engineering Manager',
        joined: '2018-06-11',
        unitId: unit(0, 0),
        managerIndex: 0,
        gender: 'male',
        ptState: 'Karnataka',
      },
      {
        code: 'ACM0003',
        first: 'Priya',
        last: 'Sharma',
        email: 'employee@acme.test',
        designation: 'Software Engineer',
        joined: '2021-02-15',
        unitId: unit(0, 0),
        managerIndex: 1,
        gender: 'female',
        ptState: 'Karnataka',
      },
    ];
    // 3-8: more direct reports of the demo manager.
    for (let i = 3; i <= 8; i++) {
      list.push(person(i, unit(0, i % 3), 1, 'Software Engineer'));
    }
    // 9-11: division heads reporting to the admin.
    const heads = ['Head of Engineering', 'Head of Operations', 'Head of Sales'];
    for (let d = 0; d < 3; d++) list.push(person(9 + d, unit(d, 0), 0, heads[d]!));
    // 12-59: everyone else, by division, reporting to their head.
    const titles = ['Engineer', 'Analyst', 'Executive'];
    for (let i = 12; i < 60; i++) {
      const d = i % 3;
      const units = divs[d]!.units;
      list.push(person(i, units[i % units.length]!, 9 + d, `${titles[d]} ${i % 2 === 0 ? 'I' : 'II'}`));
    }
    const ids = await insertEmployees(tx, companyId, list);
    return { roles, ids };
  });
  await insertUser(db, {
    companyId,
    email: 'admin@acme.test',
    passwordHash,
    roleId: roles.Admin,
    employeeId: ids[0]!,
  });
  await insertUser(db, {
    companyId,
    email: 'manager@acme.test',
    passwordHash,
    roleId: roles.Manager,
    employeeId: ids[1]!,
  });
  await insertUser(db, {
    companyId,
    email: 'employee@acme.test',
    passwordHash,
    roleId: roles.Employee,
    employeeId: ids[2]!,
  });
  await seedOrgDemo(db, companyId);
  await seedApprovalsDemo(db, companyId);
  await seedPoliciesDemo(db, companyId);
  await seedPayrollDemo(db, companyId);

  function person(i: number, unitId: string, managerIndex: number, designation: string): NewEmployee {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const code = `ACM${String(i + 1).padStart(4, '0')}`;
    return {
      code,
      first,
      last,
      email: `${first}.${last}.${code}@acme.test`.toLowerCase(),
      designation,
      joined: joined(i),
      unitId,
      managerIndex,
      gender: i % 2 === 0 ? 'male' : 'female',
      ptState: WORK_STATES[i % WORK_STATES.length]!,
    };
  }
}

async function seedGlobex(db: Db, passwordHash: string): Promise<void> {
  const companyId = await insertCompany(db, 'Globex Ltd', 'GLX');
  const { roles, ids } = await db.tenant(companyId, async (tx) => {
    const roles = await insertBuiltInRoles(tx, companyId);
    const [div] = await insertDivisions(tx, companyId, [
      { name: 'General', units: ['Head Office', 'Field'] },
    ]);
    const names = [
      ['Hank', 'Scorpio'],
      ['Frank', 'Grimes'],
      ['Mindy', 'Simmons'],
      ['Lenny', 'Leonard'],
      ['Carl', 'Carlson'],
    ] as const;
    const list: NewEmployee[] = names.map(([first, last], i) => ({
      code: `GLX${String(i + 1).padStart(4, '0')}`,
      first,
      last,
      email: i === 0 ? 'admin@globex.test' : `${first}.${last}@globex.test`.toLowerCase(),
      designation: i === 0 ? 'Chief Executive' : 'Associate',
      joined: joined(i + 3),
      unitId: div!.units[i % 2]!,
      managerIndex: i === 0 ? null : 0,
      gender: 'unspecified',
      // A work state, as Acme's people have: without one a payslip has no professional tax to work out.
      ptState: WORK_STATES[(i + 1) % WORK_STATES.length]!,
    }));
    return { roles, ids: await insertEmployees(tx, companyId, list) };
  });
  await insertUser(db, {
    companyId,
    email: 'admin@globex.test',
    passwordHash,
    roleId: roles.Admin,
    employeeId: ids[0]!,
  });
  await seedPayrollDemo(db, companyId);
}

/** Seeds the demo companies when the database has none. Returns whether it seeded. */
export async function seedDemo(db: Db, opts: { leave?: boolean } = {}): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
  if (rows[0]!.n > 0) return false;
  const passwordHash = await demoPasswordHash();
  await seedAcme(db, passwordHash);
  await seedGlobex(db, passwordHash);
  // Leave types, balances and requests for the served demo; tests set up their own leave.
  if (opts.leave) await seedLeaveDemo(db, systemClock);
  return true;
}

/**
 * Activity for the running demo, relative to today: Acme's punches of this and last month, so the
 * muster and the employee's month are not empty. Not part of seedDemo, whose data tests rely on
 * being fixed whatever the date; the server calls it after seeding.
 */
export async function seedDemoActivity(db: Db, now: Date = new Date()): Promise<void> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Acme Corp'");
  if (rows[0]) await seedAttendanceDemo(db, rows[0].id, now);
}

/**
 * Bulk employees for benchmarks: one set-based INSERT (generate_series) spread over the company's
 * units. Codes are `<prefix>` + a 6-digit number starting after `start`.
 */
export async function seedEmployees(
  db: Db,
  companyId: string,
  n: number,
  opts: { prefix?: string; start?: number } = {},
): Promise<number> {
  const prefix = opts.prefix ?? 'BEN';
  const start = opts.start ?? 0;
  return db.tenant(companyId, async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `WITH units AS (SELECT array_agg(id ORDER BY id) AS ids FROM division_units),
       ins AS (
         INSERT INTO employees (company_id, employee_code, first_name, last_name, email, designation,
           date_of_joining, division_unit_id, gender)
         SELECT $1::uuid, $2::text || lpad(g::text, 6, '0'), 'First' || g, 'Last' || g,
           lower($2::text) || g || '@bench.test', 'Engineer', date '2015-01-01' + (g % 3000),
           CASE WHEN cardinality(units.ids) > 0 THEN units.ids[1 + g % cardinality(units.ids)] END,
           CASE WHEN g % 2 = 0 THEN 'male' ELSE 'female' END
         FROM generate_series($3::int + 1, $3::int + $4::int) AS g, units
         ON CONFLICT (company_id, employee_code) DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [companyId, prefix, start, n],
    );
    return rows[0]!.n;
  });
}
