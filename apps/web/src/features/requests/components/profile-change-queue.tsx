import type { ApprovalStatus, ProfileChangeRequest } from '@hr/contract';
import {
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { EmptyRow, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pager';
import { SearchBar } from '../../../components/ui/search-bar';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  type QueueMode,
  type QueueParams,
  useDecideProfileChange,
  useProfileChangeQueue,
} from '../api/use-profile-changes';
import { DelegateApprovals } from './delegate-approvals';
import { ChangesTable, DecisionHistory, NextApprovers, StatusBadge } from './request-parts';

const PAGE_SIZE = 10;
const STATUS_OPTIONS: { value: ApprovalStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];

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
      message:
        decision === 'approve'
          ? `${r.employee_name}'s profile will be updated${mode === 'admin' ? ' (admin decision)' : ''}.`
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
          {r.status === 'pending' && (
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
                <Button
                  color="red"
                  variant="light"
                  onClick={() => void act('reject')}
                  loading={decide.isPending}
                >
                  Reject
                </Button>
                <Button color="green" onClick={() => void act('approve')} loading={decide.isPending}>
                  Approve
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** The team (approver) or admin queue of profile change requests. */
export function ProfileChangeQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const [params, setParams] = useState<QueueParams>({
    page: 1,
    records: PAGE_SIZE,
    sortBy: 'created_at',
    sortOrder: 'desc',
  });
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useProfileChangeQueue(mode, params);
  const items = query.data?.items ?? [];
  const total = query.data?.meta.totalCount ?? 0;
  const open = items.find((i) => i.id === openId) ?? null;

  const onSearch = () => {
    setParams((p) => ({ ...p, page: 1, value: search.trim() || undefined }));
  };

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
      <SearchBar
        label="Search requests"
        fieldLabel="Search"
        placeholder="Employee name or code"
        value={search}
        onChange={setSearch}
        onSearch={onSearch}
        gap="sm"
        withIcon
      >
        {mode === 'admin' && (
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={STATUS_OPTIONS}
            value={params.status ?? null}
            onChange={(v) =>
              setParams((p) => ({ ...p, page: 1, status: (v as ApprovalStatus) || undefined }))
            }
            w={160}
          />
        )}
        <Select
          label="Sort"
          data={[
            { value: 'created_at:desc', label: 'Newest first' },
            { value: 'created_at:asc', label: 'Oldest first' },
            { value: 'employee_name:asc', label: 'Employee A–Z' },
          ]}
          value={`${params.sortBy}:${params.sortOrder}`}
          onChange={(v) => {
            if (!v) return;
            const [sortBy, sortOrder] = v.split(':') as [QueueParams['sortBy'], QueueParams['sortOrder']];
            setParams((p) => ({ ...p, page: 1, sortBy, sortOrder }));
          }}
          allowDeselect={false}
          w={170}
        />
      </SearchBar>
      {query.isError && !query.data ? (
        <LoadError what="requests" onRetry={query.refetch} />
      ) : query.isPending ? (
        <PageLoader label="Loading requests…" />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label="Profile change requests" aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Employee</Table.Th>
                  <Table.Th scope="col">Fields changed</Table.Th>
                  <Table.Th scope="col">Requested at</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.length === 0 ? (
                  <EmptyRow colSpan={5}>
                    {mode === 'team' ? 'Nothing is waiting on you.' : 'No requests match.'}
                  </EmptyRow>
                ) : (
                  items.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {r.employee_name}
                        <Text size="xs" c="dimmed">
                          {r.employee_code}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.changes.map((c) => `${c.label}: ${c.after ?? '—'}`).join('; ')}</Table.Td>
                      <Table.Td>{formatDateTime(r.created_at, timeZone)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={r.status} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setOpenId(r.id)}
                          aria-label={`Open request of ${r.employee_name}`}
                        >
                          {r.status === 'pending' ? 'Review' : 'View'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            total={total}
            page={params.page}
            records={params.records}
            noun="requests"
            summary={total === 1 ? '1 request' : `${total} requests`}
            onPage={(page) => setParams((p) => ({ ...p, page }))}
          />
        </Paper>
      )}
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
