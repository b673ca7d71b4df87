import {
  APPROVAL_REQUEST_TYPES,
  ASSIGNMENT_KINDS,
  type Assignment,
  AssignmentBodySchema,
  type MasterPolicy,
  MasterPolicyBodySchema,
} from '@hr/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCalendarOff, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { ListState } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { formatDate } from '../../../lib/format';
import { enumLabel, enumOptions } from '../../../lib/labels';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useApprovalFlows } from '../../approvals/api/use-approval-flows';
import { useDivisionDropdown, useEmployeeOptions } from '../../org/api/org-api';
import {
  useAssign,
  useAssignments,
  useDeleteAssignment,
  useEndAssignment,
  usePolicyList,
  usePolicyOptions,
  useSavePolicy,
} from '../api/policies-api';
import { DefinitionList } from './definition-list';
import { usePolicyForm } from './form-kit';

function MasterForm({ row, onClose }: { row?: MasterPolicy; onClose: () => void }) {
  const save = useSavePolicy('master-policy');
  const flows = useApprovalFlows();
  const options = {
    attendance_policy_id: usePolicyOptions('attendance-policy'),
    shift_id: usePolicyOptions('shift'),
    roster_id: usePolicyOptions('roster'),
    weekly_off_policy_id: usePolicyOptions('weekly-off-policy'),
    holiday_calendar_id: usePolicyOptions('holiday-calendar'),
  };
  const f = usePolicyForm(
    {
      name: row?.name ?? '',
      description: row?.description ?? '',
      attendance_policy_id: row?.attendance_policy?.id ?? null,
      shift_id: row?.shift?.id ?? null,
      roster_id: row?.roster?.id ?? null,
      weekly_off_policy_id: row?.weekly_off_policy?.id ?? null,
      holiday_calendar_id: row?.holiday_calendar?.id ?? null,
      ...Object.fromEntries(
        APPROVAL_REQUEST_TYPES.map((t) => [
          `flow:${t}`,
          row?.approval_flows.find((a) => a.request_type === t)?.approval_flow_id ?? null,
        ]),
      ),
    } as Record<string, string | null>,
    MasterPolicyBodySchema,
    (v) => {
      const fields = Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith('flow:')));
      return {
        ...fields,
        name: (v.name ?? '').trim(),
        description: (v.description ?? '').trim(),
        // Only the chosen ones: a type left at "Company default" uses the company's default flow.
        approval_flows: APPROVAL_REQUEST_TYPES.flatMap((t) => {
          const id = v[`flow:${t}`];
          return id ? [{ request_type: t, approval_flow_id: id }] : [];
        }),
      };
    },
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  const pick = (k: keyof typeof options, label: string) => (
    <Select
      label={label}
      data={options[k].data ?? []}
      value={v[k] ?? null}
      onChange={(x) => set(k)(x)}
      error={e[k]}
      clearable
      placeholder={options[k].isPending ? 'Loading…' : 'None'}
    />
  );
  return (
    <form onSubmit={f.submit} noValidate>
      <Stack>
        {e._form && <Alert color="red">{e._form}</Alert>}
        <TextInput
          label="Name"
          value={v.name ?? ''}
          onChange={(x) => set('name')(x.currentTarget.value)}
          error={e.name}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label="Description"
          value={v.description ?? ''}
          onChange={(x) => set('description')(x.currentTarget.value)}
          error={e.description}
        />
        <Group grow>
          {pick('attendance_policy_id', 'Attendance policy')}
          {pick('shift_id', 'Shift')}
        </Group>
        <Group grow>
          {pick('roster_id', 'Roster (overrides the shift on its days)')}
          {pick('weekly_off_policy_id', 'Weekly-off policy')}
        </Group>
        {pick('holiday_calendar_id', 'Holiday calendar')}
        <Text size="sm" fw={600} mt="xs">
          Approval flow per request type
        </Text>
        {flows.isError ? (
          <Text size="sm" c="dimmed">
            The approval flows could not be loaded (viewing them needs the approval flow permission); each
            request type keeps its current flow.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {APPROVAL_REQUEST_TYPES.map((t) => (
              <Select
                key={t}
                label={enumLabel(t)}
                data={(flows.data ?? [])
                  .filter((fl) => fl.request_type === t)
                  .map((fl) => ({
                    value: fl.id,
                    label: fl.is_default ? `${fl.name} (company default)` : fl.name,
                  }))}
                value={v[`flow:${t}`] ?? null}
                onChange={(x) => set(`flow:${t}`)(x)}
                clearable
                placeholder={flows.isPending ? 'Loading…' : 'Company default'}
              />
            ))}
          </SimpleGrid>
        )}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save master policy
        </FormActions>
      </Stack>
    </form>
  );
}

