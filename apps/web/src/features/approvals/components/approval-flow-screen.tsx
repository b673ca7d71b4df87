import {
  APPROVAL_REQUEST_TYPES,
  type ApprovalFlow,
  type ApprovalFlowInput,
  ApprovalFlowInputSchema,
  type ApprovalLevel,
  type ApprovalRequestType,
} from '@hr/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { EmptyRow, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatPaise } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useApprovalFlows,
  useDeleteApprovalFlow,
  useEmployeeDropdown,
  useReportingRoleOptions,
  useSaveApprovalFlow,
} from '../api/use-approval-flows';

const TYPE_LABELS: Record<ApprovalRequestType, string> = {
  profile_change: 'Profile change',
  leave: 'Leave',
  regularisation: 'Regularisation',
  expense: 'Reimbursement',
  resignation: 'Resignation',
  leave_encashment: 'Leave encashment',
};

type LevelDraft = {
  /** Stable React key while levels are added and removed. */
  key: number;
  approver_kind: ApprovalLevel['approver_kind'];
  reporting_role_id: string | null;
  approver_employee_ids: string[];
  rule: 'any' | 'all';
  /** Kept as they were (not edited on this screen yet). */
  sla_hours: number | null;
  escalate: boolean;
  /** "Only for amounts above" in rupees as typed ('' : always). */
  above_rupees: string;
};
type Draft = { name: string; request_type: ApprovalRequestType; is_default: boolean; levels: LevelDraft[] };

let nextKey = 1;
const newLevel = (): LevelDraft => ({
  key: nextKey++,
  approver_kind: 'reporting_role',
  reporting_role_id: null,
  approver_employee_ids: [],
  rule: 'any',
  sla_hours: null,
  escalate: false,
  above_rupees: '',
});

function draftOf(flow: ApprovalFlow | null): Draft {
  if (!flow) return { name: '', request_type: 'profile_change', is_default: true, levels: [newLevel()] };
  return {
    name: flow.name,
    request_type: flow.request_type,
    is_default: flow.is_default,
    levels: flow.levels.map((l) => ({
      key: nextKey++,
      approver_kind: l.approver_kind,
      reporting_role_id: l.reporting_role_id,
      approver_employee_ids: l.approver_employee_ids,
      rule: l.rule,
      sla_hours: l.sla_hours,
      escalate: l.escalate,
      above_rupees: l.min_amount_paise == null ? '' : String(l.min_amount_paise / 100),
    })),
  };
}

const KIND_LABELS: Record<ApprovalLevel['approver_kind'], string> = {
  reporting_role: 'By reporting role',
  employee: 'Named people',
  manager: "The requester's manager",
  administrators: 'Administrators',
};

/** Paise from the rupees typed ('' → null: the level always applies; not a number → NaN). */
const paiseOf = (rupees: string): number | null =>
  rupees.trim() === ''
    ? null
    : /^\d+(\.\d{1,2})?$/.test(rupees.trim())
      ? Math.round(Number(rupees) * 100)
      : Number.NaN;

function levelSummary(flow: ApprovalFlow): string {
  return flow.levels
    .map(
      (l) =>
        `${l.position}. ${
          l.approver_kind === 'reporting_role'
            ? (l.reporting_role_name ?? 'Reporting role')
            : l.approver_kind === 'employee'
              ? l.approvers.map((a) => a.name).join(', ')
              : KIND_LABELS[l.approver_kind]
        } (${l.rule === 'all' ? 'all' : 'any one'})${
          l.min_amount_paise == null ? '' : ` only above ${formatPaise(l.min_amount_paise)}`
        }`,
    )
    .join(' → ');
}

