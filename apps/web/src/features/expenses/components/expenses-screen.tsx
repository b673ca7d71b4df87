import {
  DOCUMENT_MAX_BYTES,
  type Expense,
  type ExpenseCategory,
  type ExpenseDuplicateCheck,
  ExpenseInputSchema,
  type ExpenseListQuery,
  ExpenseListQuerySchema,
} from '@hr/contract';
import {
  Alert,
  Button,
  Drawer,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { formErrors, useFormErrors } from '../../../lib/form-errors';
import { formatDate, formatPaise } from '../../../lib/format';
import { selectUser, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useDuplicateCheck,
  useExpenseDropdowns,
  useExpenseMonthWise,
  useExpenseSummary,
  useMyExpenses,
  useRemoveExpense,
  useSaveExpense,
  useUploadReceipt,
} from '../api/expenses-api';
import {
  CategoryChart,
  ExpenseDetails,
  ExpenseStatusBadge,
  MonthWiseChart,
  nextApproverText,
  SummaryCards,
} from './expense-parts';

type Draft = {
  category_id: string;
  expense_date: string;
  /** As typed: "12." is a string until the next digit. */
  amount: number | string;
  merchant: string;
  description: string;
  bill_number: string;
  receipt_file_id: string | null;
  receipt_name: string | null;
  travel_from: string;
  travel_to: string;
  distance_km: number | string;
};

const rupeesToPaise = (v: number | string) => (v === '' ? null : Math.round(Number(v) * 100));

function limitsOf(c: ExpenseCategory | undefined): string {
  if (!c) return '';
  const parts: string[] = [];
  if (c.rate_per_km_paise) parts.push(`${formatPaise(c.rate_per_km_paise)} per km`);
  if (c.max_per_claim_paise) parts.push(`up to ${formatPaise(c.max_per_claim_paise)} a claim`);
  if (c.max_per_month_paise) parts.push(`${formatPaise(c.max_per_month_paise)} a month`);
  if (c.receipt_required_over_paise === 0) parts.push('receipt always needed');
  else if (c.receipt_required_over_paise)
    parts.push(`receipt needed above ${formatPaise(c.receipt_required_over_paise)}`);
  parts.push(`within ${c.claim_window_days} days`);
  return parts.join(' · ');
}

const DUPLICATE_REASONS: Record<ExpenseDuplicateCheck['duplicates'][number]['reason'], string> = {
  same_bill: 'same bill number, amount and date',
  same_receipt: 'same receipt file',
  same_date_amount: 'same date and amount',
};

/** The claims that look like this one, before it is submitted: go back, or (a warning) submit anyway. */
function DuplicateWarning({
  found,
  onBack,
  onConfirm,
  busy,
}: {
  found: ExpenseDuplicateCheck;
  onBack: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Alert
      color={found.blocking ? 'red' : 'yellow'}
      role="alert"
      title={
        found.blocking ? 'You have already claimed this bill' : 'This looks like a claim you already made'
      }
    >
      <Stack gap="xs">
        <ul style={{ margin: 0, paddingInlineStart: '1.2em' }} aria-label="Similar claims">
          {found.duplicates.map((d) => (
            <li key={d.id}>
              {d.category_name} {formatPaise(d.amount_paise)} on {formatDate(d.expense_date)}
              {d.bill_number ? `, bill ${d.bill_number}` : ''} ({d.status}; {DUPLICATE_REASONS[d.reason]})
            </li>
          ))}
        </ul>
        <Text size="sm">
          {found.blocking
            ? 'The same bill cannot be claimed twice. Change the bill number, amount or date, or cancel.'
            : 'Submit it only if it is a different expense.'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onBack}>
            Go back and edit
          </Button>
          {!found.blocking && (
            <Button color="yellow" onClick={onConfirm} loading={busy}>
              Submit anyway
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

const EXPENSE_FIELDS = [
  'category_id',
  'expense_date',
  'amount_paise',
  'merchant',
  'description',
  'bill_number',
  'receipt_file_id',
  'travel_from',
  'travel_to',
  'distance_km',
];

function ExpenseForm({ item, onClose }: { item?: Expense; onClose: () => void }) {
  const dropdowns = useExpenseDropdowns();
  const save = useSaveExpense();
  const duplicateCheck = useDuplicateCheck();
  const [duplicates, setDuplicates] = useState<ExpenseDuplicateCheck | null>(null);
  const user = useAppSelector(selectUser);
  const upload = useUploadReceipt(user?.employee_id);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const categories = dropdowns.data?.categories ?? [];
  const isDraft = !item || item.status === 'draft';
  const [f, setF] = useState<Draft>({
    category_id: item?.category_id ?? '',
    expense_date: item ? (item.expense_date ?? '') : (dropdowns.data?.today ?? ''),
    amount: item?.amount_paise != null ? item.amount_paise / 100 : '',
    merchant: item?.merchant ?? '',
    description: item?.description ?? '',
    bill_number: item?.bill_number ?? '',
    receipt_file_id: item?.receipt_file_id ?? null,
    receipt_name: item?.receipt_file_id ? 'Attached receipt' : null,
    travel_from: item?.travel_from ?? '',
    travel_to: item?.travel_to ?? '',
    distance_km: item?.distance_km ?? '',
  });
  const errs = useFormErrors(EXPENSE_FIELDS);
  const errors = errs.errors;
  /** The receipt the form refused (too big, wrong type): it stays named in the field and blocks sending. */
  const [receiptFile, setReceiptFile] = useState<File | null>(null);
  const [receiptRefused, setReceiptRefused] = useState(false);
  /** A change clears that field's message at once (the amount's is amount_paise). */
  const change = (patch: Partial<Draft>) => {
    setF((d) => ({ ...d, ...patch }));
    errs.clear(...Object.keys(patch).map((k) => (k === 'amount' ? 'amount_paise' : k)));
  };
  // A new claim starts on today (the company's date), which may arrive after the form opens.
  const today = dropdowns.data?.today;
  useEffect(() => {
    if (!item && today) setF((d) => (d.expense_date ? d : { ...d, expense_date: today }));
  }, [item, today]);
  const category = categories.find((c) => c.id === f.category_id);
  const perKm = !!category?.rate_per_km_paise;
  const computed =
    perKm && f.distance_km !== '' ? Math.round(Number(f.distance_km) * category!.rate_per_km_paise!) : null;

  const onReceipt = async (file: File | null) => {
    setReceiptFile(file);
    setReceiptRefused(false);
    errs.clear('receipt_file_id');
    setF((d) => ({ ...d, receipt_file_id: null, receipt_name: null }));
    if (!file) return;
    const refuse = (message: string) => {
      setReceiptRefused(true);
      errs.set({ ...errs.errors, receipt_file_id: message });
    };
    // Checked here first: a file over the limit is not sent at all.
    if (file.size > DOCUMENT_MAX_BYTES) return refuse('This file is larger than 5 MiB: choose a smaller one');
    try {
      const doc = await upload.mutateAsync(file);
      setF((d) => ({ ...d, receipt_file_id: doc.id, receipt_name: doc.file_name }));
    } catch (err) {
      refuse(err instanceof ApiError ? err.message : 'Could not upload the receipt');
    }
  };

  const bodyOf = () => ({
    category_id: f.category_id,
    expense_date: f.expense_date,
    amount_paise: perKm ? null : rupeesToPaise(f.amount),
    merchant: f.merchant.trim() || null,
    description: f.description.trim() || null,
    bill_number: f.bill_number.trim() || null,
    receipt_file_id: f.receipt_file_id,
    travel_from: category?.requires_travel ? f.travel_from.trim() || null : null,
    travel_to: category?.requires_travel ? f.travel_to.trim() || null : null,
    distance_km: category?.requires_travel && f.distance_km !== '' ? Number(f.distance_km) : null,
  });

  /** Saves what is filled in so far: only the category is needed (the server checks what is given). */
  const saveDraft = async () => {
    const body = { ...bodyOf(), expense_date: f.expense_date || null, submit: false };
    if (!f.category_id) {
      errs.set({ category_id: 'Choose a category' });
      return;
    }
    errs.reset();
    setDuplicates(null);
    try {
      await save.mutateAsync({ id: item?.id, body, idempotencyKey });
      toastSuccess('Draft saved');
      onClose();
    } catch (err) {
      errs.fromServer(err);
    }
  };

  const submit = async (e: FormEvent | null, confirmed = false) => {
    e?.preventDefault();
    const body = bodyOf();
    const found = formErrors(ExpenseInputSchema, body);
    if (!f.category_id) found.category_id = 'Choose a category';
    if (!perKm && body.amount_paise == null) found.amount_paise = 'Enter the amount';
    if (!errs.set(found)) return;
    try {
      const amount = perKm ? computed : body.amount_paise;
      if (!confirmed && amount != null) {
        // Warn before submitting: same bill (refused), same receipt, or same date and amount.
        const check = await duplicateCheck.mutateAsync({
          expense_date: body.expense_date,
          amount_paise: amount,
          bill_number: body.bill_number,
          receipt_file_id: body.receipt_file_id,
          expense_id: item?.id ?? null,
        });
        if (check.duplicates.length > 0) {
          setDuplicates(check);
          return;
        }
      }
      setDuplicates(null);
      await save.mutateAsync({ id: item?.id, body, idempotencyKey });
      toastSuccess(item && item.status !== 'draft' ? 'Claim updated' : 'Claim submitted');
      onClose();
    } catch (err) {
      errs.fromServer(err);
    }
  };

  if (dropdowns.isLoading) return <Text>Loading categories…</Text>;
  if (dropdowns.isError) return <Text c="red">Could not load the categories.</Text>;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Category"
          data={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={f.category_id || null}
          onChange={(v) => change({ category_id: v ?? '' })}
          withAsterisk
          error={errors.category_id}
          description={limitsOf(category)}
          data-autofocus
        />
        <DateField
          label="Date of expense"
          value={f.expense_date}
          onChange={(v) => change({ expense_date: v })}
          maxDate={dropdowns.data?.today}
          clearButtonProps={{ 'aria-label': 'Clear the date' }}
          withAsterisk
          error={errors.expense_date}
        />
        {category?.requires_travel && (
          <Group grow>
            <TextInput
              label="From"
              value={f.travel_from}
              onChange={(e) => change({ travel_from: e.currentTarget.value })}
              withAsterisk
              maxLength={120}
              error={errors.travel_from}
            />
            <TextInput
              label="To"
              value={f.travel_to}
              onChange={(e) => change({ travel_to: e.currentTarget.value })}
              withAsterisk
              maxLength={120}
              error={errors.travel_to}
            />
          </Group>
        )}
        {category?.requires_travel && (
          <NumberInput
            label="Distance (km)"
            value={f.distance_km}
            onChange={(v) => change({ distance_km: v })}
            min={0}
            decimalScale={1}
            withAsterisk={perKm}
            error={errors.distance_km}
          />
        )}
        {perKm ? (
          <Text size="sm" aria-live="polite">
            Amount: {computed != null ? formatPaise(computed) : 'enter the distance'} (distance ×{' '}
            {formatPaise(category!.rate_per_km_paise!)} per km)
          </Text>
        ) : (
          <NumberInput
            label="Amount (₹)"
            value={f.amount}
            onChange={(v) => change({ amount: v })}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            withAsterisk
            error={errors.amount_paise}
          />
        )}
        <Group grow>
          <TextInput
            label="Merchant"
            value={f.merchant}
            onChange={(e) => change({ merchant: e.currentTarget.value })}
            maxLength={120}
            error={errors.merchant}
          />
          <TextInput
            label="Bill number"
            value={f.bill_number}
            onChange={(e) => change({ bill_number: e.currentTarget.value })}
            maxLength={60}
            error={errors.bill_number}
          />
        </Group>
        <Textarea
          label="Description"
          value={f.description}
          onChange={(e) => change({ description: e.currentTarget.value })}
          maxLength={1000}
          autosize
          minRows={2}
          error={errors.description}
        />
        <FileInput
          label="Receipt (PDF, PNG or JPEG, up to 5 MiB)"
          placeholder={f.receipt_name ?? 'Choose a file'}
          value={receiptFile}
          accept="application/pdf,image/png,image/jpeg"
          onChange={(file) => void onReceipt(file)}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the receipt' }}
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          error={errors.receipt_file_id || undefined}
          description={
            upload.isPending ? 'Uploading…' : f.receipt_file_id ? `Attached: ${f.receipt_name}` : undefined
          }
        />
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        {duplicates ? (
          <DuplicateWarning
            found={duplicates}
            busy={save.isPending}
            onBack={() => setDuplicates(null)}
            onConfirm={() => void submit(null, true)}
          />
        ) : (
          <Group justify="flex-end" gap="sm" align="flex-start">
            {isDraft && (
              <Button
                variant="light"
                onClick={() => void saveDraft()}
                loading={save.isPending}
                disabled={upload.isPending || receiptRefused}
              >
                Save as draft
              </Button>
            )}
            <FormActions
              onCancel={onClose}
              loading={save.isPending || duplicateCheck.isPending}
              blockedBy={
                upload.isPending
                  ? 'Wait for the receipt to upload'
                  : receiptRefused
                    ? 'The receipt was not accepted: choose another file or remove it'
                    : null
              }
            >
              {isDraft ? 'Submit claim' : 'Save claim'}
            </FormActions>
          </Group>
        )}
      </Stack>
    </form>
  );
}

const EXPENSE_LIST = specFromContract<ExpenseListQuery['sortBy'], 'category_id' | 'status'>(
  ExpenseListQuerySchema,
  {
    filters: ['category_id', 'status'],
  },
);

function MonthWise() {
  const dropdowns = useExpenseDropdowns();
  const thisYear = Number((dropdowns.data?.today ?? '').slice(0, 4)) || new Date().getFullYear();
  const [year, setYear] = useState<number | null>(null);
  const shown = year ?? thisYear;
  const q = useExpenseMonthWise(shown);
  const years = useMemo(
    () => Array.from({ length: 5 }, (_, i) => String(thisYear - i)).map((y) => ({ value: y, label: y })),
    [thisYear],
  );
  return (
    <section aria-labelledby="month-wise-title" style={{ marginBottom: 24 }}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="month-wise-title">
          Month by month
        </Title>
        <Select
          label="Year"
          data={years}
          value={String(shown)}
          onChange={(v) => v && setYear(Number(v))}
          allowDeselect={false}
          w={110}
        />
      </Group>
      {q.isLoading ? (
        <Text size="sm">Loading…</Text>
      ) : q.isError || !q.data ? (
        <Text size="sm" c="red">
          Could not load the month-wise figures.
        </Text>
      ) : (
        <>
          <MonthWiseChart year={q.data.year} months={q.data.months} />
          <CategoryChart year={q.data.year} categories={q.data.by_category} />
        </>
      )}
    </section>
  );
}

/** A draft's name in a row action: its category, and its date or merchant when it has one. */
const draftName = (x: Expense) =>
  [x.category_name, x.expense_date ? formatDate(x.expense_date) : null, x.merchant]
    .filter(Boolean)
    .join(', ');

/** User salary/expenses: the employee's claims, their totals and the form to claim. */
export function ExpensesScreen() {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(EXPENSE_LIST);
  const query = useMyExpenses(list.params as typeof list.params & { status?: Expense['status'] });
  const dropdowns = useExpenseDropdowns();
  const summary = useExpenseSummary();
  const remove = useRemoveExpense();
  const [dialog, setDialog] = useState<{ item?: Expense } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === openId) ?? null;

  const columns: Column<Expense, ExpenseListQuery['sortBy']>[] = [
    { key: 'date', label: 'Date', sort: 'expense_date', cell: (x) => formatDate(x.expense_date) || '—' },
    { key: 'category', label: 'Category', cell: (x) => x.category_name },
    { key: 'merchant', label: 'Merchant', cell: (x) => x.merchant ?? '—' },
    {
      key: 'amount',
      label: 'Amount',
      sort: 'amount_paise',
      cell: (x) => formatPaise(x.amount_paise) || '—',
    },
    { key: 'status', label: 'Status', cell: (x) => <ExpenseStatusBadge status={x.status} /> },
    { key: 'next', label: 'Approves next', cell: (x) => nextApproverText(x) },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (x) => (
        <RowActions
          edit={
            can(x, 'edit') &&
            x.status !== 'draft' && {
              label: `Edit claim of ${formatDate(x.expense_date)}`,
              onClick: () => setDialog({ item: x }),
            }
          }
          remove={
            can(x, 'delete') &&
            (x.status === 'draft'
              ? {
                  label: `Delete draft ${draftName(x)}`,
                  title: 'Delete this draft?',
                  message: `Your ${x.category_name} draft will be deleted. It was never submitted.`,
                  onConfirm: () => remove.mutate(x.id, { onSuccess: () => toastSuccess('Draft deleted') }),
                }
              : {
                  label: `Delete claim of ${formatDate(x.expense_date)}`,
                  title: 'Delete this claim?',
                  message: `Your ${x.category_name} claim of ${formatPaise(x.amount_paise)} will be withdrawn and removed.`,
                  onConfirm: () => remove.mutate(x.id, { onSuccess: () => toastSuccess('Claim removed') }),
                })
          }
        >
          {x.status === 'draft' && can(x, 'edit') && (
            <Button
              size="xs"
              onClick={() => setDialog({ item: x })}
              aria-label={`Submit draft ${draftName(x)}`}
            >
              Submit
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            onClick={() => setOpenId(x.id)}
            aria-label={`View claim of ${formatDate(x.expense_date)}`}
          >
            View
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Reimbursements"
        description="Claim what you spent for work; your approver decides and it is paid through payroll or separately."
        actions={<Button onClick={() => setDialog({})}>Add claim</Button>}
      />
      {summary.data ? (
        <SummaryCards summary={summary.data} />
      ) : summary.isError ? (
        <Text c="red" size="sm" mb="md">
          Could not load your totals.
        </Text>
      ) : null}
      <MonthWise />
      <Title order={2} size="h4" mb="xs">
        Claims
      </Title>
      <Group mb="sm" gap="sm" align="flex-end">
        <FilterSelect
          list={list}
          field="category_id"
          label="Category"
          data={(dropdowns.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect list={list} field="status" label="Status" data={dropdowns.data?.statuses ?? []} />
      </Group>
      <DataTable
        label="Your claims"
        noun="claims"
        columns={columns}
        rowKey={(x) => x.id}
        query={query}
        list={list}
        emptyText="No claims yet. Use Add claim to submit one."
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.item ? (dialog.item.status === 'draft' ? 'Draft claim' : 'Edit claim') : 'Add claim'}
        size="lg"
      >
        {dialog && <ExpenseForm item={dialog.item} onClose={() => setDialog(null)} />}
      </Modal>
      <Drawer
        opened={open !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="lg"
        title={open ? `${open.category_name} claim` : ''}
      >
        {open && <ExpenseDetails expense={open} timeZone={timeZone} />}
      </Drawer>
    </>
  );
}
