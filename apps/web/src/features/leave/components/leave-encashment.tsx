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
import { specFromContract, useListParams } from '../../../components/data-table';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDate } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { createdAtColumn, employeeColumn, RequestQueue } from '../../requests/components/request-queue';
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
  const query = useEncashmentQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as LeaveEncashmentStatus | undefined) : undefined,
  });
  return (
    <RequestQueue
      mode={mode}
      title="Leave encashment requests"
      description={{
        team: 'Encashment requests waiting on you, or on someone you approve for today.',
        admin: 'Every leave encashment request in the company.',
      }}
      list={list}
      query={query}
      searchLabel="Search encashment requests"
      statusOptions={STATUS_OPTIONS}
      tableLabel="Leave encashment requests"
      columns={[
        employeeColumn('employee_name'),
        { key: 'type', label: 'Leave type', cell: (r) => r.leave_type.name },
        { key: 'days', label: 'Days', cell: (r) => r.days },
        createdAtColumn(timeZone, 'created_at'),
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
      ]}
      openNoun="encashment"
      decide={useDecideEncashment(mode)}
      drawerTitle="Leave encashment"
      confirmNoun="encashment"
      approveMessage={(r) =>
        `${r.employee_name}: ${days(r.days)} of ${r.leave_type.name} are taken from the balance and paid in this month's pay run when the last level approves.`
      }
      toastNoun="Encashment"
      showDecideError
      detail={(r) => (
        <>
          <Group gap="xs">
            <Text size="sm">
              {days(r.days)} of {r.leave_type.name}
            </Text>
            <EncashmentStatus status={r.status} />
          </Group>
          {r.reason && <Text size="sm">Reason: {r.reason}</Text>}
        </>
      )}
    />
  );
}
