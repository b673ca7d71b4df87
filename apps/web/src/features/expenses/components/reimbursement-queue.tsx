import {
  type Expense,
  type ExpensePayoutInput,
  ExpensePayoutInputSchema,
  type ExpenseStatus,
  PAYOUT_MODE_LABELS,
  PAYOUT_MODES,
  type ReimbursementQueueQuery,
  ReimbursementQueueQuerySchema,
} from '@hr/contract';
import { Button, Drawer, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { PageHeader } from '../../../components/ui/page-header';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime, formatPaise, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  type QueueMode,
  useDecideExpense,
  useExpenseDropdowns,
  usePayExpense,
  useReimbursementQueue,
} from '../api/expenses-api';
import { CategorySettings } from './category-settings';
import { ExpenseDetails, ExpenseStatusBadge, nextApproverText } from './expense-parts';

function PayoutForm({ expense, onDone }: { expense: Expense; onDone: () => void }) {
  const timeZone = useCompanyTimeZone();
  const pay = usePayExpense();
  const [f, setF] = useState<ExpensePayoutInput>({
    payout_mode: 'payroll',
    payout_reference: '',
    paid_on: todayIn(timeZone),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = formErrors(ExpensePayoutInputSchema, f);
    setErrors(found);
    if (Object.keys(found).length) return;
    const ok = await confirm({
      title: 'Record this payout?',
      message: `${expense.employee_name}'s claim of ${formatPaise(expense.amount_paise)} will be marked paid.`,
      acceptLabel: 'Mark paid',
      centered: true,
    });
    if (!ok) return;
    try {
      await pay.mutateAsync({ id: expense.id, body: f });
      toastSuccess('Payout recorded');
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record payout">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Record payout
        </Title>
        <Select
          label="Paid"
          data={PAYOUT_MODES.map((m) => ({ value: m, label: PAYOUT_MODE_LABELS[m] }))}
          value={f.payout_mode}
          onChange={(v) => v && setF({ ...f, payout_mode: v as ExpensePayoutInput['payout_mode'] })}
          allowDeselect={false}
        />
        <TextInput
          label="Reference"
          description="Pay run, UTR or cheque number"
          value={f.payout_reference}
          onChange={(e) => setF({ ...f, payout_reference: e.currentTarget.value })}
          withAsterisk
          maxLength={100}
          error={errors.payout_reference}
        />
        <DateField
          label="Paid on"
          value={f.paid_on}
          onChange={(v) => setF({ ...f, paid_on: v })}
          maxDate={todayIn(timeZone)}
          withAsterisk
          error={errors.paid_on}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pay.isPending}>
            Mark paid
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ClaimDrawer({
  claim,
  mode,
  onClose,
}: {
  claim: Expense | null;
  mode: QueueMode;
  onClose: () => void;
}) {
  const timeZone = useCompanyTimeZone();
  const decide = useDecideExpense(mode);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const c = claim;

  const act = async (decision: 'approve' | 'reject') => {
    if (!c) return;
    setError(null);
    if (decision === 'reject' && !comment.trim()) {
      setError('Give a reason for the rejection');
      return;
    }
    const a = c.approval;
    const moves = mode === 'team' && a && a.current_level < a.level_count;
    const ok = await confirm({
      title: decision === 'approve' ? 'Approve this claim?' : 'Reject this claim?',
      message:
        decision === 'approve'
          ? moves
            ? `This is level ${a.current_level} of ${a.level_count}: the claim moves to the next approver.`
            : `${c.employee_name}'s claim of ${formatPaise(c.amount_paise)} will be approved for payment.`
          : `${c.employee_name} will see your reason.`,
      acceptLabel: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      centered: true,
    });
    if (!ok) return;
    await decide.mutateAsync({ id: c.id, decision, comment: comment.trim() || undefined });
    toastSuccess(decision === 'approve' ? 'Claim approved' : 'Claim rejected');
    setComment('');
    onClose();
  };

  return (
    <Drawer
      opened={c !== null}
      onClose={() => {
        setComment('');
        setError(null);
        onClose();
      }}
      position="right"
      size="lg"
      // Below the app's confirmation dialog, which asks from here.
      zIndex={190}
      title={c ? `Reimbursement: ${c.employee_name}` : ''}
    >
      {c && (
        <Stack gap="sm">
          <ExpenseDetails expense={c} timeZone={timeZone} />
          {c.status === 'pending' && (can(c, 'approve') || can(c, 'reject')) && (
            <>
              <Textarea
                label="Comment"
                description="Required when rejecting"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                error={error}
                rows={2}
                maxLength={1000}
              />
              <Group justify="flex-end">
                {can(c, 'reject') && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => void act('reject')}
                    loading={decide.isPending}
                  >
                    Reject
                  </Button>
                )}
                {can(c, 'approve') && (
                  <Button color="green" onClick={() => void act('approve')} loading={decide.isPending}>
                    Approve
                  </Button>
                )}
              </Group>
            </>
          )}
          {mode === 'admin' && c.abilities.pay && <PayoutForm expense={c} onDone={onClose} />}
        </Stack>
      )}
    </Drawer>
  );
}

const QUEUE_LIST = specFromContract<ReimbursementQueueQuery['sortBy'], 'value' | 'status' | 'category_id'>(
  ReimbursementQueueQuerySchema,
  { filters: ['value', 'status', 'category_id'] },
);

/** The team (approver) or admin queue of reimbursement claims. */
export function ReimbursementQueue({ mode }: { mode: QueueMode }) {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(QUEUE_LIST);
  const { params } = list;
  const dropdowns = useExpenseDropdowns();
  const [openId, setOpenId] = useState<string | null>(null);
  const canConfigure = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const query = useReimbursementQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as Exclude<ExpenseStatus, 'draft'> | undefined) : undefined,
  });
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;
  const columns: Column<Expense, ReimbursementQueueQuery['sortBy']>[] = [
    {
      key: 'employee',
      label: 'Employee',
      sort: 'employee_name',
      cell: (x) => (
        <>
          {x.employee_name}
          <Text size="xs" c="dimmed">
            {x.employee_code}
          </Text>
        </>
      ),
    },
    { key: 'category', label: 'Category', cell: (x) => x.category_name },
    { key: 'date', label: 'Date', sort: 'expense_date', cell: (x) => formatDate(x.expense_date) },
    { key: 'amount', label: 'Amount', sort: 'amount_paise', cell: (x) => formatPaise(x.amount_paise) },
    {
      key: 'claimed',
      label: 'Claimed at',
      sort: 'created_at',
      cell: (x) => formatDateTime(x.created_at, timeZone),
    },
    { key: 'status', label: 'Status', cell: (x) => <ExpenseStatusBadge status={x.status} /> },
    { key: 'next', label: 'Approves next', cell: (x) => nextApproverText(x) },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (x) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(x.id)}
          aria-label={`Open claim of ${x.employee_name}`}
        >
          {x.status === 'pending' && (can(x, 'approve') || can(x, 'reject'))
            ? 'Review'
            : x.abilities.pay
              ? 'Pay'
              : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Reimbursement requests"
        description={
          mode === 'team'
            ? 'Claims waiting on you, or on someone you approve for today.'
            : 'Every claim in the company; record the payout of approved ones.'
        }
        actions={mode === 'admin' && canConfigure ? <CategorySettings /> : undefined}
      />
      <ListSearch
        list={list}
        field="value"
        label="Search claims"
        fieldLabel="Search"
        placeholder="Employee, merchant or bill number"
      >
        <FilterSelect
          list={list}
          field="category_id"
          label="Category"
          data={(dropdowns.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        {mode === 'admin' && (
          <FilterSelect list={list} field="status" label="Status" data={dropdowns.data?.statuses ?? []} />
        )}
      </ListSearch>
      <DataTable
        label="Reimbursement requests"
        noun="claims"
        columns={columns}
        rowKey={(x) => x.id}
        query={query}
        list={list}
        emptyText={mode === 'team' ? 'Nothing is waiting on you.' : 'No claims match.'}
      />
      <ClaimDrawer claim={open} mode={mode} onClose={() => setOpenId(null)} />
    </>
  );
}

export function TeamReimbursementsScreen() {
  return <ReimbursementQueue mode="team" />;
}

export function AdminReimbursementsScreen() {
  return <ReimbursementQueue mode="admin" />;
}
