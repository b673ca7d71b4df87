import type { EmployeeDashboard } from '@hr/contract';
import { nextApproverLine } from './next-approver';

const pending = (over: Partial<EmployeeDashboard['my_pending'][number]>) => ({
  request_id: 'r1',
  request_type: 'expense',
  level: 1,
  level_count: 1,
  created_at: '2026-03-10T06:30:00Z',
  days_waiting: 0,
  next_approvers: [],
  standing_in: [],
  ...over,
});

describe('nextApproverLine (employee dashboard, my pending requests)', () => {
  it('names the approvers, the level of several, and who stands in for them today', () => {
    expect(nextApproverLine(pending({ next_approvers: ['Rahul Verma'] }))).toBe('Rahul Verma');
    expect(
      nextApproverLine(
        pending({ level: 2, level_count: 2, next_approvers: ['Asha Rao'], standing_in: ['Ravi Kumar'] }),
      ),
    ).toBe('Asha Rao (level 2 of 2), or Ravi Kumar standing in');
    expect(
      nextApproverLine(pending({ next_approvers: ['Asha Rao'], standing_in: ['Meena Iyer', 'Ravi Kumar'] })),
    ).toBe('Asha Rao, or Meena Iyer or Ravi Kumar standing in');
    expect(nextApproverLine(pending({}))).toBe('not assigned');
  });
});
