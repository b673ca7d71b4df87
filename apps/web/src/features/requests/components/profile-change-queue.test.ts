import type { ProfileChangeRequest } from '@hr/contract';
import { approveMessage } from './profile-change-queue';

const request = (current_level: number, level_count: number): ProfileChangeRequest => ({
  id: 'r1',
  employee_id: 'e1',
  employee_code: 'E001',
  employee_name: 'Asha Rao',
  changes: [],
  reason: null,
  status: 'pending',
  created_at: '2026-11-23T10:00:00Z',
  applied_at: null,
  abilities: { approve: true, reject: true, withdraw: false },
  approval: {
    request_id: 'r1',
    status: 'pending',
    current_level,
    level_count,
    skipped_levels: [],
    next_approvers: [],
    history: [],
    events: [],
  },
});

describe('the approval dialog', () => {
  it('says a level below the last only moves the request on', () => {
    const text = approveMessage(request(1, 2), 'team');
    expect(text).toContain('moves to the next approver');
    expect(text).not.toContain('will be updated');
  });

  it('says the last level, or an administrator, updates the profile', () => {
    expect(approveMessage(request(2, 2), 'team')).toBe("Asha Rao's profile will be updated.");
    expect(approveMessage(request(1, 2), 'admin')).toBe(
      "Asha Rao's profile will be updated (admin decision).",
    );
  });
});
