import {
  LEAVE_REQUEST_STATUSES,
  type LeaveQueueQuery,
  LeaveQueueQuerySchema,
  type LeaveRequest,
  type LeaveRequestStatus,
} from '@hr/contract';
import { Button, Drawer, Group, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { enumLabel } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { DecisionHistory, NextApprovers } from '../../requests/components/request-parts';
import { type QueueMode, useDecideLeave, useLeaveQueue } from '../api/use-leave';
import { EncashmentQueue } from './leave-encashment';
import { LeaveDocumentButton, LeaveStatusBadge } from './leave-parts';

const range = (r: LeaveRequest) =>
  `${formatDate(r.from_date)}${r.to_date !== r.from_date ? ` – ${formatDate(r.to_date)}` : ''}${
    r.half_day_type ? ` (${enumLabel(r.half_day_type)})` : ''
  }${r.from_time ? `, ${r.from_time} to ${r.to_time}` : ''}`;
/** The amount of a request in its unit: "2.5 h" for leave in hours, else days. */
const amount = (r: LeaveRequest) => (r.hours != null ? `${r.total} h` : `${r.total} days`);

function RequestDrawer({
  request,
  mode,
  onClose,
}: {
  request: LeaveRequest | null;
  mode: QueueMode;
  onClose: () => void;
}) {
  const timeZone = useCompanyTimeZone();
  const decide = useDecideLeave(mode);
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
      title: decision === 'approve' ? 'Approve this leave?' : 'Reject this leave?',
      message:
        decision === 'approve'
          ? `${r.employee_name}: ${amount(r)} of ${r.leave_type.name}${r.leave_type.paid ? ' are taken from the balance when the last level approves' : ' (unpaid: loss of pay)'}.`
          : `${r.employee_name} will see your reason.`,
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    await decide.mutateAsync({ id: r.id, decision, comment: comment.trim() || undefined });
    toastSuccess(decision === 'approve' ? 'Leave approved' : 'Leave rejected');
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
      title={r ? `Leave: ${r.employee_name}` : ''}
    >
      {r && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">
              {r.leave_type.name}, {range(r)}: {amount(r)}
            </Text>
            <LeaveStatusBadge status={r.status} />
          </Group>
          {r.reason && <Text size="sm">Reason: {r.reason}</Text>}
          {r.document_url && (
            <Group>
              <LeaveDocumentButton request={r} />
            </Group>
          )}
          <Table withTableBorder aria-label="Days counted">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Counted</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.days.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{formatDate(d.date)}</Table.Td>
                  <Table.Td>{d.amount}</Table.Td>
                  <Table.Td>{d.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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

const QUEUE_LIST = specFromContract<LeaveQueueQuery['sortBy'], 'value' | 'status'>(LeaveQueueQuerySchema, {
  filters: ['value', 'status'],
});
const STATUS_OPTIONS = LEAVE_REQUEST_STATUSES.map((s) => ({ value: s, label: enumLabel(s) }));

/** The team (approver) or admin queue of leave requests. */
export function LeaveQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useLeaveQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as LeaveRequestStatus | undefined) : undefined,
  });
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;
  const columns: Column<LeaveRequest, LeaveQueueQuery['sortBy']>[] = [
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
    { key: 'type', label: 'Leave type', cell: (r) => r.leave_type.name },
    { key: 'dates', label: 'Dates', sort: 'from_date', cell: range },
    { key: 'days', label: 'Days', cell: (r) => (r.hours != null ? `${r.total} h` : r.total) },
    {
      key: 'requested',
      label: 'Requested at',
      sort: 'created_at',
      cell: (r) => formatDateTime(r.created_at, timeZone),
    },
    { key: 'status', label: 'Status', cell: (r) => <LeaveStatusBadge status={r.status} /> },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(r.id)}
          aria-label={`Open leave of ${r.employee_name}`}
        >
          {r.status === 'pending' && (can(r, 'approve') || can(r, 'reject')) ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Leave requests"
        description={
          mode === 'team'
            ? 'Leave waiting on you, or on someone you approve for today.'
            : 'Every leave request in the company.'
        }
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
        label="Leave requests"
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

/** Leave and encashment requests as two tabs (?tab=encashment opens the second, as notifications link). */
function LeaveQueueTabs({ mode }: { mode: QueueMode }) {
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState(search.get('tab') === 'encashment' ? 'encashment' : 'leave');
  const onChange = (v: string | null) => {
    if (!v) return;
    setTab(v);
    setSearch(v === 'encashment' ? { tab: v } : {});
  };
  return (
    <Tabs value={tab} onChange={onChange} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="leave">Leave</Tabs.Tab>
        <Tabs.Tab value="encashment">Encashment</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="leave">
        <LeaveQueue mode={mode} />
      </Tabs.Panel>
      <Tabs.Panel value="encashment">
        <EncashmentQueue mode={mode} />
      </Tabs.Panel>
    </Tabs>
  );
}

export function TeamLeaveScreen() {
  return <LeaveQueueTabs mode="team" />;
}
export function AdminLeaveScreen() {
  return <LeaveQueueTabs mode="admin" />;
}
