import type { Announcement, AnnouncementAudience } from '@hr/contract';
import {
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DataTableFrame } from '../../../components/ui/data-table-frame';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { SearchBar } from '../../../components/ui/search-bar';
import { formatDate, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import {
  useAnnouncements,
  useDeleteAnnouncement,
  useDivisionDropdown,
  useEmployeeOptions,
  useSaveAnnouncement,
} from '../api/org-api';

const AUDIENCES: { value: AnnouncementAudience; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'divisions', label: 'Chosen divisions' },
  { value: 'units', label: 'Chosen units' },
  { value: 'employees', label: 'Chosen employees' },
];

function AnnouncementForm({ item, onClose }: { item?: Announcement; onClose: () => void }) {
  const save = useSaveAnnouncement();
  const divisions = useDivisionDropdown();
  const employees = useEmployeeOptions();
  const timeZone = useCompanyTimeZone();
  const [f, setF] = useState({
    title: item?.title ?? '',
    body: item?.body ?? '',
    starts_on: item?.starts_on ?? todayIn(timeZone),
    ends_on: item?.ends_on ?? todayIn(timeZone),
    audience: (item?.audience ?? 'all') as AnnouncementAudience,
    audience_ids: item?.audience_ids ?? [],
  });
  const [error, setError] = useState<string | null>(null);
  const options =
    f.audience === 'divisions'
      ? (divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))
      : f.audience === 'units'
        ? (divisions.data ?? []).map((d) => ({
            group: d.name,
            items: d.units.map((u) => ({ value: u.id, label: `${u.name} (${d.name})` })),
          }))
        : (employees.data ?? []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (f.ends_on < f.starts_on) return setError('The end date must be on or after the start date');
    if (f.audience !== 'all' && f.audience_ids.length === 0) return setError('Choose who should see it');
    setError(null);
    await save.mutateAsync({ id: item?.id, ...f, title: f.title.trim(), body: f.body.trim() });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Title"
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.currentTarget.value })}
          required
          data-autofocus
        />
        <Textarea
          label="Message"
          minRows={3}
          autosize
          value={f.body}
          onChange={(e) => setF({ ...f, body: e.currentTarget.value })}
          required
        />
        <Group grow>
          <TextInput
            label="Shows from"
            type="date"
            value={f.starts_on}
            onChange={(e) => setF({ ...f, starts_on: e.currentTarget.value })}
            required
          />
          <TextInput
            label="Shows until"
            type="date"
            value={f.ends_on}
            onChange={(e) => setF({ ...f, ends_on: e.currentTarget.value })}
            required
          />
        </Group>
        <Select
          label="Audience"
          data={AUDIENCES}
          value={f.audience}
          onChange={(v) => v && setF({ ...f, audience: v as AnnouncementAudience, audience_ids: [] })}
          allowDeselect={false}
        />
        {f.audience !== 'all' && (
          <MultiSelect
            label={AUDIENCES.find((a) => a.value === f.audience)!.label}
            data={options}
            value={f.audience_ids}
            onChange={(v) => setF({ ...f, audience_ids: v })}
            searchable
            clearable
            nothingFoundMessage="Nothing matches"
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save announcement
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin organisation/announcements: what shows on whose dashboard, and when. */
export function AnnouncementsScreen() {
  const perms = useAppSelector(selectPermissions);
  const can = (a: string) => perms.includes(`announcements.${a}`);
  const [params, setParams] = useState<{ page: number; records: number; search?: string }>({
    page: 1,
    records: 10,
  });
  const [search, setSearch] = useState('');
  const query = useAnnouncements(params);
  const del = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<{ item?: Announcement } | null>(null);
  const items = query.data?.items ?? [];
  const today = todayIn(useCompanyTimeZone());
  return (
    <>
      <PageHeader
        title="Announcements"
        description="Shown on the dashboards of the people they target, between their dates."
        actions={can('add') && <Button onClick={() => setDialog({})}>New announcement</Button>}
      />
      <SearchBar
        label="Search announcements"
        fieldLabel="Search title or message"
        value={search}
        onChange={setSearch}
        onSearch={() => setParams((p) => ({ ...p, page: 1, search: search.trim() || undefined }))}
      />
      <DataTableFrame query={query} what="announcements" params={params} setParams={setParams}>
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Announcements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Audience</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => {
                const state =
                  a.ends_on < today
                    ? ['Ended', 'gray']
                    : a.starts_on > today
                      ? ['Scheduled', 'blue']
                      : ['Showing', 'green'];
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.title}</Table.Td>
                    <Table.Td>
                      {formatDate(a.starts_on)} – {formatDate(a.ends_on)}
                    </Table.Td>
                    <Table.Td>
                      {a.audience === 'all' ? 'Everyone' : `${a.audience_ids.length} ${a.audience}`}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={state[1]}>
                        {state[0]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={
                          can('edit') && { label: `Edit ${a.title}`, onClick: () => setDialog({ item: a }) }
                        }
                        remove={
                          can('delete') && {
                            label: `Delete ${a.title}`,
                            title: 'Delete announcement',
                            message: `Delete “${a.title}”?`,
                            onConfirm: () => del.mutate(a.id),
                          }
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DataTableFrame>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.item ? 'Edit announcement' : 'New announcement'}
        size="lg"
      >
        {dialog && <AnnouncementForm item={dialog.item} onClose={() => setDialog(null)} />}
      </Modal>
    </>
  );
}
