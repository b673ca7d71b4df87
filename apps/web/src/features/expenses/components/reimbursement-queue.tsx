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
import { Button, Group, List, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FilterSelect, specFromContract, useListParams } from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatMonth, formatPaise, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { createdAtColumn, employeeColumn, RequestQueue } from '../../requests/components/request-queue';
import {
  type QueueMode,
  useBulkDecideExpense,
  useDecideExpense,
  useExpenseDecisionContext,
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

/** What approving the claim means: its category's limits and the employee's claims of that month. */
function ClaimContext({ mode, id }: { mode: QueueMode; id: string }) {
  const ctx = useExpenseDecisionContext(mode, id);
  if (ctx.isPending) return <Loader size="sm" aria-label="Loading the claim's limits" />;
  if (ctx.isError || !ctx.data) {
    return (
      <Text size="sm" c="red">
        The category's limits could not be loaded.
      </Text>
    );
  }
  const { category: c, month_claims: m } = ctx.data;
  const month = formatMonth(ctx.data.month);
  return (
    <Paper withBorder p="sm" aria-label="Limits and claims this month" component="section">
      <Title order={3} size="h5" mb={4}>
        Limits and claims in {month}
      </Title>
      <List size="sm" spacing={2}>
        <List.Item>
          {c.name} limit:{' '}
          {c.max_per_claim_paise == null && c.max_per_month_paise == null
            ? 'none'
            : [
                c.max_per_claim_paise != null && `${formatPaise(c.max_per_claim_paise)} a claim`,
                c.max_per_month_paise != null && `${formatPaise(c.max_per_month_paise)} a month`,
              ]
                .filter(Boolean)
                .join(', ')}
        </List.Item>
        <List.Item>
          {c.name} claimed in {month}: {formatPaise(c.month_total_paise)}
          {c.max_per_month_paise != null ? ` of ${formatPaise(c.max_per_month_paise)}` : ''}
        </List.Item>
        <List.Item>
          All claims in {month}: {m.count} {m.count === 1 ? 'claim' : 'claims'}, {formatPaise(m.total_paise)}
        </List.Item>
      </List>
    </Paper>
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
  const canConfigure = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const query = useReimbursementQueue(mode, {
    ...params,
    status: mode === 'admin' ? (params.status as Exclude<ExpenseStatus, 'draft'> | undefined) : undefined,
  });
  return (
    <RequestQueue
      mode={mode}
      title="Reimbursement requests"
      description={{
        team: 'Claims waiting on you, or on someone you approve for today.',
        admin: 'Every claim in the company; record the payout of approved ones.',
      }}
      actions={mode === 'admin' && canConfigure ? <CategorySettings /> : undefined}
      list={list}
      query={query}
      searchLabel="Search claims"
      searchPlaceholder="Employee, merchant or bill number"
      filters={
        <FilterSelect
          list={list}
          field="category_id"
          label="Category"
          data={(dropdowns.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      }
      statusOptions={dropdowns.data?.statuses ?? []}
      tableLabel="Reimbursement requests"
      noun="claims"
      columns={[
        employeeColumn('employee_name'),
        { key: 'category', label: 'Category', cell: (x) => x.category_name },
        { key: 'date', label: 'Date', sort: 'expense_date', cell: (x) => formatDate(x.expense_date) },
        { key: 'amount', label: 'Amount', sort: 'amount_paise', cell: (x) => formatPaise(x.amount_paise) },
        createdAtColumn(timeZone, 'created_at', 'Claimed at', 'claimed'),
        { key: 'status', label: 'Status', cell: (x) => <ExpenseStatusBadge status={x.status} /> },
        { key: 'next', label: 'Approves next', cell: (x) => nextApproverText(x) },
      ]}
      openNoun="claim"
      viewText={(x) => (x.abilities.pay ? 'Pay' : 'View')}
      decide={useDecideExpense(mode)}
      bulk={useBulkDecideExpense(mode)}
      context={(c) => <ClaimContext mode={mode} id={c.id} />}
      drawerTitle="Reimbursement"
      confirmNoun="claim"
      approveMessage={(c) => {
        const a = c.approval;
        return mode === 'team' && a && a.current_level < a.level_count
          ? `This is level ${a.current_level} of ${a.level_count}: the claim moves to the next approver.`
          : `${c.employee_name}'s claim of ${formatPaise(c.amount_paise)} will be approved for payment.`;
      }}
      toastNoun="Claim"
      commentMaxLength={1000}
      withHistory={false}
      detail={(c) => <ExpenseDetails expense={c} timeZone={timeZone} />}
      footer={(c, close) => mode === 'admin' && c.abilities.pay && <PayoutForm expense={c} onDone={close} />}
    />
  );
}

export function TeamReimbursementsScreen() {
  return <ReimbursementQueue mode="team" />;
}

export function AdminReimbursementsScreen() {
  return <ReimbursementQueue mode="admin" />;
}
