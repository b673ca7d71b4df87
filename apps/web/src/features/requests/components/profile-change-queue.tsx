import {
  type ApprovalStatus,
  type ProfileChangeQueueQuery,
  ProfileChangeQueueQuerySchema,
  type ProfileChangeRequest,
} from '@hr/contract';
import { Group, Text } from '@mantine/core';
import { specFromContract, useListParams } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { type QueueMode, useDecideProfileChange, useProfileChangeQueue } from '../api/use-profile-changes';
import { DelegateApprovals } from './delegate-approvals';
import { ChangesTable, StatusBadge } from './request-parts';
import { createdAtColumn, employeeColumn, RequestQueue } from './request-queue';

const STATUS_OPTIONS: { value: ApprovalStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * What approving does, said before it is done: below the last level the request only moves on to
 * the next approver; the last level (or an administrator, who settles it) updates the profile.
 */
export function approveMessage(r: ProfileChangeRequest, mode: QueueMode): string {
  const a = r.approval;
  if (mode === 'team' && a && a.current_level < a.level_count) {
    return `This is level ${a.current_level} of ${a.level_count}: the request moves to the next approver. ${r.employee_name}'s profile is updated only when the last level approves.`;
  }
  return `${r.employee_name}'s profile will be updated${mode === 'admin' ? ' (admin decision)' : ''}.`;
}

const QUEUE_LIST = specFromContract<ProfileChangeQueueQuery['sortBy'], 'value' | 'status'>(
  ProfileChangeQueueQuerySchema,
  { filters: ['value', 'status'] },
);

/** The team (approver) or admin queue of profile change requests. */
export function ProfileChangeQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const query = useProfileChangeQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as ApprovalStatus | undefined) : undefined,
  });
  return (
    <RequestQueue
      mode={mode}
      title="Profile change requests"
      description={{
        team: 'Requests waiting on you, or on someone you approve for today.',
        admin: 'Every profile change request in the company.',
      }}
      actions={mode === 'team' ? <DelegateApprovals /> : undefined}
      list={list}
      query={query}
      statusOptions={STATUS_OPTIONS}
      tableLabel="Profile change requests"
      columns={[
        employeeColumn('employee_name'),
        {
          key: 'changes',
          label: 'Fields changed',
          cell: (r) => r.changes.map((c) => `${c.label}: ${c.after ?? '—'}`).join('; '),
        },
        createdAtColumn(timeZone, 'created_at'),
        { key: 'status', label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
      ]}
      openNoun="request"
      decide={useDecideProfileChange(mode)}
      drawerTitle="Profile change"
      confirmNoun="change"
      approveMessage={(r) => approveMessage(r, mode)}
      toastNoun="Request"
      detail={(r) => (
        <>
          <Group gap="xs">
            <Text size="sm">Requested {formatDateTime(r.created_at, timeZone)}</Text>
            <StatusBadge status={r.status} />
          </Group>
          {r.reason && <Text size="sm">Reason: {r.reason}</Text>}
          <ChangesTable changes={r.changes} label="Before and after" />
          {r.applied_at && <Text size="sm">Applied {formatDateTime(r.applied_at, timeZone)}</Text>}
        </>
      )}
    />
  );
}

export function TeamProfileChangeScreen() {
  return <ProfileChangeQueue mode="team" />;
}

export function AdminProfileChangeScreen() {
  return <ProfileChangeQueue mode="admin" />;
}
