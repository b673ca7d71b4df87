import { PAY_RUN_FILE_LABELS, type PayRun } from '@hr/contract';
import { Alert, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toasts';
import { downloadRunFile, errorText, useGeneratePayslips, useRunFiles } from '../api/payrun-api';
import { monthLabel } from './words';

/** Payslip generation of a confirmed run, with its progress. */
export function PayslipsSection({ run }: { run: PayRun }) {
  const generate = useGeneratePayslips();
  const [failure, setFailure] = useState<string | null>(null);
  const { employees, payslips } = run.progress;
  return (
    <Stack gap="xs">
      {run.payslips_status === 'generated' ? (
        <Text size="sm">
          Payslips made for {payslips} of {employees} employees.
        </Text>
      ) : run.payslips_status === 'generating' ? (
        <>
          <Text size="sm" role="status">
            Making payslips: {payslips} of {employees} employees
          </Text>
          <Progress value={employees ? (payslips / employees) * 100 : 0} aria-label="Payslips made" />
          {run.payslips_stalled_at && (
            <Alert color="yellow" title="Payslip generation has stopped making progress">
              No payslip has been made since {formatDateTime(run.payslips_stalled_at)}: the worker making them
              may have stopped. Resume makes the payslips still missing; none is made twice.
            </Alert>
          )}
        </>
      ) : (
        <Text size="sm">No payslips made yet.</Text>
      )}
      {run.abilities.generate_payslips && (
        <Group>
          <Button
            onClick={async () => {
              // Once made, generating again replaces every PDF: ask first.
              const again = run.payslips_status === 'generated';
              if (
                again &&
                !(await confirm({
                  title: `Generate the payslips of ${monthLabel(run.month)} again?`,
                  message: `All ${employees} payslip PDFs are made again with the current pay run settings (password, company details) and replace the ones made before. Employees can download the earlier PDF until its new one is ready; those already mailed about it are not mailed again.`,
                  acceptLabel: 'Generate again',
                }))
              ) {
                return;
              }
              setFailure(null);
              generate.mutate(
                { id: run.id, regenerate: again },
                {
                  onError: (e) => {
                    const { message } = errorText(e);
                    setFailure(
                      (e as { status?: number }).status === 404
                        ? `Payslip generation is not available on this server yet (${message}).`
                        : message,
                    );
                  },
                },
              );
            }}
            loading={generate.isPending}
          >
            {run.payslips_status === 'generated'
              ? 'Generate again'
              : run.payslips_status === 'generating'
                ? 'Resume generating payslips'
                : 'Generate payslips'}
          </Button>
        </Group>
      )}
      {failure && (
        <Alert color="red" role="alert" title="Payslips were not generated">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/** The bank and statutory files of a confirmed run, each with who it leaves out. */
export function FilesSection({ run }: { run: PayRun }) {
  const q = useRunFiles(run.id, run.status === 'confirmed');
  if (run.status !== 'confirmed') return <Text size="sm">The files are made once the run is confirmed.</Text>;
  if (q.isError) return <LoadError what="the files" message={q.error.message} onRetry={q.refetch} />;
  if (!q.data) return <PageLoader label="Loading the files…" />;
  if (q.data.length === 0) return <Text size="sm">No files for this run.</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {q.data.map((f) => (
        <Paper component="li" withBorder p="sm" key={f.kind}>
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>{f.label || PAY_RUN_FILE_LABELS[f.kind]}</Text>
              <Text size="xs" c="dimmed">
                {f.file_name}
              </Text>
            </div>
            <Button
              variant="default"
              disabled={!run.abilities.download_files}
              aria-label={`Download ${f.label || PAY_RUN_FILE_LABELS[f.kind]}`}
              onClick={() =>
                void downloadRunFile(run.id, f.kind, f.file_name).catch((e) =>
                  toastError(errorText(e).message),
                )
              }
            >
              Download
            </Button>
          </Group>
          {f.left_out.length > 0 && (
            <>
              <Text size="sm" mt={4}>
                Left out of this file:
              </Text>
              <List size="sm">
                {f.left_out.map((l) => (
                  <List.Item key={l.employee_code}>
                    {l.name} ({l.employee_code}): {l.reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
