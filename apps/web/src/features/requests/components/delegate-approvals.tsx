import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDate, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useCreateDelegation,
  useDeleteDelegation,
  useEmployeeOptions,
  useMyDelegations,
} from '../api/use-profile-changes';

/** "Delegate approvals": hand my approvals to someone for a date range, and list/remove mine. */
export function DelegateApprovals() {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useEmployeeOptions(debounced);
  const mine = useMyDelegations();
  const create = useCreateDelegation();
  const remove = useDeleteDelegation();
  const [delegate, setDelegate] = useState<string | null>(null);
  // The company's today, as the server counts delegation days (not the browser's UTC date).
  const today = todayIn(useCompanyTimeZone());
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(today);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!delegate) next.delegate_id = 'Choose who approves for you';
    if (!startsOn) next.starts_on = 'Choose a start date';
    if (!endsOn) next.ends_on = 'Choose an end date';
    else if (startsOn && endsOn < startsOn) next.ends_on = 'End date is before the start date';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      await create.mutateAsync({
        delegate_id: delegate!,
        starts_on: startsOn,
        ends_on: endsOn,
        reason: reason.trim() || undefined,
      });
      toastSuccess('Delegation saved');
      setDelegate(null);
      setReason('');
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path, x.message])));
        setFormError(err.message);
      }
    }
  };

  const onRemove = async (id: string, name: string) => {
    const ok = await confirm({
      title: 'Remove delegation?',
      message: `${name} will no longer approve on your behalf.`,
      acceptLabel: 'Remove',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await remove.mutateAsync(id);
    toastSuccess('Delegation removed');
  };

  const given = mine.data?.given ?? [];
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Delegate approvals
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Delegate my approvals"
        zIndex={190}
        size="lg"
        centered
      >
        <Stack gap="md">
          <form onSubmit={(e) => void onSubmit(e)} aria-label="Delegate my approvals" noValidate>
            <Stack gap="sm">
              <Select
                label="Delegate"
                placeholder="Search by name"
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                data={(options.data ?? []).map((o) => ({
                  value: o.id,
                  label: o.employee_code ? `${o.name} (${o.employee_code})` : o.name,
                }))}
                value={delegate}
                onChange={setDelegate}
                error={errors.delegate_id}
                nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nobody found'}
                required
              />
              <Group grow>
                <DateField
                  label="From"
                  value={startsOn}
                  onChange={setStartsOn}
                  error={errors.starts_on}
                  required
                />
                <DateField
                  label="To"
                  value={endsOn}
                  minDate={startsOn || undefined}
                  onChange={setEndsOn}
                  error={errors.ends_on}
                  required
                />
              </Group>
              <TextInput label="Note" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
              {formError && (
                <Alert color="red" role="alert">
                  {formError}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  Save delegation
                </Button>
              </Group>
            </Stack>
          </form>
          <Text fw={600} size="sm">
            My delegations
          </Text>
          {given.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <Table aria-label="My delegations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Delegate</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">To</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {given.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      {d.delegate_name}
                      {d.active ? ' (active)' : ''}
                    </Table.Td>
                    <Table.Td>{formatDate(d.starts_on)}</Table.Td>
                    <Table.Td>{formatDate(d.ends_on)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        onClick={() => void onRemove(d.id, d.delegate_name)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Modal>
    </>
  );
}
