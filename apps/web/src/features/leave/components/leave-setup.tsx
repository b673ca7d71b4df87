import type { LeaveType, LeaveTypeInputData } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { MONTH_NAMES } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useAppSelector } from '../../../lib/store';
import { selectPermissions } from '../../../lib/store/auth-slice';
import { toastSuccess } from '../../../lib/toasts';
import { useLeavePolicies, useLeaveTypes, useSaveLeavePolicy, useSaveLeaveType } from '../api/use-leave';

type Form = Omit<LeaveTypeInputData, 'sandwich'> & { sandwich: Record<string, boolean> };
const EMPTY: Form = {
  name: '',
  code: '',
  paid: true,
  unit: 'day',
  allow_negative: false,
  negative_cap: null,
  max_per_request: null,
  notice_days: 0,
  back_dating_days: null,
  document_over_days: null,
  sandwich: {
    weekly_off_before: false,
    weekly_off_between: false,
    weekly_off_after: false,
    holiday_before: false,
    holiday_between: false,
    holiday_after: false,
  },
  accrual_frequency: null,
  accrual_amount: 0,
  carry_forward: false,
  carry_forward_cap: null,
  carry_forward_expiry_months: null,
  comp_off: false,
  comp_off_expiry_days: null,
};
const num = (v: string | number) => (v === '' ? null : Number(v));

function TypeDrawer({ editing, onClose }: { editing: LeaveType | 'new' | null; onClose: () => void }) {
  const save = useSaveLeaveType();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadedFor, setLoadedFor] = useState<unknown>(null);
  if (editing !== loadedFor) {
    setLoadedFor(editing);
    setErrors({});
    if (editing === 'new' || editing === null) setForm(EMPTY);
    else {
      const { id: _id, ...rest } = editing;
      setForm(rest as Form);
    }
  }
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        id: editing && editing !== 'new' ? editing.id : null,
        input: form as LeaveTypeInputData,
      });
      toastSuccess(editing === 'new' ? 'Leave type added' : 'Leave type updated');
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries(e.errors.map((x) => [x.path.split('.')[0] ?? x.path, x.message])));
        if (e.errors.length === 0) setErrors({ form: e.message });
      }
    }
  };
  const sandwich = (key: string, label: string) => (
    <Checkbox
      label={label}
      checked={!!form.sandwich[key]}
      onChange={(e) => set({ sandwich: { ...form.sandwich, [key]: e.currentTarget.checked } })}
    />
  );
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={editing === 'new' ? 'Add leave type' : 'Edit leave type'}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
          />
          <TextInput
            label="Code"
            required
            value={form.code}
            onChange={(e) => set({ code: e.currentTarget.value })}
            error={errors.code}
          />
          <Select
            label="Unit"
            data={[
              { value: 'day', label: 'Day' },
              { value: 'half_day', label: 'Half day' },
              { value: 'hour', label: 'Hour' },
            ]}
            value={form.unit ?? 'day'}
            onChange={(v) => set({ unit: (v ?? 'day') as Form['unit'] })}
            allowDeselect={false}
          />
          <NumberInput
            label="Notice days"
            min={0}
            value={form.notice_days ?? 0}
            onChange={(v) => set({ notice_days: Number(v) || 0 })}
          />
          <NumberInput
            label="Back-dating allowed (days)"
            min={0}
            value={form.back_dating_days ?? ''}
            onChange={(v) => set({ back_dating_days: num(v) })}
          />
          <NumberInput
            label="Maximum days per request"
            min={0}
            step={0.5}
            value={form.max_per_request ?? ''}
            onChange={(v) => set({ max_per_request: num(v) })}
          />
          <NumberInput
            label="Document required over (days)"
            min={0}
            step={0.5}
            value={form.document_over_days ?? ''}
            onChange={(v) => set({ document_over_days: num(v) })}
          />
        </SimpleGrid>
        <Switch label="Paid" checked={!!form.paid} onChange={(e) => set({ paid: e.currentTarget.checked })} />
        <Group>
          <Switch
            label="Allow a negative balance"
            checked={!!form.allow_negative}
            onChange={(e) => set({ allow_negative: e.currentTarget.checked })}
          />
          {form.allow_negative && (
            <NumberInput
              label="Down to (days below zero)"
              min={0}
              step={0.5}
              value={form.negative_cap ?? ''}
              onChange={(v) => set({ negative_cap: num(v) })}
            />
          )}
        </Group>
        <Title order={3} size="h5">
          Sandwich rules: weekly-offs and holidays counted as leave
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {sandwich('weekly_off_before', 'Weekly-off before')}
          {sandwich('weekly_off_between', 'Weekly-off between')}
          {sandwich('weekly_off_after', 'Weekly-off after')}
          {sandwich('holiday_before', 'Holiday before')}
          {sandwich('holiday_between', 'Holiday between')}
          {sandwich('holiday_after', 'Holiday after')}
        </SimpleGrid>
        <Title order={3} size="h5">
          Accrual and carry-forward
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Accrual"
            data={[
              { value: 'none', label: 'No accrual' },
              { value: 'monthly', label: 'Monthly' },
              { value: 'quarterly', label: 'Quarterly' },
              { value: 'yearly', label: 'Yearly' },
            ]}
            value={form.accrual_frequency ?? 'none'}
            onChange={(v) =>
              set({ accrual_frequency: v === 'none' || !v ? null : (v as Form['accrual_frequency']) })
            }
            allowDeselect={false}
          />
          <NumberInput
            label="Days per period"
            min={0}
            step={0.5}
            value={form.accrual_amount ?? 0}
            onChange={(v) => set({ accrual_amount: Number(v) || 0 })}
            error={errors.accrual_amount}
          />
        </SimpleGrid>
        <Group>
          <Switch
            label="Carry forward at year end"
            checked={!!form.carry_forward}
            onChange={(e) => set({ carry_forward: e.currentTarget.checked })}
          />
          {form.carry_forward && (
            <>
              <NumberInput
                label="Cap (days)"
                min={0}
                value={form.carry_forward_cap ?? ''}
                onChange={(v) => set({ carry_forward_cap: num(v) })}
              />
              <NumberInput
                label="Expires after (months)"
                min={1}
                max={24}
                value={form.carry_forward_expiry_months ?? ''}
                onChange={(v) => set({ carry_forward_expiry_months: num(v) })}
              />
            </>
          )}
        </Group>
        <Group>
          <Switch
            label="Comp-off"
            checked={!!form.comp_off}
            onChange={(e) => set({ comp_off: e.currentTarget.checked })}
          />
          {form.comp_off && (
            <NumberInput
              label="Expires after (days)"
              min={1}
              value={form.comp_off_expiry_days ?? ''}
              onChange={(v) => set({ comp_off_expiry_days: num(v) })}
            />
          )}
        </Group>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

