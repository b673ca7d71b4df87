import {
  LETTER_GENERATE_MAX,
  LETTER_MERGE_FIELD_HELP,
  LETTER_MERGE_FIELDS,
  LETTER_TYPE_LABELS,
  LETTER_TYPES,
  LetterGenerateInputSchema,
  type LetterTemplate,
  type LetterTemplateInput,
  LetterTemplateInputSchema,
  type LetterType,
} from '@hr/contract';
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { RowActions } from '../../../components/ui/row-actions';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useEmployeeOptions } from '../../org/api/org-api';
import {
  useDeleteLetterTemplate,
  useGenerateLetters,
  useLetterPreview,
  useLetterTemplates,
  useSaveLetterTemplate,
} from '../api/letters-api';

const TYPE_OPTIONS = LETTER_TYPES.map((t) => ({ value: t, label: LETTER_TYPE_LABELS[t] }));

function errorsOf(err: unknown, fallback: string): Record<string, string> {
  if (!(err instanceof ApiError)) return { form: 'Something went wrong' };
  const server = serverFieldErrors(err.errors);
  return Object.keys(server).length ? server : { [fallback]: err.message };
}

function Preview({ title, body }: { title: string; body: string }) {
  const employees = useEmployeeOptions();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue({ title, body }, 400);
  const preview = useLetterPreview(employeeId ? { ...debounced, employee_id: employeeId } : null);
  return (
    <Stack gap="xs">
      <Select
        label="Preview for"
        placeholder="Choose an employee"
        data={employees.data ?? []}
        value={employeeId}
        onChange={setEmployeeId}
        searchable
        nothingFoundMessage="Nobody matches"
      />
      {preview.isFetching && <Loader size="xs" aria-label="Rendering the preview" />}
      {preview.isError && (
        <Text c="red" size="sm" role="alert">
          {preview.error instanceof ApiError ? preview.error.message : 'Could not render the preview'}
        </Text>
      )}
      {preview.data && (
        <Paper withBorder p="sm" aria-label="Letter preview">
          <Text fw={600}>{preview.data.title}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {preview.data.body}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

function TemplateForm({ template, onClose }: { template: LetterTemplate | null; onClose: () => void }) {
  const save = useSaveLetterTemplate();
  const [f, setF] = useState<LetterTemplateInput>({
    name: template?.name ?? '',
    letter_type: template?.letter_type ?? 'appointment',
    title: template?.title ?? '',
    body: template?.body ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = formErrors(LetterTemplateInputSchema, f);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: template?.id, body: f });
      toastSuccess('Template saved');
      onClose();
    } catch (err) {
      setErrors(errorsOf(err, 'name'));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <TextInput
            label="Template name"
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            withAsterisk
            maxLength={120}
            error={errors.name}
            data-autofocus
          />
          <Select
            label="Letter type"
            data={TYPE_OPTIONS}
            value={f.letter_type}
            onChange={(v) => v && setF({ ...f, letter_type: v as LetterType })}
            allowDeselect={false}
            error={errors.letter_type}
          />
          <TextInput
            label="Letter title"
            value={f.title}
            onChange={(e) => setF({ ...f, title: e.currentTarget.value })}
            withAsterisk
            maxLength={200}
            error={errors.title}
          />
          <Textarea
            label="Body"
            description="Leave a blank line between paragraphs."
            value={f.body}
            onChange={(e) => setF({ ...f, body: e.currentTarget.value })}
            withAsterisk
            autosize
            minRows={8}
            error={errors.body}
          />
          {errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <FormActions onCancel={onClose} loading={save.isPending}>
            Save template
          </FormActions>
        </Stack>
        <Stack>
          <div>
            <Text size="sm" fw={500}>
              Merge fields
            </Text>
            <Table fz="xs" aria-label="Merge fields">
              <Table.Tbody>
                {LETTER_MERGE_FIELDS.map((m) => (
                  <Table.Tr key={m}>
                    <Table.Td>
                      <Code>{`{{${m}}}`}</Code>
                    </Table.Td>
                    <Table.Td>{LETTER_MERGE_FIELD_HELP[m]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Preview title={f.title} body={f.body} />
        </Stack>
      </SimpleGrid>
    </form>
  );
}

type GenerateSummary = { created: number; names: string[]; again: boolean };

function GenerateForm({ templates, onClose }: { templates: LetterTemplate[]; onClose: () => void }) {
  const timeZone = useCompanyTimeZone();
  const employees = useEmployeeOptions();
  const generate = useGenerateLetters();
  // One key per opened form: a retried submit returns the first call's letters.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [f, setF] = useState({
    template_id: '',
    employee_ids: [] as string[],
    issue_date: todayIn(timeZone),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<GenerateSummary | null>(null);
  const usesCtc = templates.find((t) => t.id === f.template_id)?.fields.includes('ctc') ?? false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...f };
    const found = formErrors(LetterGenerateInputSchema, body);
    if (!f.template_id) found.template_id = 'Choose a template';
    if (!f.employee_ids.length) found.employee_ids = 'Choose at least one employee';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const res = await generate.mutateAsync({ body, idempotencyKey });
      setSummary({
        created: res.data.letters.length,
        names: res.data.letters.map((l) => l.employee_name),
        again: res.data.created === 0,
      });
      toastSuccess(res.message);
    } catch (err) {
      setErrors(errorsOf(err, 'employee_ids'));
    }
  };
  if (summary) {
    return (
      <Stack>
        <Alert color="green" title={summary.again ? 'Already generated' : 'Letters generated'}>
          {summary.created} letter{summary.created === 1 ? '' : 's'} issued, pending the employees' answers:{' '}
          {summary.names.join(', ')}.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Template"
          data={templates.map((t) => ({ value: t.id, label: t.name }))}
          value={f.template_id || null}
          onChange={(v) => setF({ ...f, template_id: v ?? '' })}
          withAsterisk
          error={errors.template_id}
          data-autofocus
        />
        <MultiSelect
          label="Employees"
          description={`Up to ${LETTER_GENERATE_MAX}`}
          data={employees.data ?? []}
          value={f.employee_ids}
          onChange={(v) => setF({ ...f, employee_ids: v })}
          searchable
          maxValues={LETTER_GENERATE_MAX}
          nothingFoundMessage="Nobody matches"
          withAsterisk
          error={errors.employee_ids ?? (employees.isError ? 'Could not load the employees' : undefined)}
        />
        <DateField
          label="Issue date"
          value={f.issue_date}
          onChange={(v) => setF({ ...f, issue_date: v })}
          withAsterisk
          error={errors.issue_date}
        />
        {usesCtc && (
          <Text size="sm" c="dimmed">
            {'{{ctc}}'} is each employee's own annual CTC in force on the issue date. Employees without a
            salary by then stop the whole batch: nothing is generated until they have one or are left out.
          </Text>
        )}
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <FormActions onCancel={onClose} loading={generate.isPending}>
          Generate letters
        </FormActions>
      </Stack>
    </form>
  );
}

/** Templates with merge fields, and letters generated from one for chosen employees. */
export function LetterTemplatesSection() {
  const templates = useLetterTemplates();
  const remove = useDeleteLetterTemplate();
  const [editing, setEditing] = useState<LetterTemplate | 'new' | null>(null);
  const [generating, setGenerating] = useState(false);
  const list = templates.data ?? [];
  return (
    <Stack gap="sm" mb="xl">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Templates
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setEditing('new')}>
            New template
          </Button>
          <Button onClick={() => setGenerating(true)} disabled={list.length === 0}>
            Generate letters
          </Button>
        </Group>
      </Group>
      {templates.isLoading && <Loader size="sm" aria-label="Loading templates" />}
      {templates.isError && (
        <Text c="red" role="alert">
          Could not load the templates.
        </Text>
      )}
      {templates.isSuccess && list.length === 0 && (
        <Text c="dimmed">No templates yet: create one to generate letters with merge fields.</Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label="Letter templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td>{LETTER_TYPE_LABELS[t.letter_type]}</Table.Td>
                  <Table.Td>{t.title}</Table.Td>
                  <Table.Td>
                    <RowActions
                      edit={{ label: `Edit template ${t.name}`, onClick: () => setEditing(t) }}
                      remove={{
                        label: `Delete template ${t.name}`,
                        title: 'Delete template',
                        message: `Delete the template "${t.name}"? Letters already generated stay.`,
                        onConfirm: () =>
                          remove.mutate(t.id, { onSuccess: () => toastSuccess('Template deleted') }),
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New template' : 'Edit template'}
        size="xl"
      >
        {editing !== null && (
          <TemplateForm template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
      <Modal opened={generating} onClose={() => setGenerating(false)} title="Generate letters">
        {generating && <GenerateForm templates={list} onClose={() => setGenerating(false)} />}
      </Modal>
    </Stack>
  );
}
