import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { downloadExport, type ExportProgress } from '../api/reports-api';

/** "1.2 MB", "340 KB": the size received so far. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * CSV and .xlsx export of a report, the one used by every report. A long export shows its
 * progress while it streams in (bytes received: the server sends no length), and can be cancelled.
 */
export function ExportButtons({
  path,
  params,
  label,
}: {
  path: string;
  params: Record<string, unknown>;
  label: string;
}) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async (format: 'csv' | 'xlsx') => {
    const controller = new AbortController();
    abort.current = controller;
    setBusy(format);
    setProgress({ loaded: 0, total: null });
    try {
      const name = await downloadExport(
        path,
        { ...params, format },
        { onProgress: setProgress, signal: controller.signal },
      );
      toastSuccess(`Downloaded ${name}`);
    } catch {
      if (!controller.signal.aborted) toastError(`Could not export the ${label}`);
    } finally {
      setBusy(null);
      setProgress(null);
      abort.current = null;
    }
  };

  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          loading={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => run('csv')}
        >
          Export CSV
        </Button>
        <Button
          variant="default"
          size="sm"
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => run('xlsx')}
        >
          Export .xlsx
        </Button>
        {busy && (
          <Button variant="subtle" size="sm" color="red" onClick={() => abort.current?.abort()}>
            Cancel export
          </Button>
        )}
      </Group>
      {progress && (
        <div>
          <Progress
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            size="sm"
            aria-label={`Exporting the ${label}`}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {`Exporting ${busy === 'xlsx' ? '.xlsx' : 'CSV'}: ${formatBytes(progress.loaded)} received${
              percent !== null ? ` (${percent}%)` : ''
            }`}
          </Text>
        </div>
      )}
    </Stack>
  );
}
