import type { AssetAssignment, AssetCondition } from '@hr/contract';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DataTableFrame } from '../../../components/ui/data-table-frame';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { useAssets, useAssignments, useEmployeeOptions, useIssueAsset, useReturnAsset } from '../api/org-api';
import { CONDITION_OPTIONS } from './manage-assets-screen';

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
        />
        <TextInput
          label="Issued on"
          type="date"
          value={issuedOn}
          onChange={(e) => setIssuedOn(e.currentTarget.value)}
          required
        />
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
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
        <TextInput
          label="Returned on"
          type="date"
          value={returnedOn}
          min={assignment.issued_on}
          onChange={(e) => setReturnedOn(e.currentTarget.value)}
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
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <FormActions onCancel={onClose} loading={ret.isPending}>
          Record return
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin organisation/assign-assets: issue assets to employees and record returns. */
export function AssignAssetsScreen() {
  const perms = useAppSelector(selectPermissions);
  const [params, setParams] = useState<{
    page: number;
    records: number;
    open?: string;
    employee_id?: string;
  }>({ page: 1, records: 10, open: 'true' });
  const query = useAssignments(params);
  const employees = useEmployeeOptions();
  const [issuing, setIssuing] = useState(false);
  const [returning, setReturning] = useState<AssetAssignment | null>(null);
  const items = query.data?.items ?? [];
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
            onChange={(v) => setParams((p) => ({ ...p, page: 1, open: v === 'all' ? undefined : v }))}
            data={[
              { value: 'true', label: 'Held now' },
              { value: 'false', label: 'Returned' },
              { value: 'all', label: 'All' },
            ]}
          />
          <Select
            label="Employee"
            placeholder="Everyone"
            data={employees.data ?? []}
            value={params.employee_id ?? null}
            onChange={(v) => setParams((p) => ({ ...p, page: 1, employee_id: v ?? undefined }))}
            searchable
            clearable
            style={{ flex: 1 }}
          />
        </Group>
      </Paper>
      <DataTableFrame query={query} what="assignments" params={params} setParams={setParams}>
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Asset assignments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Asset</Table.Th>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Returned</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>Notes</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {a.asset_code} — {a.asset_name}
                  </Table.Td>
                  <Table.Td>
                    {a.employee_name} ({a.employee_code})
                  </Table.Td>
                  <Table.Td>{formatDate(a.issued_on)}</Table.Td>
                  <Table.Td>
                    {a.returned_on ? formatDate(a.returned_on) : <Badge variant="light">Held</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {a.return_condition ? `${a.issue_condition} → ${a.return_condition}` : a.issue_condition}
                  </Table.Td>
                  <Table.Td>{a.notes ?? '—'}</Table.Td>
                  <Table.Td>
                    {!a.returned_on && perms.includes('assign_assets.edit') && (
                      <Button size="xs" variant="light" onClick={() => setReturning(a)}>
                        Record return of {a.asset_code}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DataTableFrame>
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
