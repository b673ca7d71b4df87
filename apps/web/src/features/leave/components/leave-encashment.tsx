import {
  LEAVE_ENCASHMENT_STATUSES,
  type LeaveEncashment,
  type LeaveEncashmentQuery,
  LeaveEncashmentQuerySchema,
  type LeaveEncashmentStatus,
} from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
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
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDate, formatDateTime } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { DecisionHistory, NextApprovers } from '../../requests/components/request-parts';
import type { QueueMode } from '../api/use-leave';
import {
  useDecideEncashment,
  useEncashable,
  useEncashmentQueue,
  useMyEncashments,
  useRequestEncashment,
  useWithdrawEncashment,
} from '../api/use-leave-encashment';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const COLOR: Record<LeaveEncashmentStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};
function EncashmentStatus({ status }: { status: LeaveEncashmentStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {enumLabel(status)}
    </Badge>
  );
}
const waitingOn = (r: LeaveEncashment) =>
  r.status === 'pending' && r.approval
    ? r.approval.next_approvers.length > 0
      ? `Waiting on ${r.approval.next_approvers.map((a) => a.name).join(', ')}`
      : 'Waiting on an administrator'
    : null;

/** The employee's "Encash leave": what can be encashed of each type, the form, and their requests. */
export function EncashLeave() {
  const options = useEncashable();
  const mine = useMyEncashments();
  const ask = useRequestEncashment();
  const withdraw = useWithdrawEncashment();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = options.data ?? [];
  // Nothing to encash and nothing asked: the card stays out of the way.
  if (options.isSuccess && list.length === 0 && !mine.data?.length) return null;
  const type = list.find((o) => o.leave_type_id === typeId);

  const onSubmit = async () => {
    setError(null);
    if (!type || typeof amount !== 'number') return;
    try {
      await ask.mutateAsync({
        leave_type_id: type.leave_type_id,
        days: amount,
        reason: reason.trim() || null,
      });
      toastSuccess('Encashment requested');
      setAmount('');
      setReason('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong');
    }
  };
  const onWithdraw = async (r: LeaveEncashment) => {
    const ok = await confirm({
      title: 'Withdraw this encashment request?',
      message: `${days(r.days)} of ${r.leave_type.name}: your approvers no longer see it.`,
      acceptLabel: 'Withdraw',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await withdraw.mutateAsync(r.id);
    toastSuccess('Encashment request withdrawn');
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="encash-title">
      <Title order={2} size="h4" id="encash-title" mb="sm">
        Encash leave
      </Title>
      <Stack gap="sm">
        {options.isError && <Alert color="red">What you can encash could not be loaded.</Alert>}
        <Select
          label="Leave type to encash"
          required
          data={list.map((o) => ({ value: o.leave_type_id, label: o.name }))}
          value={typeId}
          onChange={(v) => {
            setTypeId(v);
            setError(null);
          }}
          nothingFoundMessage="No leave type of yours can be encashed"
        />
        {type && (
          <Text size="sm" data-testid="encashable">
            You can encash up to <b>{days(type.encashable)}</b> of {type.name} now: balance {type.balance}
            {type.pending > 0 ? `, ${type.pending} in pending requests` : ''}
            {type.cap !== null
              ? `; yearly cap ${type.cap}, ${type.encashed_this_year} encashed this year`
              : '; no yearly cap'}
            .
          </Text>
        )}
        <Group grow align="flex-start">
          <NumberInput
            label="Days to encash"
            required
            min={type?.step ?? 0.25}
            step={type?.step ?? 1}
            decimalScale={2}
            value={amount}
            onChange={setAmount}
            description={type ? `In steps of ${type.step}` : undefined}
          />
        </Group>
        <Textarea
          label="Reason for encashment"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          rows={2}
          maxLength={500}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            disabled={!type || typeof amount !== 'number' || amount <= 0}
            loading={ask.isPending}
            onClick={() => void onSubmit()}
          >
            Request encashment
          </Button>
        </Group>
        {!!mine.data?.length && (
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder aria-label="My encashment requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Leave type</Table.Th>
                  <Table.Th scope="col">Days</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.leave_type.name}</Table.Td>
                    <Table.Td>{r.days}</Table.Td>
                    <Table.Td>
                      <EncashmentStatus status={r.status} />
                      {waitingOn(r) && <Text size="xs">{waitingOn(r)}</Text>}
                      {r.encashed_on && <Text size="xs">Encashed on {formatDate(r.encashed_on)}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {can(r, 'withdraw') && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => void onWithdraw(r)}
                          aria-label={`Withdraw encashment of ${days(r.days)} of ${r.leave_type.name}`}
                        >
                          Withdraw
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function EncashmentDrawer({
  request: r,
  mode,
  onClose,
}: {
  request: LeaveEncashment | null;
  mode: QueueMode;
  onClose: () => void;
}) {
  const timeZone = useCompanyTimeZone();
  const decide = useDecideEncashment(mode);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const act = async (decision: 'approve' | 'reject') => {
    if (!r) return;
    setError(null);
    if (decision === 'reject' && !comment.trim()) return setError('Give a reason for the rejection');
    const ok = await confirm({
      title: decision === 'approve' ? 'Approve this encashment?' : 'Reject this encashment?',
      message:
        decision === 'approve'
          ? `${r.employee_name}: ${days(r.days)} of ${r.leave_type.name} are taken from the balance and paid in this month's pay run when the last level approves.`
          : `${r.employee_name} will see your reason.`,
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    try {
      await decide.mutateAsync({ id: r.id, decision, comment: comment.trim() || undefined });
      toastSuccess(decision === 'approve' ? 'Encashment approved' : 'Encashment rejected');
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong');
    }
  };
  return (
    <Drawer
      opened={r !== null}
      onClose={close}
      position="right"
      size="lg"
      zIndex={190}
      title={r ? `Leave encashment: ${r.employee_name}` : ''}
    >
      {r && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">
              {days(r.days)} of {r.leave_type.name}
            </Text>
            <EncashmentStatus status={r.status} />
          </Group>
          {r.reason && <Text size="sm">Reason: {r.reason}</Text>}
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

const QUEUE_LIST = specFromContract<LeaveEncashmentQuery['sortBy'], 'value' | 'status'>(
  LeaveEncashmentQuerySchema,
  { filters: ['value', 'status'] },
);
const STATUS_OPTIONS = LEAVE_ENCASHMENT_STATUSES.map((s) => ({ value: s, label: enumLabel(s) }));

/** The team (approver) or admin queue of leave encashment requests, with who approves next. */
export function EncashmentQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useEncashmentQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as LeaveEncashmentStatus | undefined) : undefined,
  });
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;
  const columns: Column<LeaveEncashment, LeaveEncashmentQuery['sortBy']>[] = [
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
    { key: 'days', label: 'Days', cell: (r) => r.days },
    {
      key: 'requested',
      label: 'Requested at',
      sort: 'created_at',
      cell: (r) => formatDateTime(r.created_at, timeZone),
    },
    {
      key: 'status',
      label: 'Status',
      cell: (r) => (
        <>
          <EncashmentStatus status={r.status} />
          {waitingOn(r) && <Text size="xs">{waitingOn(r)}</Text>}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(r.id)}
          aria-label={`Open encashment of ${r.employee_name}`}
        >
          {r.status === 'pending' && (can(r, 'approve') || can(r, 'reject')) ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Leave encashment requests"
        description={
          mode === 'team'
            ? 'Encashment requests waiting on you, or on someone you approve for today.'
            : 'Every leave encashment request in the company.'
        }
      />
      <ListSearch
        list={list}
        field="value"
        label="Search encashment requests"
        fieldLabel="Search"
        placeholder="Employee name or code"
      >
        {mode === 'admin' && <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} />}
      </ListSearch>
      <DataTable
        label="Leave encashment requests"
        noun="requests"
        columns={columns}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        emptyText={mode === 'team' ? 'Nothing is waiting on you.' : 'No requests match.'}
      />
      <EncashmentDrawer request={open} mode={mode} onClose={() => setOpenId(null)} />
    </>
  );
}
