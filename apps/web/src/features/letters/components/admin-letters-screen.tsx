import {
  type AdminLetterListQuery,
  AdminLetterListQuerySchema,
  LETTER_MAX_BYTES,
  LETTER_TYPE_LABELS,
  LETTER_TYPES,
  type Letter,
  type LetterType,
  LetterUploadFieldsSchema,
} from '@hr/contract';
import { Button, FileInput, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useEmployeeOptions } from '../../org/api/org-api';
import { useAllLetters, useIssueLetter } from '../api/letters-api';
import { DownloadLetterButton, LetterStatusBadge, letterTypeLabel, STATUS_OPTIONS } from './letter-parts';
import { LetterTemplatesSection } from './letter-templates-section';

const TYPE_OPTIONS = LETTER_TYPES.map((t) => ({ value: t, label: LETTER_TYPE_LABELS[t] }));

function IssueForm({ onClose }: { onClose: () => void }) {
  const employees = useEmployeeOptions();
  const issue = useIssueLetter();
  const timeZone = useCompanyTimeZone();
  const [f, setF] = useState({
    employee_id: '',
    letter_type: 'appointment' as LetterType,
    title: '',
    issue_date: todayIn(timeZone),
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = { ...f, title: f.title.trim() };
    const found = formErrors(LetterUploadFieldsSchema, fields);
    if (!f.employee_id) found.employee_id = 'Choose an employee';
    if (!file) found.file = 'Choose the letter (PDF)';
    else if (file.size > LETTER_MAX_BYTES) found.file = 'The letter must be 5 MiB or smaller';
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    try {
      await issue.mutateAsync({ ...fields, file });
      toastSuccess('Letter issued');
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const server = serverFieldErrors(err.errors);
        setErrors(Object.keys(server).length ? server : { file: err.message });
      }
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Employee"
          data={employees.data ?? []}
          value={f.employee_id || null}
          onChange={(v) => setF({ ...f, employee_id: v ?? '' })}
          searchable
          nothingFoundMessage="Nobody matches"
          withAsterisk
          error={errors.employee_id ?? (employees.isError ? 'Could not load the employees' : undefined)}
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
          label="Title"
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.currentTarget.value })}
          withAsterisk
          maxLength={200}
          error={errors.title}
        />
        <DateField
          label="Issue date"
          value={f.issue_date}
          onChange={(v) => setF({ ...f, issue_date: v })}
          withAsterisk
          error={errors.issue_date}
        />
        <FileInput
          label="Letter (PDF, up to 5 MiB)"
          placeholder="Choose a PDF"
          accept="application/pdf"
          value={file}
          onChange={setFile}
          clearable
          withAsterisk
          error={errors.file}
        />
        <FormActions onCancel={onClose} loading={issue.isPending}>
          Issue letter
        </FormActions>
      </Stack>
    </form>
  );
}

const ADMIN_LIST = specFromContract<AdminLetterListQuery['sortBy'], 'search_term' | 'status'>(
  AdminLetterListQuerySchema,
  { filters: ['search_term', 'status'] },
);

/** Admin utility/letters: upload a letter for one employee, and follow the answers. */
export function AdminLettersScreen() {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(ADMIN_LIST);
  const query = useAllLetters(list.params as Parameters<typeof useAllLetters>[0]);
  const [issuing, setIssuing] = useState(false);
  const columns: Column<Letter, AdminLetterListQuery['sortBy']>[] = [
    {
      key: 'employee',
      label: 'Employee',
      cell: (l) => (
        <>
          {l.employee_name}
          <Text size="xs" c="dimmed">
            {l.employee_code}
          </Text>
        </>
      ),
    },
    { key: 'type', label: 'Type', cell: letterTypeLabel },
    { key: 'title', label: 'Title', sort: 'title', cell: (l) => l.title },
    { key: 'issued', label: 'Issued on', sort: 'issue_date', cell: (l) => formatDate(l.issue_date) },
    {
      key: 'status',
      label: 'Status',
      cell: (l) => (
        <>
          <LetterStatusBadge status={l.status} />
          {l.responded_at && (
            <Text size="xs" c="dimmed">
              {formatDateTime(l.responded_at, timeZone)}
              {l.reject_reason ? ` · ${l.reject_reason}` : ''}
            </Text>
          )}
        </>
      ),
    },
    { key: 'actions', label: 'Actions', hideLabel: true, cell: (l) => <DownloadLetterButton letter={l} /> },
  ];
  return (
    <>
      <PageHeader
        title="Letters"
        description="Upload a letter for one employee, or generate letters from a template; they accept or reject them from their Letters page."
        actions={<Button onClick={() => setIssuing(true)}>Upload letter</Button>}
      />
      <LetterTemplatesSection />
      <ListSearch
        list={list}
        field="search_term"
        label="Search letters"
        fieldLabel="Search"
        placeholder="Employee, title or type"
      >
        <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} w={130} />
      </ListSearch>
      <DataTable
        label="Issued letters"
        noun="letters"
        columns={columns}
        rowKey={(l) => l.id}
        query={query}
        list={list}
        emptyText="No letters issued yet."
      />
      <Modal opened={issuing} onClose={() => setIssuing(false)} title="Upload letter">
        {issuing && <IssueForm onClose={() => setIssuing(false)} />}
      </Modal>
    </>
  );
}
