import {
  LEAVE_REQUEST_STATUSES,
  type LeaveQueueQuery,
  LeaveQueueQuerySchema,
  type LeaveRequest,
  type LeaveRequestStatus,
} from '@hr/contract';
import { Group, List, Loader, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { specFromContract, useListParams } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { createdAtColumn, employeeColumn, RequestQueue } from '../../requests/components/request-queue';
import {
  type QueueMode,
  useBulkDecideLeave,
  useDecideLeave,
  useLeaveDecisionContext,
  useLeaveQueue,
} from '../api/use-leave';
import { EncashmentQueue } from './leave-encashment';
import { LeaveDocumentButton, LeaveStatusBadge } from './leave-parts';

const range = (r: LeaveRequest) =>
  `${formatDate(r.from_date)}${r.to_date !== r.from_date ? ` – ${formatDate(r.to_date)}` : ''}${
    r.half_day_type ? ` (${enumLabel(r.half_day_type)})` : ''
  }${r.from_time ? `, ${r.from_time} to ${r.to_time}` : ''}`;
/** The amount of a request in its unit: "2.5 h" for leave in hours, else days. */
const amount = (r: LeaveRequest) => (r.hours != null ? `${r.total} h` : `${r.total} days`);

const unitOf = (unit: string, n: number) => (unit === 'hour' ? `${n} h` : `${n} ${n === 1 ? 'day' : 'days'}`);

/** What approving does: the balance before and after, and who else of the team is away then. */
function LeaveContext({ mode, request: r }: { mode: QueueMode; request: LeaveRequest }) {
  const ctx = useLeaveDecisionContext(mode, r.id);
  if (ctx.isPending) return <Loader size="sm" aria-label="Loading the balance and who is away" />;
  if (ctx.isError || !ctx.data) {
    return (
      <Text size="sm" c="red">
        The balance and who is away could not be loaded.
      </Text>
    );
  }
  const { balance: b, away } = ctx.data;
  return (
    <Paper withBorder p="sm" aria-label="What approving does" component="section">
      <Stack gap={6}>
        <Title order={3} size="h5">
          What approving does
        </Title>
        <Text size="sm">
          {b.leave_type_name} balance: {unitOf(b.unit, b.before)} now
          {r.status === 'pending'
            ? b.paid
              ? `, ${unitOf(b.unit, b.after)} after approving`
              : ' (unpaid leave: the balance does not change)'
            : ''}
          {b.other_pending > 0 ? `; ${unitOf(b.unit, b.other_pending)} more waiting in other requests` : ''}
        </Text>
        <Text size="sm" fw={600}>
          Also away then
        </Text>
        {away.length === 0 ? (
          <Text size="sm">No one else in the team is on leave on these days.</Text>
        ) : (
          <List size="sm" spacing={2} aria-label="Also away">
            {away.map((a) => (
              <List.Item key={`${a.employee_id}-${a.from_date}`}>
                {a.employee_name}: {formatDate(a.from_date)}
                {a.to_date !== a.from_date ? ` – ${formatDate(a.to_date)}` : ''}
                {a.status === 'pending' ? ' (not yet approved)' : ''}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
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
  const query = useLeaveQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as LeaveRequestStatus | undefined) : undefined,
  });
  return (
    <RequestQueue
      mode={mode}
      title="Leave requests"
      description={{
        team: 'Leave waiting on you, or on someone you approve for today.',
        admin: 'Every leave request in the company.',
      }}
      list={list}
      query={query}
      statusOptions={STATUS_OPTIONS}
      tableLabel="Leave requests"
      columns={[
        employeeColumn('employee_name'),
        { key: 'type', label: 'Leave type', cell: (r) => r.leave_type.name },
        { key: 'dates', label: 'Dates', sort: 'from_date', cell: range },
        { key: 'days', label: 'Days', cell: (r) => (r.hours != null ? `${r.total} h` : r.total) },
        createdAtColumn(timeZone, 'created_at'),
        { key: 'status', label: 'Status', cell: (r) => <LeaveStatusBadge status={r.status} /> },
      ]}
      openNoun="leave"
      decide={useDecideLeave(mode)}
      bulk={useBulkDecideLeave(mode)}
      context={(r) => <LeaveContext mode={mode} request={r} />}
      drawerTitle="Leave"
      confirmNoun="leave"
      approveMessage={(r) =>
        `${r.employee_name}: ${amount(r)} of ${r.leave_type.name}${r.leave_type.paid ? ' are taken from the balance when the last level approves' : ' (unpaid: loss of pay)'}.`
      }
      toastNoun="Leave"
      detail={(r) => (
        <>
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
        </>
      )}
    />
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
