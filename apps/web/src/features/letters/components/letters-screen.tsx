import {
  type Letter,
  type LetterListQuery,
  LetterListQuerySchema,
  LetterRejectInputSchema,
} from '@hr/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useMyLetters, useRespondToLetter } from '../api/letters-api';
import {
  DownloadLetterButton,
  LetterStatusBadge,
  letterTypeLabel,
  MONTH_OPTIONS,
  STATUS_OPTIONS,
  yearOptions,
} from './letter-parts';

function RejectForm({ letter, onClose }: { letter: Letter; onClose: () => void }) {
  const respond = useRespondToLetter();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = formErrors(LetterRejectInputSchema, { reason: reason.trim() });
    setError(found.reason);
    if (found.reason) return;
    const ok = await confirm({
      title: 'Reject this letter?',
      message: `You can answer "${letter.title}" only once; HR will see your reason.`,
      acceptLabel: 'Reject letter',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    try {
      await respond.mutateAsync({ id: letter.id, accept: false, reason: reason.trim() });
      toastSuccess('Letter rejected');
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(serverFieldErrors(err.errors).reason ?? err.message);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          withAsterisk
          maxLength={1000}
          minRows={3}
          autosize
          error={error}
          data-autofocus
        />
        <FormActions onCancel={onClose} loading={respond.isPending}>
          Reject letter
        </FormActions>
      </Stack>
    </form>
  );
}

const LETTER_LIST = specFromContract<LetterListQuery['sortBy'], 'search_term' | 'status' | 'year' | 'month'>(
  LetterListQuerySchema,
  { filters: ['search_term', 'status', 'year', 'month'] },
);

/** User documents/letter: letters HR issued to me, to download and accept or reject once. */
export function LettersScreen() {
  const timeZone = useCompanyTimeZone();
  const list = useListParams(LETTER_LIST);
  const query = useMyLetters(list.params as Parameters<typeof useMyLetters>[0]);
  const respond = useRespondToLetter();
  const [rejecting, setRejecting] = useState<Letter | null>(null);

  const accept = async (l: Letter) => {
    const ok = await confirm({
      title: 'Accept this letter?',
      message: `You can answer "${l.title}" only once.`,
      acceptLabel: 'Accept letter',
      centered: true,
    });
    if (!ok) return;
    await respond.mutateAsync({ id: l.id, accept: true });
    toastSuccess('Letter accepted');
  };

  const columns: Column<Letter, LetterListQuery['sortBy']>[] = [
    { key: 'issued', label: 'Issued on', sort: 'issue_date', cell: (l) => formatDate(l.issue_date) },
    { key: 'type', label: 'Type', cell: letterTypeLabel },
    { key: 'title', label: 'Title', sort: 'title', cell: (l) => l.title },
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
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (l) => (
        <Group gap="xs" wrap="nowrap">
          <DownloadLetterButton letter={l} />
          {l.abilities.accept && (
            <Button size="xs" color="green" onClick={() => void accept(l)} aria-label={`Accept ${l.title}`}>
              Accept
            </Button>
          )}
          {l.abilities.reject && (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => setRejecting(l)}
              aria-label={`Reject ${l.title}`}
            >
              Reject
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Letters"
        description="Letters HR has issued to you. Accept or reject each one once."
      />
      <ListSearch
        list={list}
        field="search_term"
        label="Search letters"
        fieldLabel="Search"
        placeholder="Title or type"
      >
        <FilterSelect list={list} field="year" label="Year" data={yearOptions()} w={110} />
        <FilterSelect list={list} field="month" label="Month" data={MONTH_OPTIONS} w={110} />
        <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} w={130} />
      </ListSearch>
      <DataTable
        label="Your letters"
        noun="letters"
        columns={columns}
        rowKey={(l) => l.id}
        query={query}
        list={list}
        emptyText="No letters yet."
      />
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title="Reject letter">
        {rejecting && <RejectForm letter={rejecting} onClose={() => setRejecting(null)} />}
      </Modal>
    </>
  );
}
