import {
  type AssetAssignment,
  AssetAssignmentBodySchema,
  type AssetAssignmentListQuery,
  AssetAssignmentListQuerySchema,
  type AssetCondition,
} from '@hr/contract';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
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
import { can } from '../../../lib/abilities';
import { maxLengthOf } from '../../../lib/form-errors';
import { formatDate, todayIn } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { useAssets, useAssignments, useEmployeeOptions, useIssueAsset, useReturnAsset } from '../api/org-api';
import { CONDITION_OPTIONS } from './manage-assets-screen';

const NOTES_MAX = maxLengthOf(AssetAssignmentBodySchema.shape as unknown as Record<string, unknown>, 'notes');

function IssueForm({ onClose }: { onClose: () => void }) {
  const issue = useIssueAsset();
  const employees = useEmployeeOptions();
  const free = useAssets({ page: 1, records: 100 });
  const [assetId, setAssetId] = useState<string | null>(null);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const timeZone = useCompanyTimeZone();
  const [issuedOn, setIssuedOn] = useState(todayIn(timeZone));
  const [notes, setNotes] = useState('');
  const available = (free.data?.items ?? [])
    .filter((a) => !a.holder_id && !['lost', 'retired', 'damaged'].includes(a.condition))
    .map((a) => ({ value: a.id, label: `${a.code} — ${a.name}` }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!assetId || !employeeId) return;
    await issue.mutateAsync({
      asset_id: assetId,
      employee_id: employeeId,
      issued_on: issuedOn,
      notes: notes.trim() || null,
    });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Select
          label="Asset"
          placeholder="Available assets"
          data={available}
          value={assetId}
          onChange={setAssetId}
          searchable
          required
          nothingFoundMessage="No available asset"
          data-autofocus
        />
        <Select
          label="Employee"
          placeholder="Search by name"
          data={employees.data ?? []}
          value={employeeId}
          onChange={setEmployeeId}
          searchable
          required
          nothingFoundMessage="No employee matches"
          error={employees.isError ? 'Could not load the employees' : undefined}
        />
        <DateField label="Issued on" value={issuedOn} onChange={setIssuedOn} required />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={NOTES_MAX}
        />
        <FormActions onCancel={onClose} loading={issue.isPending} disabled={!assetId || !employeeId}>
          Issue asset
        </FormActions>
      </Stack>
    </form>
  );
}

function ReturnForm({ assignment, onClose }: { assignment: AssetAssignment; onClose: () => void }) {
  const ret = useReturnAsset();
  const timeZone = useCompanyTimeZone();
  const [returnedOn, setReturnedOn] = useState(todayIn(timeZone));
  const [condition, setCondition] = useState<AssetCondition>('good');
  const [notes, setNotes] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await ret.mutateAsync({
      id: assignment.id,
      returned_on: returnedOn,
      return_condition: condition,
      notes: notes.trim() || null,
    });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <DateField
          label="Returned on"
          value={returnedOn}
          minDate={assignment.issued_on}
          onChange={setReturnedOn}
          required
          data-autofocus
        />
        <Select
          label="Condition on return"
          data={CONDITION_OPTIONS}
          value={condition}
          onChange={(v) => v && setCondition(v as AssetCondition)}
          allowDeselect={false}
        />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={NOTES_MAX}
        />
        <FormActions onCancel={onClose} loading={ret.isPending}>
          Record return
        </FormActions>
      </Stack>
    </form>
  );
}

const ASSIGNMENT_LIST = specFromContract<AssetAssignmentListQuery['sortBy'], 'open' | 'employee_id'>(
  AssetAssignmentListQuerySchema,
  // "Held now" unless the link says otherwise; an empty `open` means all.
  { filters: ['open', 'employee_id'], filterDefaults: { open: 'true' } },
);

/** Admin organisation/assign-assets: issue assets to employees and record returns. */
export function AssignAssetsScreen() {
  const perms = useAppSelector(selectPermissions);
  const list = useListParams(ASSIGNMENT_LIST);
  const { params } = list;
  const query = useAssignments({ ...params, open: params.open as 'true' | 'false' | undefined });
  const employees = useEmployeeOptions();
  const [issuing, setIssuing] = useState(false);
  const [returning, setReturning] = useState<AssetAssignment | null>(null);
  const columns: Column<AssetAssignment, AssetAssignmentListQuery['sortBy']>[] = [
    { key: 'asset', label: 'Asset', cell: (a) => `${a.asset_code} — ${a.asset_name}` },
    { key: 'employee', label: 'Employee', cell: (a) => `${a.employee_name} (${a.employee_code})` },
    { key: 'issued', label: 'Issued', sort: 'issued_on', cell: (a) => formatDate(a.issued_on) },
    {
      key: 'returned',
      label: 'Returned',
      sort: 'returned_on',
      cell: (a) => (a.returned_on ? formatDate(a.returned_on) : <Badge variant="light">Held</Badge>),
    },
    {
      key: 'condition',
      label: 'Condition',
      cell: (a) =>
        a.return_condition
          ? `${enumLabel(a.issue_condition)} → ${enumLabel(a.return_condition)}`
          : enumLabel(a.issue_condition),
    },
    { key: 'notes', label: 'Notes', cell: (a) => a.notes ?? '—' },
    {
      key: 'actions',
      label: 'Actions',
      cell: (a) =>
        !a.returned_on &&
        can(a, 'edit') && (
          <Button size="xs" variant="light" onClick={() => setReturning(a)}>
            Record return of {a.asset_code}
          </Button>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Assign assets"
        description="Who holds what. Issue a free asset, and record its return with its condition."
        actions={
          perms.includes('assign_assets.add') && <Button onClick={() => setIssuing(true)}>Issue asset</Button>
        }
      />
      <Paper withBorder p="md" radius="md" mb="md">
        <Group align="flex-end">
          <SegmentedControl
            aria-label="Which assignments"
            value={params.open ?? 'all'}
            onChange={(v) => list.setFilters({ open: v === 'all' ? undefined : v })}
            data={[
              { value: 'true', label: 'Held now' },
              { value: 'false', label: 'Returned' },
              { value: 'all', label: 'All' },
            ]}
          />
          <FilterSelect
            list={list}
            field="employee_id"
            label="Employee"
            placeholder="Everyone"
            data={employees.data ?? []}
            error={employees.isError ? 'Could not load the employees' : undefined}
            searchable
            w={undefined}
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
      </Paper>
      <DataTable
        label="Asset assignments"
        noun="assignments"
        columns={columns}
        rowKey={(a) => a.id}
        query={query}
        list={list}
        minWidth={900}
      />
      <Modal opened={issuing} onClose={() => setIssuing(false)} title="Issue asset">
        {issuing && <IssueForm onClose={() => setIssuing(false)} />}
      </Modal>
      <Modal
        opened={returning !== null}
        onClose={() => setReturning(null)}
        title={returning ? `Return ${returning.asset_code}` : ''}
      >
        {returning && <ReturnForm assignment={returning} onClose={() => setReturning(null)} />}
      </Modal>
    </>
  );
}
