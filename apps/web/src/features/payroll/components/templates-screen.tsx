import {
  type BreakupPreviewBody,
  EARNING_VALUE_TYPES,
  SalaryTemplateBodySchema,
  type SalaryTemplateSummary,
  type TemplateLineBody,
} from '@hr/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  useListParams,
} from '../../../components/data-table';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { RowActions } from '../../../components/ui/row-actions';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatPaise } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import {
  useBenefits,
  useBreakupPreview,
  useDeleteTemplate,
  useFixedEarnings,
  useSaveTemplate,
  useTemplate,
  useTemplates,
  useTemplateToggle,
} from '../api/payroll-api';
import { BreakupTable } from './breakup-table';
import { toPaise } from './payroll-format';
import { WhatIfPanel } from './what-if-panel';

const BASE = '/payroll/settings/salary-templates';
const LIST = {
  sortFields: ['name'] as const,
  defaultSort: 'name' as const,
  filters: ['search', 'active'] as const,
};
const VALUE_TYPE_LABEL: Record<(typeof EARNING_VALUE_TYPES)[number], string> = {
  fixed_amount: 'Fixed amount',
  percentage_of_basic: 'Percentage of basic',
  percentage_of_ctc: 'Percentage of CTC',
  balancing: 'Balance of CTC',
};

