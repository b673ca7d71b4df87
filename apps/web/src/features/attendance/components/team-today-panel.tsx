import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { type TeamToday, useTeamToday } from '../api/use-attendance';
import { clockTime, DayStatusBadge } from './parts';

/** The counts in words as well as colour, so nobody has to tell red from orange. */
const COUNTS = [
  { key: 'in', label: 'In', color: 'green' },
  { key: 'late', label: 'Late', color: 'orange' },
  { key: 'absent', label: 'Absent', color: 'red' },
  { key: 'on_leave', label: 'On leave', color: 'blue' },
  { key: 'not_in', label: 'Not yet in', color: 'gray' },
] as const;

/**
 * Who of my team is in, late, absent or on leave today. The team dashboard passes `data` from its
 * own call (one request for the whole screen); without it the panel asks the attendance API.
 */
export function TeamTodayPanel({ data }: { data?: TeamToday } = {}) {
  const tz = useCompanyTimeZone();
  const q = useTeamToday(!data);
  const d = data ?? q.data;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        Today{d ? `, ${formatDate(d.date)}` : ''}
      </Title>
      {q.isError && !d ? (
        <Group>
          <Text c="red.8" size="sm">
            Could not load today’s attendance.
          </Text>
          <Button size="xs" variant="default" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Group>
      ) : !d ? (
        <PageLoader label="Loading today’s attendance…" />
      ) : d.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody reports to you yet.
        </Text>
      ) : (
        <>
          <Group gap="xs" mb="sm" role="list" aria-label="Today’s counts">
            {COUNTS.map((c) => (
              <Badge key={c.key} role="listitem" size="lg" variant="light" color={c.color}>
                {c.label}: {d.counts[c.key]}
              </Badge>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={440}>
            <Table aria-label="My team today" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>First in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.rows.map((r) => (
                  <Table.Tr key={r.employee_id}>
                    <Table.Td>
                      {r.employee_name}{' '}
                      <Text span size="xs" c="dimmed">
                        {r.employee_code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.status ? (
                        <DayStatusBadge status={r.status} />
                      ) : (
                        <Badge color="gray" variant="outline" size="sm">
                          {r.first_in ? 'In' : 'Not yet in'}
                        </Badge>
                      )}
                      {r.late && r.status !== 'late' && (
                        <Badge ml={4} color="orange" variant="light" size="sm">
                          Late
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{clockTime(r.first_in, tz)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