function sandwichText(t: LeaveType) {
  const on = Object.entries(t.sandwich)
    .filter(([, v]) => v)
    .map(([k]) => enumLabel(k).toLowerCase());
  return on.length ? on.join(', ') : 'none';
}

const MONTHS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

/** Leave types with their rules and the leave policies (the base configuration is marked). */
export function LeaveSetupScreen() {
  const permissions = useAppSelector(selectPermissions);
  const types = useLeaveTypes();
  const policies = useLeavePolicies();
  const savePolicy = useSaveLeavePolicy();
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const canAdd = permissions.includes('leave_policies.add');
  const canEdit = permissions.includes('leave_policies.edit');

  const save = async (policyId: string, change: { leave_type_ids?: string[]; year_start_month?: number }) => {
    const p = policies.data?.find((x) => x.id === policyId);
    if (!p) return;
    await savePolicy.mutateAsync({
      id: p.id,
      input: {
        name: p.name,
        description: p.description,
        is_base: p.is_base,
        year_start_month: p.year_start_month,
        leave_type_ids: p.leave_types.map((t) => t.id),
        ...change,
      },
    });
    toastSuccess('Leave policy updated');
  };
  const toggle = async (policyId: string, typeId: string, on: boolean) => {
    const ids = (policies.data?.find((x) => x.id === policyId)?.leave_types ?? [])
      .map((t) => t.id)
      .filter((id) => id !== typeId);
    await save(policyId, { leave_type_ids: on ? [...ids, typeId] : ids });
  };
  const addBase = async () => {
    await savePolicy.mutateAsync({
      id: null,
      input: { name: 'Base leave configuration', is_base: true, leave_type_ids: [] },
    });
    toastSuccess('Base leave configuration added');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Leave policies"
        description="Leave types and their rules; a leave policy is a set of types, attached to employees through master policies."
        actions={canAdd ? <Button onClick={() => setEditing('new')}>Add leave type</Button> : undefined}
      />
      {types.isError && <Alert color="red">Leave types could not be loaded.</Alert>}
      {types.isLoading && <Text>Loading…</Text>}
      {types.data && types.data.length === 0 && <Text c="dimmed">No leave types yet.</Text>}
      {types.data && types.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder aria-label="Leave types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Leave type</Table.Th>
                <Table.Th scope="col">Paid</Table.Th>
                <Table.Th scope="col">Accrual</Table.Th>
                <Table.Th scope="col">Sandwich</Table.Th>
                <Table.Th scope="col">Carry-forward</Table.Th>
                <Table.Th scope="col">
                  <span className="sr-only">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    {t.name} <Badge variant="light">{t.code}</Badge>
                    {!t.active && <Text size="xs">Switched off</Text>}
                  </Table.Td>
                  <Table.Td>{t.paid ? 'Paid' : 'Unpaid'}</Table.Td>
                  <Table.Td>
                    {t.accrual_frequency ? `${t.accrual_amount} ${t.accrual_frequency}` : '—'}
                  </Table.Td>
                  <Table.Td>{sandwichText(t)}</Table.Td>
                  <Table.Td>{t.carry_forward ? `up to ${t.carry_forward_cap ?? 'all'}` : 'no'}</Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(t)}
                        aria-label={`Edit ${t.name}`}
                      >
                        Edit
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h4">
        Leave policies
      </Title>
      {policies.data?.length === 0 && canAdd && (
        <Button variant="light" onClick={() => void addBase()} w="fit-content">
          Add the base leave configuration
        </Button>
      )}
      {policies.data?.map((p) => (
        <Card key={p.id} withBorder padding="sm">
          <Group gap="xs" mb="xs">
            <Text fw={600}>{p.name}</Text>
            {p.is_base && <Badge>Base configuration</Badge>}
          </Group>
          <Select
            label="Leave year starts in"
            description="Accrual quarters and years, year-end carry-forward and expiry, and yearly caps follow the leave year (April: April to March)."
            data={MONTHS}
            value={String(p.year_start_month)}
            allowDeselect={false}
            disabled={!canEdit || savePolicy.isPending}
            onChange={(v) => v && void save(p.id, { year_start_month: Number(v) })}
            maw={320}
            mb="xs"
          />
          <Group>
            {(types.data ?? []).map((t) => (
              <Checkbox
                key={t.id}
                label={t.name}
                disabled={!canEdit || savePolicy.isPending}
                checked={p.leave_types.some((x) => x.id === t.id)}
                onChange={(e) => void toggle(p.id, t.id, e.currentTarget.checked)}
              />
            ))}
          </Group>
        </Card>
      ))}
      <TypeDrawer editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
