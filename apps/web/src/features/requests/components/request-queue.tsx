import type { ApprovalState, BulkDecisionResponse } from '@hr/contract';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  type ListState,
  type PageQuery,
} from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { DecisionHistory, NextApprovers } from './request-parts';

export type QueueMode = 'team' | 'admin';

/** A request in an approval queue: what the shared table, drawer and decision need of it. */
export type QueueRow = {
  id: string;
  employee_name: string;
  employee_code: string | null;
  status: string;
  approval: ApprovalState | null;
};

/** The decision mutation of a queue (it invalidates its own queries on success). */
export type DecideMutation = {
  mutateAsync: (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) => Promise<unknown>;
  isPending: boolean;
};

/** The drawer's words and specifics for one kind of request. */
/** The bulk decision mutation of a queue (useBulkDecide): a result per request. */
export type BulkMutation = {
  mutateAsync: (v: {
    ids: string[];
    decision: 'approve' | 'reject';
    comment?: string;
  }) => Promise<BulkDecisionResponse>;
  isPending: boolean;
};

export type RequestDrawerProps<T extends QueueRow> = {
  decide: DecideMutation;
  /** "Leave" in the drawer title "Leave: Asha Rao". */
  drawerTitle: string;
  /** "leave" in "Approve this leave?" / "Reject this leave?". */
  confirmNoun: string;
  /** What approving does, said in the confirmation. */
  approveMessage: (r: T) => string;
  /** "Leave" in the toasts "Leave approved" / "Leave rejected". */
  toastNoun: string;
  /** The request's own details, at the top of the drawer. */
  detail: (r: T) => ReactNode;
  /** What deciding it does (a balance before and after, a claim's limits), below the details. */
  context?: (r: T) => ReactNode;
  /** Shows who approves next and the decision history below the details (default true). */
  withHistory?: boolean;
  /** Anything after the decision form (e.g. a payout form); `close` closes the drawer. */
  footer?: (r: T, close: () => void) => ReactNode;
  commentMaxLength?: number;
  /** Shows a failed decision under the comment instead of leaving it to the global handler. */
  showDecideError?: boolean;
};

const reviewable = (r: QueueRow) => r.status === 'pending' && (can(r, 'approve') || can(r, 'reject'));

