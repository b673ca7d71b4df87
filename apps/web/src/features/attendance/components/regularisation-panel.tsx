import { type Regularisation, type RegularisationInput, RegularisationInputSchema } from '@hr/contract';
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { confirm } from '../../../lib/confirm';
import { formErrors, useFormErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { StatusBadge } from '../../requests/components/request-parts';
import {
  type Month,
  useDeleteRegularisation,
  useMyRegularisations,
  useRegularisationReasons,
  useSaveRegularisation,
} from '../api/use-attendance';
import { clockTime } from './parts';

type Form = { date: string; punch_in: string; punch_out: string; reason: string; note: string };
const EMPTY: Form = { date: '', punch_in: '', punch_out: '', reason: '', note: '' };

const localTime = (v: string | null, timeZone: string) => (v ? clockTime(v, timeZone) : '');

/** The employee's regularisation requests for the month, and the form to ask for one. */
export function RegularisationPanel({ month }: { month: Month }) {
  const timeZone = useCompanyTimeZone();
  const reasons = useRegularisationReasons();
  const list = useMyRegularisations({ ...month, page: 1, records: 50 });
  const save = useSaveRegularisation();
  const remove = useDeleteRegularisation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const errs = useFormErrors(['date', 'punch_in', 'punch_out', 'reason', 'note']);
  const set = (k: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    // The times are checked against each other: fixing either clears both.
    errs.clear(...(k === 'punch_in' || k === 'punch_out' ? ['punch_in', 'punch_out'] : [k]));
  };

  const submit = async () => {
    const input = {
      date: form.date,
      punch_in: form.punch_in || null,
      punch_out: form.punch_out || null,
      reason: form.reason,
      note: form.note.trim() || undefined,
    };
    if (!errs.set(formErrors(RegularisationInputSchema, input))) return;
    try {
      await save.mutateAsync({ id: editing ?? undefined, input: input as RegularisationInput });
      toastSuccess(editing ? 'Request updated' : 'Regularisation requested');
      setForm(EMPTY);
      setEditing(null);
    } catch (err) {
      errs.fromServer(err);
    }
  };

  const onEdit = (r: Regularisation) => {
    setEditing(r.id);
    errs.reset();
    setForm({
      date: r.date,
      punch_in: localTime(r.punch_in, timeZone),
      punch_out: localTime(r.punch_out, timeZone),
      reason: r.reason,
      note: r.note ?? '',
    });
  };
  const onDelete = async (r: Regularisation) => {
    const ok = await confirm({
      title: 'Withdraw this request?',
      message: `Your request for ${formatDate(r.date)} will be withdrawn.`,
      acceptLabel: 'Withdraw',
      rejectLabel: 'Keep it',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await remove.mutateAsync(r.id);
    toastSuccess('Request withdrawn');
  };

  const items = list.data?.items ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Regularisation
        </Title>
        <Text size="sm" c="dimmed">
          Ask to correct a day: a missed punch, a wrong time. Your manager decides.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <DateField label="Day" required value={form.date} onChange={set('date')} error={errs.of('date')} />
          <TextInput
            type="time"
            label="In time"
            value={form.punch_in}
            onChange={(e) => set('punch_in')(e.currentTarget.value)}
            error={errs.of('punch_in')}
          />
          <TextInput
            type="time"
            label="Out time"
            description="Before the in time only for a shift that ends after midnight"
            value={form.punch_out}
            onChange={(e) => set('punch_out')(e.currentTarget.value)}
            error={errs.of('punch_out')}
          />
          <Select
            label="Reason"
            required
            data={reasons.data ?? []}
            value={form.reason || null}
            onChange={(v) => set('reason')(v ?? '')}
            error={errs.of('reason')}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          value={form.note}
          onChange={(e) => set('note')(e.currentTarget.value)}
          maxLength={500}
          rows={2}
        />
        {errs.summary && (
          <Text c="red.8" size="sm" role="alert">
            {errs.summary}
          </Text>
        )}
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {editing ? 'Save changes' : 'Request regularisation'}
          </Button>
          {editing && (
            <Button
              variant="default"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
              }}
            >
              Cancel editing
            </Button>
          )}
        </Group>
        <section
          aria-label="Regularisation requests this month"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users.
          tabIndex={0}
          style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
        >
          <Table miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day</Table.Th>
                <Table.Th scope="col">In</Table.Th>
                <Table.Th scope="col">Out</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isError && (
                <Table.Tr>
                  <Table.Td colSpan={6}>Could not load your requests.</Table.Td>
                </Table.Tr>
              )}
              {!list.isError && items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>{list.isLoading ? 'Loading…' : 'No requests this month.'}</Table.Td>
                </Table.Tr>
              )}
              {items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDate(r.date)}</Table.Td>
                  <Table.Td>{localTime(r.punch_in, timeZone) || '—'}</Table.Td>
                  <Table.Td>{localTime(r.punch_out, timeZone) || '—'}</Table.Td>
                  <Table.Td>{r.reason_label}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    {r.status === 'pending' && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => onEdit(r)}
                          aria-label={`Edit request for ${r.date}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => void onDelete(r)}
                          aria-label={`Withdraw request for ${r.date}`}
                        >
                          Withdraw
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      </Stack>
    </Paper>
  );
}
