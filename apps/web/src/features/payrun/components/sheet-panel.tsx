import type { PayRun, SheetRowError } from '@hr/contract';
import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toasts';
import {
  downloadSheetTemplate,
  errorText,
  previewSheet,
  type RunSheet,
  type SheetPreview,
  useRemoveSheet,
  useUploadSheet,
} from '../api/payrun-api';
import { ScrollBox } from './words';

/** How many preview rows are drawn; the rest are counted (a sheet may have thousands). */
const SHOWN_ROWS = 200;

export type PreviewColumn<R> = { label: string; cell: (row: R) => ReactNode };

/** The row errors of a sheet: row as the spreadsheet numbers it, the column, the problem in words. */
export function RowErrors({ errors, label }: { errors: SheetRowError[]; label: string }) {
  if (errors.length === 0) return null;
  return (
    <ScrollBox label={`${label}, scrolling`} maxHeight={260}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e) => (
            <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

/** A sheet's rows as the preview read them. */
export function PreviewRows<R extends { row: number }>({
  rows,
  columns,
  label,
}: {
  rows: R[];
  columns: PreviewColumn<R>[];
  label: string;
}) {
  if (rows.length === 0) return <Text size="sm">The sheet has no rows.</Text>;
  return (
    <>
      <ScrollBox label={`${label}, scrolling`} maxHeight={360}>
        <Table striped aria-label={label} miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.label} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN_ROWS).map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.label}>{c.cell(r)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {rows.length > SHOWN_ROWS && (
        <Text size="sm" c="dimmed">
          The first {SHOWN_ROWS} of {rows.length} rows are shown.
        </Text>
      )}
    </>
  );
}

/**
 * One sheet of a run: download the template (pre-filled for the run), choose a file, preview it
 * (row errors, the rows read, notes), upload the previewed sheet, or remove the current one.
 */
export function SheetPanel<K extends RunSheet>({
  sheet,
  run,
  what,
  columns,
  children,
}: {
  sheet: K;
  run: PayRun;
  what: string;
  columns: PreviewColumn<SheetPreview[K]['rows'][number]>[];
  children?: ReactNode;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview[K] | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const upload = useUploadSheet();
  const remove = useRemoveSheet();
  const current = run.sheets[sheet];
  // "attendance sheet" in a sentence, but "TDS sheet" keeps its capitals.
  const lower = /^[A-Z]{2}/.test(what) ? what : what.charAt(0).toLowerCase() + what.slice(1);
  const canEdit = run.abilities.edit_inputs;

  const onPreview = async () => {
    if (!file) return;
    setFailure(null);
    setPreview(null);
    setPreviewing(true);
    try {
      setPreview(await previewSheet(sheet, run.id, file));
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setPreviewing(false);
    }
  };
  const onUpload = () => {
    if (!preview) return;
    setFailure(null);
    upload.mutate(
      { sheet, runId: run.id, importId: preview.import_id },
      {
        onSuccess: () => {
          setPreview(null);
          setFile(null);
        },
        onError: (e) => setFailure(errorText(e)),
      },
    );
  };
  const onRemove = async () => {
    const ok = await confirm({
      title: `Remove the ${lower}`,
      message: `Remove the ${lower} "${current?.file_name}" from this run? Its figures no longer count.`,
      acceptLabel: 'Remove',
      danger: true,
    });
    if (ok) remove.mutate({ sheet, runId: run.id });
  };

  return (
    <Stack gap="sm">
      {current ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            Current {lower}: <strong>{current.file_name}</strong>, {current.rows} row
            {current.rows === 1 ? '' : 's'}, uploaded {formatDateTime(current.uploaded_at)}
            {current.uploaded_by ? ` by ${current.uploaded_by}` : ''}.
          </Text>
          {canEdit && (
            <Button
              variant="default"
              color="red"
              size="xs"
              onClick={() => void onRemove()}
              loading={remove.isPending}
            >
              Remove {lower}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No {lower} uploaded.
        </Text>
      )}
      {children}
      {canEdit && (
        <>
          <Group align="flex-end" wrap="wrap">
            <Button
              variant="default"
              onClick={() =>
                void downloadSheetTemplate(sheet, run.id).catch((e) => toastError(errorText(e).message))
              }
            >
              Download {lower} template
            </Button>
            <FileInput
              label={`${what} file`}
              description="An .xlsx or .csv file"
              accept=".xlsx,.csv"
              value={file}
              onChange={(f) => {
                setFile(f);
                setPreview(null);
                setFailure(null);
              }}
              clearable
              style={{ minWidth: 220, flex: 1 }}
            />
            <Button onClick={() => void onPreview()} disabled={!file} loading={previewing}>
              Preview {lower}
            </Button>
          </Group>
          {failure && (
            <Alert color="red" title={failure.message} role="alert">
              {failure.details.length > 0 && (
                <Stack gap={2}>
                  {failure.details.slice(0, 20).map((d) => (
                    <Text key={d} size="sm">
                      {d}
                    </Text>
                  ))}
                </Stack>
              )}
            </Alert>
          )}
          {preview && (
            <Stack gap="xs">
              <Alert
                color={preview.errors.length ? 'red' : 'green'}
                role="status"
                title={
                  preview.errors.length
                    ? `${preview.rows_total} rows, ${preview.errors.length} error${preview.errors.length === 1 ? '' : 's'}: fix the sheet and preview it again`
                    : `${preview.rows_total} rows, no errors`
                }
              >
                {preview.already_uploaded && <Text size="sm">This exact sheet is already the run's.</Text>}
                {preview.notes.map((n) => (
                  <Text key={n} size="sm">
                    {n}
                  </Text>
                ))}
              </Alert>
              <RowErrors errors={preview.errors} label={`${what} row errors`} />
              <PreviewRows
                rows={preview.rows as SheetPreview[K]['rows'][number][]}
                columns={columns}
                label={`${what} preview`}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setPreview(null)}>
                  Discard preview
                </Button>
                <Button onClick={onUpload} disabled={preview.errors.length > 0} loading={upload.isPending}>
                  Upload {lower}
                </Button>
              </Group>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
