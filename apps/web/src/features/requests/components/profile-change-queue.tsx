import {
  type ApprovalStatus,
  type ProfileChangeQueueQuery,
  ProfileChangeQueueQuerySchema,
  type ProfileChangeRequest,
} from '@hr/contract';
import { Button, Drawer, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { can } from '../../../lib/abilities';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { type QueueMode, useDecideProfileChange, useProfileChangeQueue } from '../api/use-profile-changes';
import { DelegateApprovals } from './delegate-approvals';
import { ChangesTable, DecisionHistory, NextApprovers, StatusBadge } from './request-parts';

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

function RequestDrawer({
  request,
  mode,
  onClose,
}: {
  request: ProfileChangeRequest | null;
  mode: QueueMode;
  onClose: () => void;
}) {
  const timeZone = useCompanyTimeZone();
  const decide = useDecideProfileChange(mode);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const r = request;

  const act = async (decision: 'approve' | 'reject') => {
    if (!r) return;
    setError(null);
    if (decision === 'reject' && !comment.trim()) {
      setError('Give a reason for the rejection');
      return;
    }
    const ok = await confirm({
      title: decision === 'approve' ? 'Approve this change?' : 'Reject this change?',
      message: decision === 'approve' ? approveMessage(r, mode) : `${r.employee_name} will see your reason.`,
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    await decide.mutateAsync({ id: r.id, decision, comment: comment.trim() || undefined });
    toastSuccess(decision === 'approve' ? 'Request approved' : 'Request rejected');
    setComment('');
    onClose();
  };

  return (
    <Drawer
      opened={r !== null}
      onClose={() => {
        setComment('');
        setError(null);
        onClose();
      }}
      position="right"
      size="lg"
      // Below the app's confirmation dialog (a modal at the default z-index), which asks from here.
      zIndex={190}
      title={r ? `Profile change: ${r.employee_name}` : ''}
    >
      {r && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">Requested {formatDateTime(r.created_at, timeZone)}</Text>
            <StatusBadge status={r.status} />
          </Group>
          {r.reason && <Text size="sm">Reason: {r.reason}</Text>}
          <ChangesTable changes={r.changes} label="Before and after" />
          {r.applied_at && <Text size="sm">Applied {formatDateTime(r.applied_at, timeZone)}</Text>}
          <NextApprovers approval={r.approval} />
          <Title order={3} size="h5">
            History
          </Title>
          <DecisionHistory approval={r.approval} timeZone={timeZone} />
          {r.status === 'pending' && (can(r, 'approve') || can(r, 'reject')) && (
            <>
              <Textarea
                label="Comment"
                description="Required when rejecting"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                error={error}
                rows={2}
              />
              <Group justify="flex-end">
                {can(r, 'reject') && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => void act('reject')}
                    loading={decide.isPending}
                  >
                    Reject
                  </Button>
                )}
                {can(r, 'approve') && (
                  <Button color="green" onClick={() => void act('approve')} loading={decide.isPending}>
                    Approve
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
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
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useProfileChangeQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as ApprovalStatus | undefined) : undefined,
  });
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;
  const columns: Column<ProfileChangeRequest, ProfileChangeQueueQuery['sortBy']>[] = [
    {
      key: 'employee',
      label: 'Employee',
      sort: 'employee_name',
      cell: (r) => (
        <>
          {r.employee_name}
          <Text size="xs" c="dimmed">
            {r.employee_code}
          </Text>
        </>
      ),
    },
    {
      key: 'changes',
      label: 'Fields changed',
      cell: (r) => r.changes.map((c) => `${c.label}: ${c.after ?? '—'}`).join('; '),
    },
    {
      key: 'requested',
      label: 'Requested at',
      sort: 'created_at',
      cell: (r) => formatDateTime(r.created_at, timeZone),
    },
    { key: 'status', label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(r.id)}
          aria-label={`Open request of ${r.employee_name}`}
        >
          {r.status === 'pending' && (can(r, 'approve') || can(r, 'reject')) ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Profile change requests"
        description={
          mode === 'team'
            ? 'Requests waiting on you, or on someone you approve for today.'
            : 'Every profile change request in the company.'
        }
        actions={mode === 'team' ? <DelegateApprovals /> : undefined}
      />
      <ListSearch
        list={list}
        field="value"
        label="Search requests"
        fieldLabel="Search"
        placeholder="Employee name or code"
      >
        {mode === 'admin' && <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} />}
      </ListSearch>
      <DataTable
        label="Profile change requests"
        noun="requests"
        columns={columns}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        emptyText={mode === 'team' ? 'Nothing is waiting on you.' : 'No requests match.'}
      />
      <RequestDrawer request={open} mode={mode} onClose={() => setOpenId(null)} />
    </>
  );
}

export function TeamProfileChangeScreen() {
  return <ProfileChangeQueue mode="team" />;
}

export function AdminProfileChangeScreen() {
  return <ProfileChangeQueue mode="admin" />;
}