function FlowEditor({ flow, onClose }: { flow: ApprovalFlow | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(flow));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const roles = useReportingRoleOptions();
  const people = useEmployeeDropdown(search);
  const save = useSaveApprovalFlow();

  // Keep the names of people already chosen in the options while searching.
  const known = useMemo(() => {
    const m = new Map<string, string>();
    for (const l of flow?.levels ?? []) for (const a of l.approvers) m.set(a.id, a.name);
    for (const o of people.data ?? [])
      m.set(o.id, o.employee_code ? `${o.name} (${o.employee_code})` : o.name);
    return m;
  }, [flow, people.data]);
  const personOptions = [...known.entries()].map(([value, label]) => ({ value, label }));

  const setLevel = (i: number, patch: Partial<LevelDraft>) =>
    setDraft((d) => ({ ...d, levels: d.levels.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = {
      ...draft,
      levels: draft.levels.map((l) => ({
        approver_kind: l.approver_kind,
        ...(l.approver_kind === 'reporting_role' ? { reporting_role_id: l.reporting_role_id } : {}),
        ...(l.approver_kind === 'employee' ? { approver_employee_ids: l.approver_employee_ids } : {}),
        rule: l.rule,
        sla_hours: l.sla_hours,
        escalate: l.escalate,
        min_amount_paise: paiseOf(l.above_rupees),
      })),
    };
    const parsed = ApprovalFlowInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: flow?.id ?? null, input: parsed.data as ApprovalFlowInput });
      toastSuccess('Approval flow saved');
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path, x.message])));
        setFormError(err.message);
      }
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Approval flow" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setDraft((d) => ({ ...d, name }));
          }}
          error={errors.name}
          required
        />
        <Select
          label="Request type"
          data={APPROVAL_REQUEST_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          value={draft.request_type}
          onChange={(v) => v && setDraft((d) => ({ ...d, request_type: v as ApprovalRequestType }))}
          allowDeselect={false}
          disabled={!!flow}
          description={
            flow ? 'Fixed once the flow is created; create a new flow for another type' : undefined
          }
          error={errors.request_type}
        />
        <Checkbox
          label="Default flow for this request type"
          checked={draft.is_default}
          onChange={(e) => {
            const is_default = e.currentTarget.checked;
            setDraft((d) => ({ ...d, is_default }));
          }}
        />
        {draft.levels.map((l, i) => (
          <Card key={l.key} withBorder radius="sm" aria-label={`Level ${i + 1}`}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>Level {i + 1}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove level ${i + 1}`}
                disabled={draft.levels.length === 1}
                onClick={() => setDraft((d) => ({ ...d, levels: d.levels.filter((_, j) => j !== i) }))}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
            <Group grow align="flex-start">
              <Select
                label={`Approver of level ${i + 1}`}
                data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
                value={l.approver_kind}
                onChange={(v) => v && setLevel(i, { approver_kind: v as LevelDraft['approver_kind'] })}
                allowDeselect={false}
              />
              <Select
                label={`Rule of level ${i + 1}`}
                data={[
                  { value: 'any', label: 'Any one approves' },
                  { value: 'all', label: 'All must approve' },
                ]}
                value={l.rule}
                onChange={(v) => v && setLevel(i, { rule: v as LevelDraft['rule'] })}
                allowDeselect={false}
              />
            </Group>
            {l.approver_kind === 'reporting_role' ? (
              <Select
                mt="xs"
                label={`Reporting role of level ${i + 1}`}
                placeholder={roles.isError ? 'Reporting roles unavailable' : 'Choose a role'}
                data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                value={l.reporting_role_id}
                onChange={(v) => setLevel(i, { reporting_role_id: v })}
                error={errors[`levels.${i}.reporting_role_id`]}
                nothingFoundMessage="No reporting roles yet"
              />
            ) : l.approver_kind === 'employee' ? (
              <MultiSelect
                mt="xs"
                label={`Approvers of level ${i + 1}`}
                placeholder="Search people"
                searchable
                onSearchChange={setSearch}
                data={personOptions}
                value={l.approver_employee_ids}
                onChange={(v) => setLevel(i, { approver_employee_ids: v })}
                error={errors[`levels.${i}.approver_employee_ids`]}
                nothingFoundMessage="Nobody found"
              />
            ) : null}
            <TextInput
              mt="xs"
              label={`Only for amounts above (₹), level ${i + 1}`}
              description="Leave empty: the level always applies. Reimbursements: e.g. 10000 adds this level to larger claims."
              inputMode="decimal"
              value={l.above_rupees}
              onChange={(e) => setLevel(i, { above_rupees: e.currentTarget.value })}
              error={errors[`levels.${i}.min_amount_paise`]}
            />
          </Card>
        ))}
        {errors.levels && (
          <Text c="red" size="sm">
            {errors.levels}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDraft((d) => ({ ...d, levels: [...d.levels, newLevel()] }))}
            disabled={draft.levels.length >= 10}
          >
            Add level
          </Button>
        </Group>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save flow
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin: approval flows per request type, each with ordered levels. */
export function ApprovalFlowScreen() {
  const flows = useApprovalFlows();
  const remove = useDeleteApprovalFlow();
  const permissions = useAppSelector(selectPermissions) ?? [];
  const can = (p: string) => permissions.includes(p);
  const [editing, setEditing] = useState<ApprovalFlow | 'new' | null>(null);

  const onDelete = async (flow: ApprovalFlow) => {
    const ok = await confirm({
      title: 'Delete approval flow?',
      message: `“${flow.name}” will be removed. Pending requests keep the approvers they already have.`,
      acceptLabel: 'Delete',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await remove.mutateAsync(flow.id);
    toastSuccess('Approval flow deleted');
  };

  return (
    <>
      <PageHeader
        title="Approval flow"
        description="Who approves each kind of request, level by level. Without a default flow, the requester's manager approves."
        actions={
          can('approval_flow.add') ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
              New flow
            </Button>
          ) : undefined
        }
      />
      {flows.isPending ? (
        <PageLoader label="Loading approval flows…" />
      ) : flows.isError ? (
        <LoadError what="approval flows" onRetry={flows.refetch} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Approval flows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Request type</Table.Th>
                  <Table.Th scope="col">Levels</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flows.data.length === 0 ? (
                  <EmptyRow colSpan={4}>No approval flows yet.</EmptyRow>
                ) : (
                  flows.data.map((f) => (
                    <Table.Tr key={f.id}>
                      <Table.Td>
                        {f.name}{' '}
                        {f.is_default && (
                          <Badge variant="light" size="sm">
                            default
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{TYPE_LABELS[f.request_type]}</Table.Td>
                      <Table.Td>{levelSummary(f)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {can('approval_flow.edit') && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => setEditing(f)}
                              aria-label={`Edit ${f.name}`}
                            >
                              Edit
                            </Button>
                          )}
                          {can('approval_flow.delete') && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => void onDelete(f)}
                              aria-label={`Delete ${f.name}`}
                            >
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New approval flow' : 'Edit approval flow'}
        size="lg"
      >
        {editing !== null && (
          <FlowEditor flow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
