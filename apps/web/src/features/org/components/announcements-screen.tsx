import {
  type Announcement,
  type AnnouncementAudience,
  AnnouncementBodySchema,
  type AnnouncementListQuery,
  AnnouncementListQuerySchema,
} from '@hr/contract';
import { Badge, Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type Column,
  DataTable,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { formErrors, maxLengthOf, serverFieldErrors } from '../../../lib/form-errors';
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

const SHAPE = AnnouncementBodySchema.shape as unknown as Record<string, unknown>;

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
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    const body = { ...f, title: f.title.trim(), body: f.body.trim() };
    const found = formErrors(AnnouncementBodySchema, body);
    if (found.ends_on && f.ends_on && f.starts_on)
      found.ends_on = 'The end date must be on or after the start date';
    if (found.audience_ids) found.audience_ids = 'Choose who should see it';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: item?.id, ...body });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Title"
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.currentTarget.value })}
          withAsterisk
          maxLength={maxLengthOf(SHAPE, 'title')}
          error={errors.title}
          data-autofocus
        />
        <Textarea
          label="Message"
          minRows={3}
          autosize
          value={f.body}
          onChange={(e) => setF({ ...f, body: e.currentTarget.value })}
          withAsterisk
          maxLength={maxLengthOf(SHAPE, 'body')}
          error={errors.body}
        />
        <Group grow>
          <DateField
            label="Shows from"
            value={f.starts_on}
            onChange={(v) => setF({ ...f, starts_on: v })}
            withAsterisk
            error={errors.starts_on}
          />
          <DateField
            label="Shows until"
            value={f.ends_on}
            minDate={f.starts_on || undefined}
            onChange={(v) => setF({ ...f, ends_on: v })}
            withAsterisk
            error={errors.ends_on}
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
            error={
              errors.audience_ids ??
              (divisions.isError || employees.isError ? 'Could not load the choices' : undefined)
            }
          />
        )}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save announcement
        </FormActions>
      </Stack>
    </form>
  );
}

const ANNOUNCEMENT_LIST = specFromContract<AnnouncementListQuery['sortBy'], 'search'>(
  AnnouncementListQuerySchema,
  { filters: ['search'] },
);

/** Admin organisation/announcements: what shows on whose dashboard, and when. */
export function AnnouncementsScreen() {
  const perms = useAppSelector(selectPermissions);
  const list = useListParams(ANNOUNCEMENT_LIST);
  const query = useAnnouncements(list.params);
  const del = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<{ item?: Announcement } | null>(null);
  const today = todayIn(useCompanyTimeZone());
  const columns: Column<Announcement, AnnouncementListQuery['sortBy']>[] = [
    { key: 'title', label: 'Title', sort: 'title', cell: (a) => a.title },
    {
      key: 'dates',
      label: 'Shows from',
      sort: 'starts_on',
      cell: (a) => `${formatDate(a.starts_on)} – ${formatDate(a.ends_on)}`,
    },
    {
      key: 'audience',
      label: 'Audience',
      cell: (a) => (a.audience === 'all' ? 'Everyone' : `${a.audience_ids.length} ${a.audience}`),
    },
    {
      key: 'state',
      label: 'State',
      cell: (a) => {
        const [label, color] =
          a.ends_on < today
            ? ['Ended', 'gray']
            : a.starts_on > today
              ? ['Scheduled', 'blue']
              : ['Showing', 'green'];
        return (
          <Badge variant="light" color={color}>
            {label}
          </Badge>
        );
      },
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (a) => (
        <RowActions
          edit={can(a, 'edit') && { label: `Edit ${a.title}`, onClick: () => setDialog({ item: a }) }}
          remove={
            can(a, 'delete') && {
              label: `Delete ${a.title}`,
              title: 'Delete announcement',
              message: `Delete “${a.title}”?`,
              onConfirm: () => del.mutate(a.id),
            }
          }
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Announcements"
        description="Shown on the dashboards of the people they target, between their dates."
        actions={
          perms.includes('announcements.add') && (
            <Button onClick={() => setDialog({})}>New announcement</Button>
          )
        }
      />
      <ListSearch
        list={list}
        field="search"
        label="Search announcements"
        fieldLabel="Search title or message"
      />
      <DataTable
        label="Announcements"
        noun="announcements"
        columns={columns}
        rowKey={(a) => a.id}
        query={query}
        list={list}
        minWidth={640}
        emptyText={list.params.search ? `No announcements match “${list.params.search}”.` : undefined}
      />
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
