import { DOCUMENT_MAX_BYTES, type EmployeeDocument } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toasts';
import { downloadDocument, useDeleteDocument, useDocuments, useUploadDocument } from '../api/files-api';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

function UploadForm({ employeeId }: { employeeId: string }) {
  const upload = useUploadDocument(employeeId);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Enter a title';
    if (!file) next.file = 'Choose a file';
    else if (file.size > DOCUMENT_MAX_BYTES) next.file = 'The file is larger than 5 MiB';
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    try {
      await upload.mutateAsync({ title: title.trim(), file });
      toastSuccess('Document uploaded');
      setTitle('');
      setFile(null);
    } catch (err) {
      if (err instanceof ApiError) {
        const fieldErrors: Record<string, string> = {};
        for (const fe of err.errors) fieldErrors[fe.path] = fe.message;
        if (err.status === 413 || err.status === 415) fieldErrors.file = err.message;
        setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { _: err.message });
      } else {
        setErrors({ _: 'The upload failed' });
      }
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload document">
      <Stack gap="sm">
        {errors._ && <Alert color="red">{errors._}</Alert>}
        <Group align="flex-start" grow>
          <TextInput
            label="Document title"
            withAsterisk
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            maxLength={200}
          />
          <FileInput
            label="File (PDF, PNG or JPEG, up to 5 MiB)"
            withAsterisk
            placeholder="Choose a file"
            accept="application/pdf,image/png,image/jpeg"
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            Upload document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Documents tab: the employee's files; self and admins upload. Delete shows where the server
 * says the caller may (`abilities.delete`): an issued letter's file only for an administrator.
 */
export function EmployeeDocuments({ employeeId, canEdit }: { employeeId: string; canEdit: boolean }) {
  const q = useDocuments(employeeId);
  const remove = useDeleteDocument(employeeId);
  const [busy, setBusy] = useState<string | null>(null);

  async function onDelete(d: EmployeeDocument) {
    const ok = await confirm({
      title: 'Delete document',
      message: `Delete "${d.title}" (${d.file_name})? This cannot be undone.`,
      acceptLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync(d.id);
    toastSuccess('Document deleted');
  }

  async function onDownload(d: EmployeeDocument) {
    setBusy(d.id);
    try {
      await downloadDocument(d);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        Documents
      </Title>
      <Stack gap="lg">
        {canEdit && <UploadForm employeeId={employeeId} />}
        {q.isPending ? (
          <Text c="dimmed">Loading documents…</Text>
        ) : q.isError ? (
          <Alert color="red" title="Could not load the documents">
            {q.error.message}
          </Alert>
        ) : q.data.length === 0 ? (
          <Text c="dimmed">No documents uploaded.</Text>
        ) : (
          <Table striped aria-label="Documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">File</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Size</Table.Th>
                <Table.Th scope="col">Uploaded</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    {d.title}
                    {d.kind === 'letter' && (
                      <Badge ml="xs" size="sm" variant="light">
                        Letter
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{d.file_name}</Table.Td>
                  <Table.Td>{TYPE_LABEL[d.content_type] ?? d.content_type}</Table.Td>
                  <Table.Td>{formatSize(d.size_bytes)}</Table.Td>
                  <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        loading={busy === d.id}
                        onClick={() => void onDownload(d)}
                        aria-label={`Download ${d.title}`}
                      >
                        Download
                      </Button>
                      {canEdit && can(d, 'delete') && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void onDelete(d)}
                          aria-label={`Delete ${d.title}`}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
