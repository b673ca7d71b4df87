import {
  type ApprovalStatus,
  type Regularisation,
  type RegularisationQueueQuery,
  RegularisationQueueQuerySchema,
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
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { DelegateApprovals } from '../../requests/components/delegate-approvals';
import { DecisionHistory, NextApprovers, StatusBadge } from '../../requests/components/request-parts';
import { type QueueMode, useDecideRegularisation, useRegularisationQueue } from '../api/use-attendance';
import { clockTime } from './parts';

const STATUS_OPTIONS: { value: ApprovalStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];

const times = (r: Regularisation, tz: string) =>
  `In ${r.punch_in ? clockTime(r.punch_in, tz) : '—'} · Out ${r.punch_out ? clockTime(r.punch_out, tz) : '—'}`;

function RequestDrawer({
  request: r,
  mode,
  onClose,
}: {
  request: Regularisation | null;
  mode: QueueMode;
  onClose: () => void;
}) {
  const timeZone = useCompanyTimeZone();
  const decide = useDecideRegularisation(mode);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const act = async (decision: 'approve' | 'reject') => {
    if (!r) return;
    setError(null);
    if (decision === 'reject' && !comment.trim()) {
      setError('Give a reason for the rejection');
      return;
    }
    const last = !r.approval || mode === 'admin' || r.approval.current_level >= r.approval.level_count;
    const ok = await confirm({
      title: decision === 'approve' ? 'Approve this correction?' : 'Reject this correction?',
      message:
        decision === 'approve'
          ? last
            ? `${r.employee_name}'s ${formatDate(r.date)} will be recomputed with these times.`
            : 'The request moves to the next approver.'
          : `${r.employee_name} will see your reason.`,
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
      zIndex={190}
      title={r ? `Regularisation: ${r.employee_name}` : ''}
    >
      {r && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">Requested {formatDateTime(r.created_at, timeZone)}</Text>
            <StatusBadge status={r.status} />
          </Group>
          <Text size="sm">Day: {formatDate(r.date)}</Text>
          <Text size="sm">{times(r, timeZone)}</Text>
          <Text size="sm">Reason: {r.reason_label}</Text>
          {r.note && <Text size="sm">Note: {r.note}</Text>}
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

const QUEUE_LIST = specFromContract<RegularisationQueueQuery['sortBy'], 'value' | 'status'>(
  RegularisationQueueQuerySchema,
  { filters: ['value', 'status'] },
);

/** The team (approver) or admin queue of regularisation requests. */
export function RegularisationQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useRegularisationQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as ApprovalStatus | undefined) : undefined,
  });
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;
  const columns: Column<Regularisation, RegularisationQueueQuery['sortBy']>[] = [
    {
      key: 'employee',
      label: 'Employee',
      cell: (r) => (
        <>
          {r.employee_name}
          <Text size="xs" c="dimmed">
            {r.employee_code}
          </Text>
        </>
      ),
    },
    { key: 'date', label: 'Day', sort: 'date', cell: (r) => formatDate(r.date) },
    { key: 'times', label: 'Corrected times', cell: (r) => times(r, timeZone) },
    { key: 'reason', label: 'Reason', cell: (r) => r.reason_label },
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
        title="Regularisation requests"
        description={
          mode === 'team'
            ? 'Corrections waiting on you, or on someone you approve for today.'
            : 'Every regularisation request in the company.'
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
        label="Regularisation requests"
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

export function TeamRegularisationScreen() {
  return <RegularisationQueue mode="team" />;
}
export function AdminRegularisationScreen() {
  return <RegularisationQueue mode="admin" />;
}
