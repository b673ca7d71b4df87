import type { UploadRowError } from '@hr/contract';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { downloadTemplate, employeeKeys, uploadEmployees } from '../api/employee-records-api';

type Phase = 'idle' | 'uploading' | 'processing';

/** Bulk upload: template, file, progress, then the per-row errors or the counts. */
export function BulkUploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [errors, setErrors] = useState<UploadRowError[]>([]);
  const [summary, setSummary] = useState<{ color: string; text: string } | null>(null);

  const reset = () => {
    setErrors([]);
    setSummary(null);
    setProgress(0);
  };

  const onUpload = async () => {
    if (!file) return;
    reset();
    setPhase('uploading');
    try {
      const outcome = await uploadEmployees(file, validOnly, (p) => {
        setProgress(p);
        if (p >= 100) setPhase('processing');
      });
      if (outcome.ok) {
        const { created, skipped, errors: rowErrors } = outcome.result;
        setErrors(rowErrors);
        setSummary({
          color: rowErrors.length ? 'yellow' : 'green',
          text: `Imported ${created} employee${created === 1 ? '' : 's'}; skipped ${skipped} already present${
            rowErrors.length
              ? `; ${new Set(rowErrors.map((e) => e.row)).size} rows with errors were left out`
              : ''
          }.`,
        });
        toastSuccess(`Imported ${created}, skipped ${skipped}`);
        await qc.invalidateQueries({ queryKey: employeeKeys.all });
      } else {
        setErrors(outcome.errors);
        setSummary({ color: 'red', text: outcome.message });
      }
    } catch {
      toastError('The upload failed');
    } finally {
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title="Bulk upload employees" size="xl">
      <Stack>
        <Text size="sm">
          Download the template, fill one row per employee (the "Allowed values" sheet lists units, managers
          and types), then upload it as .xlsx or .csv. Every row is checked first: nothing is stored unless
          all rows are good, unless you choose to import only the valid rows. Rows already imported are
          skipped.
        </Text>
        <Group>
          <Button
            variant="default"
            onClick={() => void downloadTemplate().catch(() => toastError('Download failed'))}
          >
            Download template
          </Button>
        </Group>
        <FileInput
          label="Spreadsheet"
          placeholder="Choose an .xlsx or .csv file"
          accept=".xlsx,.csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            reset();
          }}
          clearable
          disabled={busy}
        />
        <Checkbox
          label="Import only valid rows"
          checked={validOnly}
          onChange={(e) => setValidOnly(e.currentTarget.checked)}
          disabled={busy}
        />
        {phase === 'uploading' && <Progress value={progress} aria-label="Upload progress" animated />}
        {phase === 'processing' && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Validating and importing…</Text>
          </Group>
        )}
        {summary && (
          <Alert
            color={summary.color}
            role="status"
            title={summary.color === 'red' ? 'Nothing was imported' : 'Done'}
          >
            {summary.text}
          </Alert>
        )}
        {errors.length > 0 && (
          <ScrollArea.Autosize mah={320}>
            <Table striped aria-label="Row errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Field</Table.Th>
                  <Table.Th scope="col">Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e) => (
                  <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.field}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button onClick={() => void onUpload()} disabled={!file} loading={busy}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
