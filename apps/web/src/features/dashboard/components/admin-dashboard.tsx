import type { AdminDashboard as AdminDashboardData } from '@hr/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BarChart } from '../../../components/ui/bar-chart';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate, formatPaise } from '../../../lib/format';
import { monthLabel } from '../../payslips/components/payslip-format';
import { useAdminDashboard } from '../api/dashboard-api';
import { AnnouncementList } from './announcement-list';
import { ADMIN_QUEUE, daysLabel, REQUEST_TYPE_LABEL, requestTypeLabel } from './request-types';

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

const RUN_STATUS: Record<string, string> = {
  draft: 'being prepared',
  computing: 'computing',
  computed: 'computed, waiting for review and confirmation',
};
const PAYSLIPS_STATUS: Record<string, string> = {
  none: 'not generated yet',
  generating: 'being generated',
  generated: 'generated',
};

/**
 * The open pay run (status, attendance, anomalies to acknowledge) and the last confirmed run's
 * totals, from the dashboard call; the contract carries no month-by-month history, so no chart.
 */
function PayrollCard({ payroll }: { payroll: AdminDashboardData['payroll'] }) {
  const { open_run: open, last_confirmed: last } = payroll;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="admin-payroll">
      <Title order={2} size="h4" mb="sm" id="admin-payroll">
        Payroll
      </Title>
      {!open && !last ? (
        <Text size="sm" c="dimmed">
          No pay run yet. Start the first one from Run Payroll.
        </Text>
      ) : (
        <Stack gap="sm">
          {open && (
            <div data-testid="payroll-open-run">
              <Text size="sm" fw={600}>
                {monthLabel(open.month)} pay run: {RUN_STATUS[open.status] ?? open.status}
              </Text>
              <Text size="sm" c="dimmed">
                Attendance {open.attendance_status === 'confirmed' ? 'confirmed' : 'not confirmed yet'}
                {open.anomalies_open > 0
                  ? ` · ${open.anomalies_open} anomal${open.anomalies_open === 1 ? 'y' : 'ies'} to acknowledge`
                  : ''}
              </Text>
            </div>
          )}
          {last && (
            <div data-testid="payroll-last-confirmed">
              <Text size="sm" fw={600}>
                Last confirmed: {monthLabel(last.month)}, paid on {formatDate(last.pay_date)}
              </Text>
              <Table aria-label="Last confirmed pay run" verticalSpacing={2} withRowBorders={false}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      Employees
                    </Table.Th>
                    <Table.Td ta="right">{last.employees}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      Gross pay
                    </Table.Th>
                    <Table.Td ta="right">{formatPaise(last.gross_paise)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      Net pay
                    </Table.Th>
                    <Table.Td ta="right">{formatPaise(last.net_paise)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      Payslip PDFs
                    </Table.Th>
                    <Table.Td ta="right">
                      {PAYSLIPS_STATUS[last.payslips_status] ?? last.payslips_status}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Stack>
      )}
      <Group gap="md" mt="sm">
        <Anchor component={Link} to="/payroll/payrun" size="sm">
          {open ? `Open the ${monthLabel(open.month)} pay run` : 'Run Payroll'}
        </Anchor>
        <Anchor component={Link} to="/payroll/settings/components/earnings" size="sm">
          Payroll settings
        </Anchor>
      </Group>
    </Paper>
  );
}

const when = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/**
 * Admin dashboard: headcount, joiners and exits, by division (chart and table), pending requests of
 * every queue, the month's payroll status, birthdays, anniversaries and announcements (the
 * background jobs have their own page, Utility › Background jobs).
 */
export function AdminDashboard() {
  const q = useAdminDashboard();
  const d = q.data;
  // Every queue shows, a zero too, so "nothing pending" is a figure and not a gap.
  const queues = Object.keys(REQUEST_TYPE_LABEL).map(
    (t) =>
      d?.pending_by_type.find((r) => r.request_type === t) ?? {
        request_type: t,
        count: 0,
        oldest_days: 0,
        oldest_created_at: '',
      },
  );
  const extra = d?.pending_by_type.filter((r) => !(r.request_type in REQUEST_TYPE_LABEL)) ?? [];
  queues.push(...extra);
  const pendingTotal = queues.reduce((n, r) => n + r.count, 0);
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
              <BarChart
                title="Active headcount by division"
                bars={d.headcount_by_division.map((r) => ({
                  label: r.division_name.slice(0, 8),
                  value: r.headcount,
                }))}
              />
              <Table.ScrollContainer minWidth={280} mt="sm">
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
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="admin-pending">
              <Title order={2} size="h4" mb="sm" id="admin-pending">
                Pending requests ({pendingTotal})
              </Title>
              <Table.ScrollContainer minWidth={320}>
                <Table aria-label="Pending requests by queue">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Queue</Table.Th>
                      <Table.Th ta="right">Pending</Table.Th>
                      <Table.Th>Oldest waiting</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {queues.map((r) => (
                      <Table.Tr key={r.request_type}>
                        <Table.Td>
                          {ADMIN_QUEUE[r.request_type] ? (
                            <Anchor component={Link} to={ADMIN_QUEUE[r.request_type]!}>
                              {requestTypeLabel(r.request_type)}
                            </Anchor>
                          ) : (
                            requestTypeLabel(r.request_type)
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{r.count}</Table.Td>
                        <Table.Td c={r.oldest_days >= 3 ? 'red.8' : undefined}>
                          {r.count ? daysLabel(r.oldest_days) : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <PayrollCard payroll={d.payroll} />
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
        </>
      )}
    </>
  );
}
