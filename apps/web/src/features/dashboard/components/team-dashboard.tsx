import { Alert, Anchor, Badge, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime, todayIn } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useCompanyTimeZone } from '../../../lib/store';
import { TeamTodayPanel } from '../../attendance/components/team-today-panel';
import { useTeamDashboard } from '../api/dashboard-api';
import { AnnouncementList } from './announcement-list';
import { daysLabel, requestTypeLabel, TEAM_QUEUE } from './request-types';
import { TeamLeaveCalendar } from './team-leave-calendar';

const STATUS_COLOR: Record<string, string> = { active: 'green', inactive: 'gray', exited: 'red' };

/** Team dashboard (one request, GET /dashboard/team): my team today, the requests waiting on me with their age, the team's leave this month. */
export function TeamDashboard() {
  const q = useTeamDashboard();
  const tz = useCompanyTimeZone();
  const d = q.data;
  return (
    <>
      <PageHeader
        title="Team dashboard"
        description="The people who report to you and what waits for your decision."
      />
      {q.isError && !d ? (
        <Alert color="red" title="Could not load the dashboard">
          <Button size="xs" variant="default" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !d ? (
        <PageLoader label="Loading dashboard…" />
      ) : (
        <Stack>
          <TeamTodayPanel data={d.team_today} />
          {/* Side by side only where the team table fits its half without hiding its last column. */}
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                My team ({d.team.length})
              </Title>
              {d.team.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Nobody reports to you yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table aria-label="My team" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Designation</Table.Th>
                        <Table.Th>Unit</Table.Th>
                        <Table.Th>Status</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.team.map((m) => (
                        <Table.Tr key={m.id}>
                          <Table.Td>
                            {m.employee_name}{' '}
                            <Text span size="xs" c="dimmed">
                              {m.employee_code}
                            </Text>
                          </Table.Td>
                          <Table.Td>{m.designation ?? '—'}</Table.Td>
                          <Table.Td>{m.unit_name ?? '—'}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={STATUS_COLOR[m.status] ?? 'gray'}>
                              {enumLabel(m.status)}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                Waiting on me ({d.pending_requests.length})
              </Title>
              {d.pending_requests.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Nothing waits for your decision.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={340}>
                  <Table aria-label="Requests waiting on me">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Request</Table.Th>
                        <Table.Th>From</Table.Th>
                        <Table.Th>Waiting</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.pending_requests.map((r) => (
                        <Table.Tr key={r.request_id}>
                          <Table.Td>
                            <Anchor component={Link} to={TEAM_QUEUE[r.request_type] ?? '/team'}>
                              {requestTypeLabel(r.request_type)}
                            </Anchor>
                            {r.on_behalf_of && (
                              <Badge ml="xs" size="xs" variant="outline">
                                delegated
                              </Badge>
                            )}
                            <Text size="xs" c="dimmed">
                              Level {r.level}
                            </Text>
                          </Table.Td>
                          <Table.Td>{r.requester_name}</Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500} c={r.days_waiting >= 3 ? 'red.8' : undefined}>
                              {daysLabel(r.days_waiting)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              since {formatDateTime(r.created_at)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Title order={2} size="h4" mt="lg" mb="sm">
                Announcements
              </Title>
              <AnnouncementList items={d.announcements} />
            </Paper>
          </SimpleGrid>
          <TeamLeaveCalendar calendar={d.leave_calendar} today={todayIn(tz)} />
        </Stack>
      )}
    </>
  );
}
