import {
  type ApprovalStatus,
  type Regularisation,
  type RegularisationQueueQuery,
  RegularisationQueueQuerySchema,
} from '@hr/contract';
import { Group, Text } from '@mantine/core';
import { specFromContract, useListParams } from '../../../components/data-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { DelegateApprovals } from '../../requests/components/delegate-approvals';
import { StatusBadge } from '../../requests/components/request-parts';
import { createdAtColumn, employeeColumn, RequestQueue } from '../../requests/components/request-queue';
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

const QUEUE_LIST = specFromContract<RegularisationQueueQuery['sortBy'], 'value' | 'status'>(
  RegularisationQueueQuerySchema,
  { filters: ['value', 'status'] },
);

/** The team (approver) or admin queue of regularisation requests. */
export function RegularisationQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const query = useRegularisationQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as ApprovalStatus | undefined) : undefined,
  });
  return (
    <RequestQueue
      mode={mode}
      title="Regularisation requests"
      description={{
        team: 'Corrections waiting on you, or on someone you approve for today.',
        admin: 'Every regularisation request in the company.',
      }}
      actions={mode === 'team' ? <DelegateApprovals /> : undefined}
      list={list}
      query={query}
      statusOptions={STATUS_OPTIONS}
      tableLabel="Regularisation requests"
      columns={[
        employeeColumn<Regularisation, RegularisationQueueQuery['sortBy']>(),
        { key: 'date', label: 'Day', sort: 'date', cell: (r) => formatDate(r.date) },
        { key: 'times', label: 'Corrected times', cell: (r) => times(r, timeZone) },
        { key: 'reason', label: 'Reason', cell: (r) => r.reason_label },
        createdAtColumn(timeZone, 'created_at'),
        { key: 'status', label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
      ]}
      openNoun="request"
      decide={useDecideRegularisation(mode)}
      drawerTitle="Regularisation"
      confirmNoun="correction"
      approveMessage={(r) =>
        !r.approval || mode === 'admin' || r.approval.current_level >= r.approval.level_count
          ? `${r.employee_name}'s ${formatDate(r.date)} will be recomputed with these times.`
          : 'The request moves to the next approver.'
      }
      toastNoun="Request"
      detail={(r) => (
        <>
          <Group gap="xs">
            <Text size="sm">Requested {formatDateTime(r.created_at, timeZone)}</Text>
            <StatusBadge status={r.status} />
          </Group>
          <Text size="sm">Day: {formatDate(r.date)}</Text>
          <Text size="sm">{times(r, timeZone)}</Text>
          <Text size="sm">Reason: {r.reason_label}</Text>
          {r.note && <Text size="sm">Note: {r.note}</Text>}
        </>
      )}
    />
  );
}

export function TeamRegularisationScreen() {
  return <RegularisationQueue mode="team" />;
}
export function AdminRegularisationScreen() {
  return <RegularisationQueue mode="admin" />;
}
