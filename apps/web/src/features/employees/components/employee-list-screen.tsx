import type { EmployeeSummary } from '@hr/contract';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Select, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconDots, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyRow, ListState } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { SearchBar } from '../../../components/ui/search-bar';
import { confirm } from '../../../lib/confirm';
import { formatDate } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useDeleteEmployee, useEmployeeProfile, useSetEmployeeStatus } from '../api/employee-records-api';
import {
  type EmployeeListParams,
  type EmployeeSearchKey,
  type EmployeeSortField,
  useEmployees,
} from '../api/use-employees';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { EmployeeFormModal } from './employee-form';

/** Default page size for lists (spec section 9). */
export const PAGE_SIZE = 10;

const SEARCH_KEYS: { value: EmployeeSearchKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'employee_code', label: 'Code' },
  { value: 'email', label: 'Email' },
];

const STATUS_COLOR: Record<EmployeeSummary['status'], string> = {
  active: 'green',
  inactive: 'gray',
  exited: 'red',
};

type Column = {
  label: string;
  sort?: EmployeeSortField;
  cell: (e: EmployeeSummary, tz: string) => React.ReactNode;
};

const COLUMNS: Column[] = [
  { label: 'Code', sort: 'employee_code', cell: (e) => e.employee_code },
  {
    label: 'Name',
    sort: 'first_name',
    cell: (e) => (
      <Link to={`/admin/employees/${e.id}`} aria-label={`Open ${e.employee_name}`}>
        {e.employee_name}
      </Link>
    ),
  },
  { label: 'Email', sort: 'email', cell: (e) => e.email },
  { label: 'Designation', cell: (e) => e.designation ?? '—' },
  { label: 'Division', cell: (e) => [e.division_name, e.unit_name].filter(Boolean).join(' / ') || '—' },
  { label: 'Manager', cell: (e) => e.manager_name ?? '—' },
  { label: 'Joined', sort: 'date_of_joining', cell: (e, tz) => formatDate(e.date_of_joining, tz) },
  {
    label: 'Status',
    cell: (e) => (
      <Badge color={STATUS_COLOR[e.status]} variant="light" miw="max-content">
        {e.status}
      </Badge>
    ),
  },
];

