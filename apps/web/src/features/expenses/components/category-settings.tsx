import { type ExpenseCategory, ExpenseCategoryInputSchema } from '@hr/contract';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatPaise } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toasts';
import { useExpenseCategories, useSaveCategory } from '../api/expenses-api';

/** What a number field holds while typing ("12." is a string). */
type Money = number | string;
const toPaise = (v: Money) => (v === '' ? null : Math.round(Number(v) * 100));
const toRupees = (p: number | null | undefined): Money => (p == null ? '' : p / 100);

function CategoryForm({ item, onClose }: { item?: ExpenseCategory; onClose: () => void }) {
  const save = useSaveCategory();
  const [f, setF] = useState({
    name: item?.name ?? '',
    requires_travel: item?.requires_travel ?? false,
    rate: toRupees(item?.rate_per_km_paise),
    perClaim: toRupees(item?.max_per_claim_paise),
    perMonth: toRupees(item?.max_per_month_paise),
    receiptOver: toRupees(item?.receipt_required_over_paise),
    window: (item?.claim_window_days ?? 60) as Money,
    is_active: item?.is_active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = (
    label: string,
    key: 'rate' | 'perClaim' | 'perMonth' | 'receiptOver',
    field: string,
    hint?: string,
  ) => (
    <NumberInput
      label={label}
      description={hint}
      value={f[key]}
      onChange={(v) => setF({ ...f, [key]: v })}
      min={0}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      error={errors[field]}
    />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name.trim(),
      requires_travel: f.requires_travel,
      rate_per_km_paise: toPaise(f.rate),
      max_per_claim_paise: toPaise(f.perClaim),
      max_per_month_paise: toPaise(f.perMonth),
      receipt_required_over_paise: toPaise(f.receiptOver),
      claim_window_days: f.window === '' ? 60 : Number(f.window),
      is_active: f.is_active,
    };
    const found = formErrors(ExpenseCategoryInputSchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: item?.id, body });
      toastSuccess('Category saved');
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={f.name}
          onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
          withAsterisk
          maxLength={60}
          error={errors.name}
          data-autofocus
        />
        <Checkbox
          label="Ask for from, to and distance"
          checked={f.requires_travel}
          onChange={(e) => setF({ ...f, requires_travel: e.currentTarget.checked })}
        />
        {money('Rate per km (₹)', 'rate', 'rate_per_km_paise', 'When set, the amount is distance × rate')}
        {money('Limit per claim (₹)', 'perClaim', 'max_per_claim_paise', 'Empty: no limit')}
        {money('Limit per month (₹)', 'perMonth', 'max_per_month_paise', 'Empty: no limit')}
        {money(
          'Receipt needed above (₹)',
          'receiptOver',
          'receipt_required_over_paise',
          '0: always; empty: never',
        )}
        <NumberInput
          label="Claim within (days)"
          value={f.window}
          onChange={(v) => setF({ ...f, window: v })}
          min={1}
          max={366}
          allowDecimal={false}
          error={errors.claim_window_days}
        />
        <Checkbox
          label="In use"
          checked={f.is_active}
          onChange={(e) => setF({ ...f, is_active: e.currentTarget.checked })}
        />
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save category
        </FormActions>
      </Stack>
    </form>
  );
}

const orDash = (p: number | null) => (p == null ? '—' : formatPaise(p));

/** Administrators set each category's limits; employees see them on the claim form. */
export function CategorySettings() {
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<{ item?: ExpenseCategory } | null>(null);
  const q = useExpenseCategories(opened);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Categories and limits
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Expense categories" size="xl">
        {editing ? (
          <CategoryForm item={editing.item} onClose={() => setEditing(null)} />
        ) : (
          <Stack>
            {q.isLoading && <Text size="sm">Loading…</Text>}
            {q.isError && (
              <Text size="sm" c="red">
                Could not load the categories.
              </Text>
            )}
            {q.data && (
              <Table.ScrollContainer minWidth={640}>
                <Table aria-label="Expense categories">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Name</Table.Th>
                      <Table.Th scope="col">Per claim</Table.Th>
                      <Table.Th scope="col">Per month</Table.Th>
                      <Table.Th scope="col">Receipt above</Table.Th>
                      <Table.Th scope="col">Window</Table.Th>
                      <Table.Th scope="col">
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {q.data.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          {c.name}
                          {c.rate_per_km_paise ? ` (${formatPaise(c.rate_per_km_paise)}/km)` : ''}
                          {c.is_active ? '' : ' — not in use'}
                        </Table.Td>
                        <Table.Td>{orDash(c.max_per_claim_paise)}</Table.Td>
                        <Table.Td>{orDash(c.max_per_month_paise)}</Table.Td>
                        <Table.Td>
                          {c.receipt_required_over_paise === 0
                            ? 'Always'
                            : orDash(c.receipt_required_over_paise)}
                        </Table.Td>
                        <Table.Td>{c.claim_window_days} days</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setEditing({ item: c })}
                            aria-label={`Edit ${c.name}`}
                          >
                            Edit
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="flex-end">
              <Button onClick={() => setEditing({})}>Add category</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
