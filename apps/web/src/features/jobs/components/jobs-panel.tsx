import type { JobQueueStatus } from '@hr/contract';
import { Alert, Badge, Button, Paper, Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { useJobStatus } from '../api/jobs-api';

const pad = (n: string) => n.padStart(2, '0');

/**
 * A cron schedule in words when it is one of the simple shapes (every minute, every N minutes,
 * hourly, daily); anything else is shown as the cron text, which an administrator can still read.
 */
export function scheduleInWords(cron: string | null, timeZone: string | null): string {
  if (!cron) return 'When the application sends one';
  // Minute and hour fields of a schedule that runs every day of every month.
  const m = /^(\S+)\s+(\S+)\s+\*\s+\*\s+\*$/.exec(cron.trim());
  const min = m?.[1];
  const hour = m?.[2];
  if (min === undefined || hour === undefined) return cron;
  if (min === '*' && hour === '*') return 'Every minute';
  const step = /^\*\/(\d+)$/.exec(min)?.[1];
  if (step !== undefined && hour === '*') return `Every ${step} minutes`;
  if (/^\d+$/.test(min) && hour === '*') return min === '0' ? 'Every hour' : `Every hour at :${pad(min)}`;
  if (/^\d+$/.test(min) && /^\d+$/.test(hour)) {
    return `Daily at ${pad(hour)}:${pad(min)}${timeZone ? ` (${timeZone})` : ''}`;
  }
  return cron;
}

type JobHealth = 'ok' | 'failing' | 'never';

/** Failing while the last failure is newer than the last success (a later success means it recovered). */
export function jobHealth(j: JobQueueStatus): JobHealth {
  if (!j.last_started_at && !j.last_failed_at && !j.last_succeeded_at) return 'never';
  if (
    j.last_failed_at &&
    (!j.last_succeeded_at || Date.parse(j.last_failed_at) > Date.parse(j.last_succeeded_at))
  ) {
    return 'failing';
  }
  return 'ok';
}

const HEALTH: Record<JobHealth, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'green' },
  failing: { label: 'Failing', color: 'red' },
  never: { label: 'Never run', color: 'gray' },
};

/**
 * Background jobs for administrators (issue 15): when each queue last ran, succeeded and failed,
 * with its internal name under the words for whoever reads the server's logs.
 */
export function JobsPanel() {
  const q = useJobStatus();
  const timeZone = useCompanyTimeZone();
  const at = (v: string | null) => (v ? formatDateTime(v, timeZone) : '—');
  const jobs = q.data;
  return (
    <Paper withBorder p="lg" radius="md">
      {q.isError && !jobs ? (
        <Alert color="red" title="Could not load the background jobs">
          <Button size="xs" variant="default" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !jobs ? (
        <PageLoader label="Loading background jobs…" />
      ) : jobs.length === 0 ? (
        <Text c="dimmed" size="sm">
          No background jobs are registered.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Background jobs" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Last run</Table.Th>
                <Table.Th>Last success</Table.Th>
                <Table.Th>Last failure</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
                <Table.Th ta="right">Waiting</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((j) => {
                const health = jobHealth(j);
                return (
                  <Table.Tr key={j.name}>
                    <Table.Td>
                      <Text size="sm">{j.description}</Text>
                      <Text size="xs" c="dimmed">
                        {j.name}
                      </Text>
                      {health === 'failing' && j.last_error ? (
                        <Text size="xs" c="red" mt={4}>
                          Last error: {j.last_error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={HEALTH[health].color} miw="max-content">
                        {HEALTH[health].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{scheduleInWords(j.schedule, j.time_zone)}</Table.Td>
                    <Table.Td>{at(j.last_started_at)}</Table.Td>
                    <Table.Td>{at(j.last_succeeded_at)}</Table.Td>
                    <Table.Td>{at(j.last_failed_at)}</Table.Td>
                    <Table.Td ta="right">{j.failed}</Table.Td>
                    <Table.Td ta="right">{j.waiting}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** Admin › Utility › Background jobs: the system page the job keys live on, off the dashboard. */
export function JobsScreen() {
  return (
    <>
      <PageHeader
        title="Background jobs"
        description="The work the application does on its own: reminders, attendance, leave accrual, pay runs and mail. Failing jobs show their last error."
      />
      <JobsPanel />
    </>
  );
}
