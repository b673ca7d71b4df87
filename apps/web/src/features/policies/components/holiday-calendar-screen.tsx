import { HolidayBodySchema, type HolidayCalendar, HolidayCalendarBodySchema } from '@hr/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { EmptyState } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { formatDate } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useDeleteHoliday, usePolicyList, useSaveHoliday, useSavePolicy } from '../api/policies-api';
import { DefinitionList } from './definition-list';
import { usePolicyForm } from './form-kit';

function CalendarForm({ row, onClose }: { row?: HolidayCalendar; onClose: () => void }) {
  const save = useSavePolicy('holiday-calendar');
  const f = usePolicyForm(
    { name: row?.name ?? '', optional_limit: row?.optional_limit ?? 0 },
    HolidayCalendarBodySchema,
    (v) => ({ name: v.name.trim(), optional_limit: v.optional_limit }),
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  return (
    <form onSubmit={f.submit} noValidate>
      <Stack>
        {e._form && <Alert color="red">{e._form}</Alert>}
        <TextInput
          label="Calendar name"
          value={v.name}
          onChange={(x) => set('name')(x.currentTarget.value)}
          error={e.name}
          withAsterisk
          data-autofocus
        />
        <NumberInput
          label="Optional holidays an employee may pick per year"
          value={v.optional_limit}
          onChange={(x) => set('optional_limit')(Number(x) || 0)}
          min={0}
          max={50}
          error={e.optional_limit}
        />
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save calendar
        </FormActions>
      </Stack>
    </form>
  );
}

function HolidayForm({ calendarId, onDone }: { calendarId: string; onDone: () => void }) {
  const save = useSaveHoliday();
  const f = usePolicyForm(
    { date: '', name: '', optional: false, location: '' },
    HolidayBodySchema,
    (v) => ({ date: v.date, name: v.name.trim(), optional: v.optional, location: v.location.trim() || null }),
    (body) => save.mutateAsync({ calendarId, body: body as object }),
    onDone,
  );
  const { values: v, set, errors: e } = f;
  return (
    <form onSubmit={f.submit} noValidate aria-label="Add a holiday">
      <Stack gap="xs">
        {e._form && <Alert color="red">{e._form}</Alert>}
        <Group grow align="flex-start">
          <DateField label="Date" value={v.date} onChange={set('date')} error={e.date} required />
          <TextInput
            label="Holiday name"
            value={v.name}
            onChange={(x) => set('name')(x.currentTarget.value)}
            error={e.name}
            withAsterisk
          />
        </Group>
        <Group grow align="flex-end">
          <TextInput
            label="Only at location (empty: all)"
            value={v.location}
            onChange={(x) => set('location')(x.currentTarget.value)}
            error={e.location}
          />
          <Switch
            label="Optional (employees pick)"
            checked={v.optional}
            onChange={(x) => set('optional')(x.currentTarget.checked)}
          />
        </Group>
        <FormActions onCancel={onDone} loading={save.isPending}>
          Add holiday
        </FormActions>
      </Stack>
    </form>
  );
}

function Holidays({ calendar, canEdit }: { calendar: HolidayCalendar; canEdit: boolean }) {
  const del = useDeleteHoliday();
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Employees may pick {calendar.optional_limit} optional holiday(s) a year.
      </Text>
      {calendar.holidays.length === 0 ? (
        <EmptyState>No holidays yet.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={`Holidays of ${calendar.name}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Location</Table.Th>
                {canEdit && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calendar.holidays.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{formatDate(h.date)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {h.name}
                      {h.optional && (
                        <Badge variant="light" color="grape">
                          Optional
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{h.location ?? 'All'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions
                        remove={{
                          label: `Delete ${h.name}`,
                          title: 'Delete holiday',
                          message: `Delete ${h.name} on ${formatDate(h.date)}?`,
                          onConfirm: () => del.mutate({ calendarId: calendar.id, id: h.id }),
                        }}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && (
        <HolidayForm key={formKey} calendarId={calendar.id} onDone={() => setFormKey((k) => k + 1)} />
      )}
    </Stack>
  );
}

/** Admin setup-policies/holiday-calendar: calendars, their holidays and optional holidays. */
export function HolidayCalendarScreen() {
  const perms = useAppSelector(selectPermissions);
  const [openId, setOpenId] = useState<string | null>(null);
  // The open calendar is read from the list so it refreshes after a holiday is added.
  const all = usePolicyList('holiday-calendar', { records: 100 });
  const open = all.data?.items.find((c) => c.id === openId) ?? null;
  return (
    <>
      <PageHeader
        title="Holiday calendar"
        description="Holiday calendars with their holidays; optional holidays are picked by each employee, up to the calendar's limit."
      />
      <DefinitionList
        kind="holiday-calendar"
        area="holiday_calendar"
        noun="holiday calendar"
        columns={[
          { key: 'holidays', label: 'Holidays', cell: (r) => r.holidays.filter((h) => !h.optional).length },
          { key: 'optional', label: 'Optional', cell: (r) => r.holidays.filter((h) => h.optional).length },
          { key: 'limit', label: 'Pick limit', cell: (r) => r.optional_limit },
        ]}
        form={(row, close) => <CalendarForm row={row} onClose={close} />}
        extra={(r) => (
          <Tooltip label="Holidays">
            <ActionIcon variant="subtle" aria-label={`Holidays of ${r.name}`} onClick={() => setOpenId(r.id)}>
              <IconCalendarEvent size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpenId(null)}
        title={`Holidays: ${open?.name ?? ''}`}
        size="xl"
      >
        {open && <Holidays calendar={open} canEdit={perms.includes('holiday_calendar.edit')} />}
      </Modal>
    </>
  );
}