function AssignForm({ masterPolicyId, onDone }: { masterPolicyId: string; onDone: () => void }) {
  const assign = useAssign();
  const employees = useEmployeeOptions();
  const divisions = useDivisionDropdown();
  const f = usePolicyForm(
    { target_kind: 'division', target_id: '', effective_from: '', effective_to: '' },
    AssignmentBodySchema,
    (v) => ({ ...v, effective_to: v.effective_to || null }),
    (body) => assign.mutateAsync({ masterPolicyId, body: body as object }),
    onDone,
  );
  const { values: v, set, errors: e } = f;
  const targets =
    v.target_kind === 'employee'
      ? (employees.data ?? [])
      : v.target_kind === 'division'
        ? (divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))
        : (divisions.data ?? []).flatMap((d) =>
            d.units.map((u) => ({ value: u.id, label: `${u.name} (${d.name})` })),
          );
  return (
    <form onSubmit={f.submit} noValidate aria-label="Assign this master policy">
      <Stack gap="xs">
        {e._form && <Alert color="red">{e._form}</Alert>}
        <Group grow align="flex-start">
          <Select
            label="Assign to"
            data={enumOptions(ASSIGNMENT_KINDS)}
            value={v.target_kind}
            onChange={(x) => {
              set('target_kind')(x ?? 'division');
              set('target_id')('');
            }}
            allowDeselect={false}
          />
          <Select
            label={enumLabel(v.target_kind)}
            data={targets}
            value={v.target_id || null}
            onChange={(x) => set('target_id')(x ?? '')}
            error={e.target_id}
            searchable
            withAsterisk
          />
        </Group>
        <Group grow align="flex-start">
          <DateField
            label="Effective from"
            value={v.effective_from}
            onChange={set('effective_from')}
            error={e.effective_from}
            required
          />
          <DateField
            label="Effective to (optional)"
            value={v.effective_to}
            onChange={set('effective_to')}
            error={e.effective_to}
          />
        </Group>
        <FormActions onCancel={onDone} loading={assign.isPending}>
          Assign
        </FormActions>
      </Stack>
    </form>
  );
}

function EndForm({ a, onDone }: { a: Assignment; onDone: () => void }) {
  const end = useEndAssignment();
  const [to, setTo] = useState(a.effective_to ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (!to) return setError('Enter the last day');
        try {
          await end.mutateAsync({ id: a.id, effective_to: to });
          onDone();
        } catch (err) {
          setError((err as Error).message);
        }
      }}
    >
      <Stack>
        <Text size="sm">
          {a.target_name} keeps {a.master_policy_name} until this day (inclusive).
        </Text>
        <DateField label="Last day" value={to} onChange={setTo} error={error} required data-autofocus />
        <FormActions onCancel={onDone} loading={end.isPending}>
          End assignment
        </FormActions>
      </Stack>
    </form>
  );
}

function Assignments({ policy, canEdit }: { policy: MasterPolicy; canEdit: boolean }) {
  const query = useAssignments(policy.id);
  const del = useDeleteAssignment();
  const [formKey, setFormKey] = useState(0);
  const [ending, setEnding] = useState<Assignment | null>(null);
  const rows = query.data ?? [];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        An employee assignment beats a unit's, a unit's beats a division's; anyone none reaches gets the
        company default.
      </Text>
      <ListState query={query} what="assignments" empty={rows.length === 0}>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`Assignments of ${policy.name}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assigned to</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                {canEdit && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Badge variant="light">{enumLabel(a.target_kind)}</Badge>
                      {a.target_name}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(a.effective_from)}</Table.Td>
                  <Table.Td>{a.effective_to ? formatDate(a.effective_to) : 'Open'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions
                        remove={{
                          label: `Delete the assignment to ${a.target_name}`,
                          title: 'Delete assignment',
                          message: `Delete the assignment to ${a.target_name} from ${formatDate(a.effective_from)}? Only one that has not started can be deleted.`,
                          onConfirm: () => del.mutate(a.id),
                        }}
                      >
                        <Tooltip label="End">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`End the assignment to ${a.target_name}`}
                            onClick={() => setEnding(a)}
                          >
                            <IconCalendarOff size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </RowActions>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {canEdit && (
        <AssignForm key={formKey} masterPolicyId={policy.id} onDone={() => setFormKey((k) => k + 1)} />
      )}
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title="End assignment">
        {ending && <EndForm a={ending} onDone={() => setEnding(null)} />}
      </Modal>
    </Stack>
  );
}

/** Admin setup-policies/master-policies: bundles and their effective-dated assignments. */
export function MasterPoliciesScreen() {
  const perms = useAppSelector(selectPermissions);
  const [openId, setOpenId] = useState<string | null>(null);
  const all = usePolicyList('master-policy', { records: 100 });
  const open = all.data?.items.find((m) => m.id === openId) ?? null;
  const ref = (r: { name: string } | null) => r?.name ?? '—';
  return (
    <>
      <PageHeader
        title="Master policies"
        description="A master policy bundles attendance rules, shift or roster, weekly offs and holidays, and is assigned to employees, units or divisions from a date."
      />
      <DefinitionList
        kind="master-policy"
        area="master_policies"
        noun="master policy"
        plural="master policies"
        columns={[
          {
            key: 'default',
            label: 'Default',
            cell: (r) => (r.is_default ? <Badge variant="light">Company default</Badge> : '—'),
          },
          { key: 'shift', label: 'Shift', cell: (r) => ref(r.roster ?? r.shift) },
          { key: 'weekly', label: 'Weekly offs', cell: (r) => ref(r.weekly_off_policy) },
          { key: 'holidays', label: 'Holidays', cell: (r) => ref(r.holiday_calendar) },
          { key: 'assignments', label: 'Assignments', cell: (r) => r.assignment_count },
        ]}
        form={(row, close) => <MasterForm row={row} onClose={close} />}
        extra={(r) => (
          <Tooltip label="Assignments">
            <ActionIcon
              variant="subtle"
              aria-label={`Assignments of ${r.name}`}
              onClick={() => setOpenId(r.id)}
            >
              <IconUsers size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpenId(null)}
        title={`Assignments: ${open?.name ?? ''}`}
        size="xl"
      >
        {open && <Assignments policy={open} canEdit={perms.includes('master_policies.edit')} />}
      </Modal>
    </>
  );
}
