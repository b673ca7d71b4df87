import { dataScopeOf, LeaveRequestInputSchema, LeaveTypeInputSchema } from '@hr/contract';
import type { Clock } from '../../lib/clock';
import { createApprovalEngine } from '../../modules/approvals';
import { markLeaveDays, unmarkLeaveDays, workedMinutes } from '../../modules/attendance';
import { createLeaveService } from '../../modules/leave';
import { loadDayContexts } from '../../modules/policies';
import type { Actor } from '../../plugins/auth';
import type { Db } from '../client';

const TYPES = [
  {
    name: 'Casual leave',
    code: 'CL',
    paid: true,
    unit: 'half_day',
    notice_days: 1,
    back_dating_days: 3,
    max_per_request: 3,
    accrual_frequency: 'monthly',
    accrual_amount: 1,
    accrual_pro_rata: true,
    accrual_rounding: 'half_day',
  },
  {
    name: 'Sick leave',
    code: 'SL',
    paid: true,
    unit: 'half_day',
    notice_days: 0,
    back_dating_days: 30,
    document_over_days: 2,
    accrual_frequency: 'monthly',
    accrual_amount: 0.5,
  },
  {
    name: 'Earned leave',
    code: 'EL',
    paid: true,
    unit: 'day',
    notice_days: 7,
    after_probation: true,
    accrual_frequency: 'monthly',
    accrual_amount: 1.25,
    carry_forward: true,
    carry_forward_cap: 30,
    encashment: true,
    encashment_cap: 10,
  },
  { name: 'Comp-off', code: 'CO', paid: true, unit: 'half_day', comp_off: true, comp_off_expiry_days: 60 },
  { name: 'Leave without pay', code: 'LWP', paid: false, unit: 'half_day' },
];

/**
 * Leave for the demo company, made through the leave service as its people would (so the ledger,
 * the approvals and attendance agree): five leave types in a base policy, opening balances for the
 * three sign-ins, this month's accrual for everyone, a sick day approved last week (on attendance),
 * a casual leave waiting for the manager, and an encashment. Only the served demo gets it (server.ts):
 * tests build their own leave set-up from nothing.
 */
export async function seedLeaveDemo(db: Db, clock: Clock): Promise<void> {
  const { rows: companies } = await db.query<{ id: string }>(
    "SELECT id FROM companies WHERE name = 'Acme Corp'",
  );
  const companyId = companies[0]?.id;
  if (!companyId) return;
  const leave = createLeaveService({
    db,
    engine: createApprovalEngine({ clock }),
    clock,
    dayContexts: loadDayContexts,
    leaveDays: {
      mark: (tx, c, e, days, id) => markLeaveDays(tx, c, e, days, id, clock.now()),
      unmark: (tx, c, e, dates) => unmarkLeaveDays(tx, c, e, dates, clock.now()),
    },
    workedMinutes,
  });
  const actors = await db.tenant(companyId, async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      email: string;
      employee_id: string;
      name: string;
      permissions: string[];
    }>(
      `SELECT u.id, lower(u.email) AS email, u.employee_id, r.name, r.permissions
         FROM users u JOIN roles r ON r.id = u.role_id
        WHERE lower(u.email) IN ('admin@acme.test', 'manager@acme.test', 'employee@acme.test')`,
    );
    const out = new Map<string, Actor>();
    for (const r of rows) {
      out.set(r.email.split('@')[0]!, {
        userId: r.id,
        companyId,
        sessionId: 'seed',
        employeeId: r.employee_id,
        roleName: r.name,
        permissions: r.permissions,
        scope: dataScopeOf(r.permissions),
        ip: '127.0.0.1',
        requestId: 'seed',
      });
    }
    return out;
  });
  const admin = actors.get('admin');
  const manager = actors.get('manager');
  const employee = actors.get('employee');
  if (!admin || !manager || !employee) return;

  const types = new Map<string, string>();
  for (const t of TYPES) {
    const saved = await leave.saveType(admin, null, LeaveTypeInputSchema.parse(t));
    types.set(t.code, saved.id);
  }
  await leave.savePolicy(admin, null, {
    name: 'Standard leave policy',
    description: 'Every employee: casual, sick, earned (after probation), comp-off and leave without pay',
    is_base: true,
    year_start_month: 1,
    leave_type_ids: [...types.values()],
  });
  await leave.runAccrual(companyId);
  for (const who of [admin, manager, employee]) {
    for (const [code, amount] of [
      ['CL', 4],
      ['SL', 3],
      ['EL', 12],
    ] as const) {
      await leave.adjust(admin, who.employeeId!, {
        leave_type_id: types.get(code)!,
        kind: 'opening',
        amount,
        reason: 'Opening balance carried over from the previous system',
      });
    }
  }

  // The first day from `from` onwards (by `step`) that counts as a leave day for the employee.
  const request = (typeId: string, date: string, reason: string) =>
    LeaveRequestInputSchema.parse({ leave_type_id: typeId, from_date: date, to_date: date, reason });
  const working = async (typeId: string, from: number, step: number) => {
    for (let n = from; Math.abs(n - from) < 14; n += step) {
      const date = new Date(clock.now().getTime() + 5.5 * 3600_000 + n * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const p = await leave.preview(employee, request(typeId, date, 'Preview'));
      if (p.total > 0 && p.violations.length === 0) return date;
    }
    return null;
  };
  const decide = async (id: string) => {
    try {
      await leave.decide(manager, id, 'approved', 'Get well soon', 'team');
    } catch {
      // The manager is not this request's approver in the demo's flows: an administrator decides.
      await leave.decide(admin, id, 'approved', null, 'admin');
    }
  };
  const sick = await working(types.get('SL')!, -7, -1);
  if (sick) {
    const r = await leave.apply(employee, request(types.get('SL')!, sick, 'Fever'));
    await decide(r.id);
  }
  const casual = await working(types.get('CL')!, 5, 1);
  if (casual) {
    await leave.apply(employee, request(types.get('CL')!, casual, 'Family function'));
  }
  await leave.adjust(admin, employee.employeeId!, {
    leave_type_id: types.get('EL')!,
    kind: 'encashment',
    amount: 2,
    reason: 'Encashed at the employee’s request',
  });
}