/** settings/salary-templates: the company's salary templates. */
export function TemplatesScreen() {
  const navigate = useNavigate();
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const list = useListParams(LIST);
  const { page, records, search, active } = list.params;
  const query = useTemplates({ page, records, search, active });
  const toggle = useTemplateToggle();
  const del = useDeleteTemplate();
  const columns: Column<SalaryTemplateSummary, 'name'>[] = [
    { key: 'name', label: 'Name', cell: (t) => t.name },
    { key: 'ctc', label: 'Annual CTC', cell: (t) => formatPaise(t.annual_ctc_paise) },
    { key: 'employees', label: 'Salaries from it', cell: (t) => t.employee_count },
    {
      key: 'active',
      label: 'Status',
      cell: (t) => (
        <Switch
          checked={t.active}
          disabled={!canEdit || toggle.isPending}
          aria-label={`${t.name} active`}
          label={t.active ? 'Active' : 'Inactive'}
          onChange={(e) => toggle.mutate({ id: t.id, active: e.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (t) => (
        <RowActions
          edit={{ label: `Open ${t.name}`, onClick: () => navigate(`${BASE}/${t.id}/edit`) }}
          remove={
            canEdit &&
            t.employee_count === 0 && {
              label: `Delete ${t.name}`,
              title: 'Delete salary template',
              message: `Delete the salary template "${t.name}"?`,
              onConfirm: () => del.mutate(t.id),
            }
          }
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Salary templates"
        description="A template splits an annual CTC into salary components; the special allowance balances it."
        actions={canEdit && <Button onClick={() => navigate(`${BASE}/new`)}>Create template</Button>}
      />
      <ListSearch list={list} field="search" label="Search templates" fieldLabel="Search templates by name">
        <FilterSelect
          list={list}
          field="active"
          label="Status"
          data={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
        />
      </ListSearch>
      <DataTable
        label="Salary templates"
        noun="salary templates"
        columns={columns}
        rowKey={(t) => t.id}
        query={query}
        list={list}
        minWidth={700}
      />
    </>
  );
}

type LineState = { key: string; component: string; value_type: string; amount: string; percent: string };
let lineSeq = 0;
const newKey = () => `l${++lineSeq}`;

function toLineBody(l: LineState): TemplateLineBody {
  const [kind, id] = l.component.split(':');
  return {
    ...(kind === 'benefit' ? { benefit_id: id } : { earning_id: id }),
    value_type: l.value_type as TemplateLineBody['value_type'],
    amount_paise: l.value_type === 'fixed_amount' ? toPaise(l.amount) : null,
    percent: l.value_type.startsWith('percentage_') && l.percent !== '' ? Number(l.percent) : null,
  };
}

/**
 * The lines editor and the live breakup of a template, used for a new template, an existing one,
 * and an employee's salary line by line.
 */
export function useLinesEditor(initial: LineState[] | null) {
  const earnings = useFixedEarnings();
  const canBenefits = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const benefits = useBenefits({ page: 1, records: 100, active: 'true' }, canBenefits);
  const [lines, setLines] = useState<LineState[]>([]);
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (seeded) return;
    if (initial) {
      setLines(initial);
      setSeeded(true);
    } else if (earnings.data) {
      // A new template starts from every active earning at its own calculation.
      setLines(
        earnings.data.map((e) => ({
          key: newKey(),
          component: `earning:${e.id}`,
          value_type: e.value_type,
          amount: e.amount_paise === null ? '' : String(e.amount_paise / 100),
          percent: e.percent === null ? '' : String(e.percent),
        })),
      );
      setSeeded(true);
    }
  }, [initial, earnings.data, seeded]);
  const options = [
    ...(earnings.data ?? []).map((e) => ({ value: `earning:${e.id}`, label: e.name, kind: e.kind })),
    ...(benefits.data?.items ?? []).map((b) => ({
      value: `benefit:${b.id}`,
      label: `${b.name} (benefit)`,
      kind: 'benefit',
    })),
  ];
  return { lines, setLines, options, ready: seeded };
}

export function LinesEditor({
  editor,
  errors,
  disabled,
}: {
  editor: ReturnType<typeof useLinesEditor>;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { lines, setLines, options } = editor;
  const update = (key: string, patch: Partial<LineState>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const used = new Set(lines.map((l) => l.component));
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>Lines</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Component</Table.Th>
              <Table.Th scope="col">Calculation</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => {
              const opt = options.find((o) => o.value === l.component);
              const name = opt?.label ?? `Line ${i + 1}`;
              const balancing = opt?.kind === 'special_allowance';
              return (
                <Table.Tr key={l.key}>
                  <Table.Td>
                    <Select
                      aria-label={`Component of line ${i + 1}`}
                      data={options.filter((o) => o.value === l.component || !used.has(o.value))}
                      value={l.component}
                      disabled={disabled}
                      onChange={(v) => {
                        if (!v) return;
                        const kind = options.find((o) => o.value === v)?.kind;
                        update(l.key, {
                          component: v,
                          value_type:
                            kind === 'special_allowance'
                              ? 'balancing'
                              : l.value_type === 'balancing'
                                ? 'fixed_amount'
                                : l.value_type,
                        });
                      }}
                      error={errors[`lines.${i}.earning_id`] ?? errors[`lines.${i}.benefit_id`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    {balancing ? (
                      <Text size="sm">Balance of CTC</Text>
                    ) : (
                      <Select
                        aria-label={`Calculation of ${name}`}
                        data={EARNING_VALUE_TYPES.filter((v) => v !== 'balancing').map((v) => ({
                          value: v,
                          label: VALUE_TYPE_LABEL[v],
                        }))}
                        value={l.value_type}
                        disabled={disabled}
                        onChange={(v) => v && update(l.key, { value_type: v })}
                        error={errors[`lines.${i}.value_type`]}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {l.value_type === 'fixed_amount' && (
                      <NumberInput
                        aria-label={`Monthly amount of ${name} (₹)`}
                        min={0}
                        decimalScale={2}
                        thousandSeparator=","
                        thousandsGroupStyle="lakh"
                        prefix="₹"
                        value={l.amount}
                        disabled={disabled}
                        onChange={(v) => update(l.key, { amount: String(v) })}
                        error={errors[`lines.${i}.amount_paise`]}
                      />
                    )}
                    {l.value_type.startsWith('percentage_') && (
                      <NumberInput
                        aria-label={`Percentage of ${name}`}
                        min={0}
                        max={100}
                        decimalScale={2}
                        suffix="%"
                        value={l.percent}
                        disabled={disabled}
                        onChange={(v) => update(l.key, { percent: String(v) })}
                        error={errors[`lines.${i}.percent`]}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!disabled && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${name}`}
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.lines && (
        <Text c="red.8" size="sm" role="alert">
          {errors.lines}
        </Text>
      )}
      {!disabled && options.some((o) => !used.has(o.value)) && (
        <Group>
          <Button
            variant="light"
            onClick={() => {
              const next = options.find((o) => !used.has(o.value))!;
              setLines((ls) => [
                ...ls,
                {
                  key: newKey(),
                  component: next.value,
                  value_type: next.kind === 'special_allowance' ? 'balancing' : 'fixed_amount',
                  amount: '',
                  percent: '',
                },
              ]);
            }}
          >
            Add line
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The preview body for the lines, when they are complete enough to ask the API. */
export function previewBody(annualRupees: string, lines: LineState[]): BreakupPreviewBody | null {
  const annual = toPaise(annualRupees);
  if (!annual || lines.length === 0) return null;
  return { annual_ctc_paise: annual, lines: lines.map(toLineBody) };
}

export function LiveBreakup({ preview }: { preview: BreakupPreviewBody | null }) {
  const [debounced] = useDebouncedValue(preview, 300);
  const q = useBreakupPreview(debounced);
  if (!debounced) return <Text c="dimmed">Enter the annual CTC and the lines to see the breakup.</Text>;
  if (q.error) {
    const err = q.error as ApiError;
    return (
      <Alert color="orange" title="The breakup cannot be worked out yet" role="alert">
        {err.errors?.length ? err.errors.map((e) => `${e.path}: ${e.message}`).join('; ') : err.message}
      </Alert>
    );
  }
  if (!q.data) return <PageLoader label="Working out the breakup…" />;
  return <BreakupTable breakup={q.data} caption="CTC breakup" />;
}

/** settings/salary-templates/new and /{salary_template_id}/edit, with the live CTC breakup. */
export function TemplateEditorScreen() {
  const { salary_template_id: id } = useParams();
  const navigate = useNavigate();
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const existing = useTemplate(id);
  const save = useSaveTemplate();
  const [f, setF] = useState({ name: '', description: '', annual: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const initial = useMemo(
    () =>
      existing.data
        ? existing.data.lines.map((l) => ({
            key: newKey(),
            component: l.earning_id ? `earning:${l.earning_id}` : `benefit:${l.benefit_id}`,
            value_type: l.value_type,
            amount: l.amount_paise === null ? '' : String(l.amount_paise / 100),
            percent: l.percent === null ? '' : String(l.percent),
          }))
        : null,
    [existing.data],
  );
  const editor = useLinesEditor(id ? initial : null);
  useEffect(() => {
    const t = existing.data;
    if (t) setF({ name: t.name, description: t.description, annual: String(t.annual_ctc_paise / 100) });
  }, [existing.data]);
  const preview = previewBody(f.annual, editor.lines);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name.trim(),
      description: f.description.trim() || undefined,
      annual_ctc_paise: toPaise(f.annual),
      lines: editor.lines.map(toLineBody),
      active: existing.data?.active ?? true,
    };
    const found = formErrors(SalaryTemplateBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await save.mutateAsync({ id, body: SalaryTemplateBodySchema.parse(body) });
      if (!id) navigate(`${BASE}/${saved.data.id}/edit`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };

  if (id && existing.isLoading) {
    return (
      <>
        <PageHeader title="Salary template" />
        <PageLoader />
      </>
    );
  }
  if (id && existing.error) {
    return (
      <>
        <PageHeader title="Salary template" />
        <LoadError what="the salary template" message={existing.error.message} onRetry={existing.refetch} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={id ? (canEdit ? 'Edit salary template' : 'Salary template') : 'Create salary template'}
        description="The breakup follows the form: each line monthly and annually, and the employer's contributions the company counts in CTC."
      />
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <div>
            <Paper withBorder p="md">
              <Stack>
                <TextInput
                  label="Template name"
                  withAsterisk
                  value={f.name}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
                  error={errors.name}
                  maxLength={100}
                />
                <TextInput
                  label="Description"
                  value={f.description}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, description: e.currentTarget.value })}
                  error={errors.description}
                  maxLength={500}
                />
                <NumberInput
                  label="Annual CTC (₹)"
                  withAsterisk
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  value={f.annual}
                  disabled={!canEdit}
                  onChange={(v) => setF({ ...f, annual: String(v) })}
                  error={errors.annual_ctc_paise}
                />
                {editor.ready ? (
                  <LinesEditor editor={editor} errors={errors} disabled={!canEdit} />
                ) : (
                  <PageLoader label="Loading components…" />
                )}
                {canEdit && (
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => navigate(BASE)}>
                      Back to templates
                    </Button>
                    <Button type="submit" loading={save.isPending}>
                      Save template
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          </div>
          <div>
            <Stack>
              <Paper withBorder p="md" aria-live="polite">
                <LiveBreakup preview={preview} />
              </Paper>
              <WhatIfPanel salary={preview} />
            </Stack>
          </div>
        </SimpleGrid>
      </form>
    </>
  );
}