function RequestDrawer<T extends QueueRow>({
  request: r,
  onClose,
  decide,
  drawerTitle,
  confirmNoun,
  approveMessage,
  toastNoun,
  detail,
  context,
  withHistory = true,
  footer,
  commentMaxLength,
  showDecideError,
}: RequestDrawerProps<T> & { request: T | null; onClose: () => void }) {
  const timeZone = useCompanyTimeZone();
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
      title: decision === 'approve' ? `Approve this ${confirmNoun}?` : `Reject this ${confirmNoun}?`,
      message: decision === 'approve' ? approveMessage(r) : `${r.employee_name} will see your reason.`,
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    const run = async () => {
      await decide.mutateAsync({ id: r.id, decision, comment: comment.trim() || undefined });
      toastSuccess(`${toastNoun} ${decision === 'approve' ? 'approved' : 'rejected'}`);
      close();
    };
    if (!showDecideError) return run();
    try {
      await run();
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
      // Below the app's confirmation dialog (a modal at the default z-index), which asks from here.
      zIndex={190}
      title={r ? `${drawerTitle}: ${r.employee_name}` : ''}
    >
      {r && (
        <Stack gap="sm">
          {detail(r)}
          {context?.(r)}
          {withHistory && (
            <>
              <NextApprovers approval={r.approval} />
              <Title order={3} size="h5">
                History
              </Title>
              <DecisionHistory approval={r.approval} timeZone={timeZone} />
            </>
          )}
          {reviewable(r) && (
            <>
              <Textarea
                label="Comment"
                description="Required when rejecting"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                error={error}
                rows={2}
                maxLength={commentMaxLength}
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
          {footer?.(r, close)}
        </Stack>
      )}
    </Drawer>
  );
}

/** What a bulk decision did, request by request, named by employee. */
type BulkOutcome = { decided: number; failed: number; lines: { id: string; ok: boolean; text: string }[] };

/**
 * Approve or reject the selected requests at once. Each is decided on its own on the server; the
 * outcome lists each with what happened, a refused one with its reason.
 */
function BulkBar<T extends QueueRow>({
  rows,
  selected,
  setSelected,
  bulk,
  noun,
}: {
  rows: T[];
  selected: string[];
  setSelected: (ids: string[]) => void;
  bulk: BulkMutation;
  noun: string;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const open = rows.filter(reviewable);
  if (open.length === 0 && !outcome) return null;
  const all = open.length > 0 && open.every((r) => selected.includes(r.id));
  const act = async (decision: 'approve' | 'reject') => {
    setError(null);
    if (selected.length === 0) return setError(`Select the ${noun} to decide first`);
    if (decision === 'reject' && !comment.trim()) return setError('Give a reason for the rejection');
    const n = selected.length;
    const ok = await confirm({
      title: `${decision === 'approve' ? 'Approve' : 'Reject'} ${n} selected?`,
      message:
        decision === 'approve'
          ? 'Each is approved on its own: any that cannot be are listed with the reason.'
          : 'Each employee will see your reason.',
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    const names = new Map(rows.map((r) => [r.id, r.employee_name]));
    try {
      const res = await bulk.mutateAsync({ ids: selected, decision, comment: comment.trim() || undefined });
      setOutcome({
        decided: res.decided,
        failed: res.failed,
        lines: res.results.map((x) => ({
          id: x.id,
          ok: x.ok,
          text: `${names.get(x.id) ?? 'A request'}: ${x.message}`,
        })),
      });
      setSelected([]);
      setComment('');
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : 'Something went wrong');
    }
  };
  return (
    <Stack gap="xs" mb="sm">
      {open.length > 0 && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Checkbox
                label={`Select all waiting on this page (${open.length})`}
                checked={all}
                indeterminate={!all && selected.length > 0}
                onChange={() => setSelected(all ? [] : open.map((r) => r.id))}
              />
              <Text size="sm" aria-live="polite">
                {selected.length} selected
              </Text>
            </Group>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Comment for the selected"
                description="Required when rejecting"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                error={error}
                maxLength={1000}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button color="red" variant="light" onClick={() => void act('reject')} loading={bulk.isPending}>
                Reject selected
              </Button>
              <Button color="green" onClick={() => void act('approve')} loading={bulk.isPending}>
                Approve selected
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {outcome && (
        <Alert
          color={outcome.failed ? 'yellow' : 'green'}
          title={`${outcome.decided} decided${outcome.failed ? `, ${outcome.failed} not decided` : ''}`}
          withCloseButton
          closeButtonLabel="Dismiss the results"
          onClose={() => setOutcome(null)}
          role="status"
        >
          <List size="sm" aria-label="Results of the decision">
            {outcome.lines.map((l) => (
              <List.Item key={l.id}>
                {l.ok ? '' : 'Not decided — '}
                {l.text}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** The employee column every queue starts with: name, and the code below it. */
export function employeeColumn<T extends QueueRow, S extends string>(sort?: S): Column<T, S> {
  return {
    key: 'employee',
    label: 'Employee',
    sort,
    cell: (r) => (
      <>
        {r.employee_name}
        <Text size="xs" c="dimmed">
          {r.employee_code}
        </Text>
      </>
    ),
  };
}

/** "Requested at" (or another label) in the company's time zone. */
export function createdAtColumn<T extends QueueRow & { created_at: string }, S extends string>(
  timeZone: string,
  sort: S,
  label = 'Requested at',
  key = 'requested',
): Column<T, S> {
  return { key, label, sort, cell: (r) => formatDateTime(r.created_at, timeZone) };
}

/**
 * The team (approver) or admin queue of one kind of request: the list-kit search (with the status
 * filter for admins), the paged table with an open button per row, and the drawer with the
 * request's details, who approves next, the history and the approve / reject (with reason) form.
 */
export function RequestQueue<T extends QueueRow, S extends string>({
  mode,
  title,
  description,
  actions,
  list,
  query,
  searchLabel = 'Search requests',
  searchPlaceholder = 'Employee name or code',
  filters,
  statusOptions,
  tableLabel,
  noun = 'requests',
  columns,
  openNoun,
  viewText,
  bulk,
  ...drawer
}: RequestDrawerProps<T> & {
  mode: QueueMode;
  title: string;
  description: Record<QueueMode, string>;
  actions?: ReactNode;
  list: ListState<S, 'value' | 'status'>;
  query: PageQuery<T>;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Filters shown before the admin's status filter. */
  filters?: ReactNode;
  statusOptions: { value: string; label: string }[];
  tableLabel: string;
  noun?: string;
  /** The columns between the employee and the open button. */
  columns: Column<T, S>[];
  /** "leave" in the open button's name "Open leave of Asha Rao". */
  openNoun: string;
  /** The open button's text when the request is not up for review (default "View"). */
  viewText?: (r: T) => string;
  /** Lets the caller select requests and decide them at once (useBulkDecide). */
  bulk?: BulkMutation;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const rows = query.data?.items ?? [];
  const open = rows.find((i) => i.id === openId) ?? null;
  // Only what is on this page and still up for review stays selected.
  const selected = picked.filter((id) => rows.some((r) => r.id === id && reviewable(r)));
  const toggle = (id: string) =>
    setPicked(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const selectColumn: Column<T, S> = {
    key: 'select',
    label: 'Select',
    hideLabel: true,
    cell: (r) =>
      reviewable(r) ? (
        <Checkbox
          aria-label={`Select ${openNoun} of ${r.employee_name}`}
          checked={selected.includes(r.id)}
          onChange={() => toggle(r.id)}
        />
      ) : null,
  };
  const all: Column<T, S>[] = [
    ...(bulk ? [selectColumn] : []),
    ...columns,
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(r.id)}
          aria-label={`Open ${openNoun} of ${r.employee_name}`}
        >
          {reviewable(r) ? 'Review' : (viewText?.(r) ?? 'View')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={title} description={description[mode]} actions={actions} />
      <ListSearch
        list={list}
        field="value"
        label={searchLabel}
        fieldLabel="Search"
        placeholder={searchPlaceholder}
      >
        {filters}
        {mode === 'admin' && <FilterSelect list={list} field="status" label="Status" data={statusOptions} />}
      </ListSearch>
      {bulk && <BulkBar rows={rows} selected={selected} setSelected={setPicked} bulk={bulk} noun={noun} />}
      <DataTable
        label={tableLabel}
        noun={noun}
        columns={all}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        emptyText={mode === 'team' ? 'Nothing is waiting on you.' : `No ${noun} match.`}
      />
      <RequestDrawer {...drawer} request={open} onClose={() => setOpenId(null)} />
    </>
  );
}