function SortHeader({
  column,
  params,
  onSort,
}: {
  column: Column;
  params: EmployeeListParams;
  onSort: (field: EmployeeSortField) => void;
}) {
  if (!column.sort) return <Table.Th scope="col">{column.label}</Table.Th>;
  const active = params.sortBy === column.sort;
  const ariaSort = active ? (params.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? IconArrowsSort : params.sortOrder === 'asc' ? IconSortAscending : IconSortDescending;
  const field = column.sort;
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        onClick={() => onSort(field)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {column.label}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Admin employee list: search by name, code or email; sort by column; ten a page. */
export function EmployeeListScreen() {
  const timeZone = useCompanyTimeZone();
  const [params, setParams] = useState<EmployeeListParams>({
    page: 1,
    records: PAGE_SIZE,
    sortBy: 'employee_code',
    sortOrder: 'asc',
  });
  const [searchKey, setSearchKey] = useState<EmployeeSearchKey>('name');
  const [searchValue, setSearchValue] = useState('');
  const query = useEmployees(params);
  const [statusFilter, setStatusFilter] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const remove = useDeleteEmployee();
  const setStatus = useSetEmployeeStatus();

  const onDelete = async (e: EmployeeSummary) => {
    const ok = await confirm({
      title: 'Delete employee',
      message: `Delete ${e.employee_name} (${e.employee_code})? An employee with history is deactivated instead.`,
      acceptLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    const res = await remove.mutateAsync(e.id);
    toastSuccess(res.message);
  };
  const onToggle = async (e: EmployeeSummary) => {
    const next = e.status === 'active' ? 'inactive' : 'active';
    const ok = await confirm({
      title: next === 'active' ? 'Activate employee' : 'Deactivate employee',
      message:
        next === 'active'
          ? `Activate ${e.employee_name}? Their sign-in is switched back on.`
          : `Deactivate ${e.employee_name}? They can no longer sign in.`,
      acceptLabel: next === 'active' ? 'Activate' : 'Deactivate',
      danger: next !== 'active',
    });
    if (!ok) return;
    await setStatus.mutateAsync({ id: e.id, status: next });
    toastSuccess(`${e.employee_name} is now ${next}`);
  };

  const onSearch = () => {
    const value = searchValue.trim();
    setParams((p) => ({ ...p, page: 1, key: value ? searchKey : undefined, value: value || undefined }));
  };
  const onClear = () => {
    setSearchValue('');
    setParams((p) => ({ ...p, page: 1, key: undefined, value: undefined }));
  };
  const onSort = (field: EmployeeSortField) =>
    setParams((p) => ({
      ...p,
      page: 1,
      sortBy: field,
      sortOrder: p.sortBy === field && p.sortOrder === 'asc' ? 'desc' : 'asc',
    }));

  const total = query.data?.meta.totalCount ?? 0;
  const items = query.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Employees"
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => setUploading(true)}>
              Bulk upload
            </Button>
            <Button onClick={() => setAdding(true)}>Add employee</Button>
          </Group>
        }
      />
      {adding && <EmployeeFormModal opened onClose={() => setAdding(false)} />}
      {uploading && <BulkUploadDialog opened onClose={() => setUploading(false)} />}
      {editingId && <EditEmployee id={editingId} onClose={() => setEditingId(null)} />}
      <SearchBar
        label="Search employees"
        fieldLabel="Search"
        placeholder={`Employee ${SEARCH_KEYS.find((k) => k.value === searchKey)?.label.toLowerCase()}`}
        value={searchValue}
        onChange={setSearchValue}
        onSearch={onSearch}
        gap="sm"
        withIcon
        before={
          <Select
            label="Search by"
            data={SEARCH_KEYS}
            value={searchKey}
            onChange={(v) => v && setSearchKey(v as EmployeeSearchKey)}
            allowDeselect={false}
            w={140}
          />
        }
        after={
          params.value && (
            <Button variant="default" onClick={onClear}>
              Clear search
            </Button>
          )
        }
      >
        <Select
          label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'exited', label: 'Exited' },
          ]}
          value={statusFilter}
          onChange={(v) => {
            setStatusFilter(v);
            setParams((p) => ({
              ...p,
              page: 1,
              status: (v ?? undefined) as EmployeeListParams['status'],
            }));
          }}
          clearable
          placeholder="Any"
          w={130}
        />
      </SearchBar>

      <ListState query={query} what="employees" empty={false}>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-busy={query.isFetching} aria-label="Employees">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <SortHeader key={c.label} column={c} params={params} onSort={onSort} />
                  ))}
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.length === 0 ? (
                  <EmptyRow colSpan={COLUMNS.length + 1}>
                    {params.value ? `No employees match “${params.value}”.` : 'No employees yet.'}
                  </EmptyRow>
                ) : (
                  items.map((e) => (
                    <Table.Tr key={e.id}>
                      {COLUMNS.map((c) => (
                        <Table.Td key={c.label}>{c.cell(e, timeZone)}</Table.Td>
                      ))}
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={`Actions for ${e.employee_name}`}>
                              <IconDots size={16} aria-hidden="true" />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item component={Link} to={`/admin/employees/${e.id}`}>
                              View
                            </Menu.Item>
                            <Menu.Item onClick={() => setEditingId(e.id)}>Edit</Menu.Item>
                            <Menu.Item onClick={() => void onToggle(e)}>
                              {e.status === 'active' ? 'Deactivate' : 'Activate'}
                            </Menu.Item>
                            <Menu.Item color="red" onClick={() => void onDelete(e)}>
                              Delete
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            total={total}
            page={params.page}
            records={params.records}
            noun="employees"
            onPage={(page) => setParams((p) => ({ ...p, page }))}
            labelControls
          />
        </Paper>
      </ListState>
    </>
  );
}

/** Loads the full record, then opens the edit form with it. */
function EditEmployee({ id, onClose }: { id: string; onClose: () => void }) {
  const profile = useEmployeeProfile(id);
  if (!profile.data) return null;
  return <EmployeeFormModal opened onClose={onClose} employee={profile.data} />;
}
