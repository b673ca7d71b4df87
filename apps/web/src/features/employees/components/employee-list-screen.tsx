import { EMPLOYEE_STATUSES, EmployeeRecordsListQuerySchema, type EmployeeSummary } from '@hr/contract';
import { ActionIcon, Badge, Button, Group, Menu, Select } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  type ListSpec,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { can } from '../../../lib/abilities';
import { confirm } from '../../../lib/confirm';
import { formatDate } from '../../../lib/format';
import { enumLabel, enumOptions } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useDeleteEmployee,
  useEmployeeProfile,
  useSetEmployeeStatus,
  useUnitOptions,
} from '../api/employee-records-api';
import { type EmployeeSearchKey, type EmployeeSortField, useEmployees } from '../api/use-employees';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { EmployeeFormModal } from './employee-form';

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

/** The employee list's view in the URL: sort fields from the contract (spec section 9: ten a page). */
export const EMPLOYEE_LIST: ListSpec<EmployeeSortField, 'key' | 'value' | 'status' | 'unit_id'> =
  specFromContract(EmployeeRecordsListQuerySchema, { filters: ['key', 'value', 'status', 'unit_id'] });

/** Admin employee list: search by name, code or email; filter by status and unit; sort by column. */
export function EmployeeListScreen() {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(EMPLOYEE_LIST);
  const { params } = list;
  const [searchKey, setSearchKey] = useState<string>(params.key ?? 'name');
  const query = useEmployees({
    ...params,
    key: params.key as EmployeeSearchKey | undefined,
    status: params.status as EmployeeSummary['status'] | undefined,
  });
  const units = useUnitOptions();
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

  const columns: Column<EmployeeSummary, EmployeeSortField>[] = [
    { key: 'code', label: 'Code', sort: 'employee_code', cell: (e) => e.employee_code },
    {
      key: 'name',
      label: 'Name',
      sort: 'first_name',
      cell: (e) => (
        <Link to={`/admin/employees/${e.id}`} aria-label={`Open ${e.employee_name}`}>
          {e.employee_name}
        </Link>
      ),
    },
    { key: 'email', label: 'Email', sort: 'email', cell: (e) => e.email },
    { key: 'designation', label: 'Designation', cell: (e) => e.designation ?? '—' },
    {
      key: 'division',
      label: 'Division',
      cell: (e) => [e.division_name, e.unit_name].filter(Boolean).join(' / ') || '—',
    },
    { key: 'manager', label: 'Manager', cell: (e) => e.manager_name ?? '—' },
    {
      key: 'joined',
      label: 'Joined',
      sort: 'date_of_joining',
      cell: (e) => formatDate(e.date_of_joining, timeZone),
    },
    {
      key: 'status',
      label: 'Status',
      cell: (e) => (
        <Badge color={STATUS_COLOR[e.status]} variant="light" miw="max-content">
          {enumLabel(e.status)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (e) => (
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
            {can(e, 'edit') && <Menu.Item onClick={() => setEditingId(e.id)}>Edit</Menu.Item>}
            {can(e, 'edit') && (
              <Menu.Item onClick={() => void onToggle(e)}>
                {e.status === 'active' ? 'Deactivate' : 'Activate'}
              </Menu.Item>
            )}
            {can(e, 'delete') && (
              <Menu.Item color="red" onClick={() => void onDelete(e)}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

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
      <ListSearch
        list={list}
        field="value"
        label="Search employees"
        fieldLabel="Search"
        placeholder={`Employee ${SEARCH_KEYS.find((k) => k.value === searchKey)?.label.toLowerCase()}`}
        extra={() => ({ key: searchKey })}
        before={
          <Select
            label="Search by"
            data={SEARCH_KEYS}
            value={searchKey}
            onChange={(v) => v && setSearchKey(v)}
            allowDeselect={false}
            w={140}
          />
        }
      >
        <FilterSelect
          list={list}
          field="status"
          label="Status"
          data={enumOptions(EMPLOYEE_STATUSES)}
          w={130}
        />
        <FilterSelect list={list} field="unit_id" label="Unit" data={units.data ?? []} searchable w={200} />
      </ListSearch>
      <DataTable
        label="Employees"
        noun="employees"
        columns={columns}
        rowKey={(e) => e.id}
        query={query}
        list={list}
        minWidth={900}
        emptyText={params.value ? `No employees match “${params.value}”.` : undefined}
      />
    </>
  );
}

/** Loads the full record, then opens the edit form with it. */
function EditEmployee({ id, onClose }: { id: string; onClose: () => void }) {
  const profile = useEmployeeProfile(id);
  if (!profile.data) return null;
  return <EmployeeFormModal opened onClose={onClose} employee={profile.data} />;
}
