import { Alert, Button, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/format';
import { useAdminDashboard } from '../api/dashboard-api';
import { AnnouncementList } from './announcement-list';
import { JobsPanel } from './jobs-panel';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="lg" radius="md" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

const when = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/**
 * Admin dashboard: headcount, joiners and exits, by division, birthdays, anniversaries, announcements,
 * and the background jobs (last run, failures).
 */
export function AdminDashboard() {
  const q = useAdminDashboard();
  const d = q.data;
  return (
    <>
      <PageHeader
        title="Admin dashboard"
        description={d ? `Company figures as of ${formatDate(d.today)}.` : 'Company figures.'}
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
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
            <Figure label="Headcount (active)" value={d.headcount} />
            <Figure label="Joiners this month" value={d.joiners_this_month} />
            <Figure label="Exits this month" value={d.exits_this_month} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                Headcount by division
              </Title>
              <Table.ScrollContainer minWidth={320}>
                <Table aria-label="Headcount by division">
                  <Table.Tbody>
                    {d.headcount_by_division.map((r) => (
                      <Table.Tr key={r.division_id ?? 'none'}>
                        <Table.Td>{r.division_name}</Table.Td>
                        <Table.Td ta="right">{r.headcount}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                Announcements
              </Title>
              <AnnouncementList items={d.announcements} />
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                Birthdays in the next 30 days
              </Title>
              {d.upcoming_birthdays.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No birthdays coming up.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={320}>
                  <Table aria-label="Upcoming birthdays">
                    <Table.Tbody>
                      {d.upcoming_birthdays.map((b) => (
                        <Table.Tr key={b.employee_id}>
                          <Table.Td>{b.employee_name}</Table.Td>
                          <Table.Td>{formatDate(b.date)}</Table.Td>
                          <Table.Td c="dimmed">{when(b.days_until)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb="sm">
                Work anniversaries in the next 30 days
              </Title>
              {d.upcoming_anniversaries.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No anniversaries coming up.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={320}>
                  <Table aria-label="Upcoming work anniversaries">
                    <Table.Tbody>
                      {d.upcoming_anniversaries.map((b) => (
                        <Table.Tr key={b.employee_id}>
                          <Table.Td>{b.employee_name}</Table.Td>
                          <Table.Td>
                            {b.years} year{b.years === 1 ? '' : 's'}
                          </Table.Td>
                          <Table.Td>{formatDate(b.date)}</Table.Td>
                          <Table.Td c="dimmed">{when(b.days_until)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </SimpleGrid>
          <JobsPanel />
        </>
      )}
    </>
  );
}
