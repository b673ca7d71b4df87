import type { EmployeeDashboard } from '@hr/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatPaise } from '../../../lib/format';
import { selectRole, selectUser, useAppSelector } from '../../../lib/store';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { currentLocation, usePunch } from '../../attendance/api/use-attendance';
import { punchLabel, punchSummary, TodayStatus } from '../../attendance/components/parts';
import { monthLabel, PAYSLIPS_PATH, payslipHref } from '../../payslips/components/payslip-format';
import { useEmployeeDashboard } from '../api/dashboard-api';
import { AnnouncementList } from './announcement-list';
import { nextApproverLine } from './next-approver';
import { daysLabel, MY_REQUEST_PAGE, requestTypeLabel } from './request-types';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function TodayCard({ d, onPunched }: { d: EmployeeDashboard; onPunched: () => void }) {
  const p = d.today_punch;
  const punch = usePunch();
  const [error, setError] = useState<string | null>(null);
  const onPunch = async () => {
    setError(null);
    try {
      const where = p.location_required ? await currentLocation() : {};
      const res = await punch.mutateAsync(where);
      toastSuccess(res.next === 'out' ? 'Punched in' : 'Punched out');
      onPunched();
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not record the punch';
      setError(message);
      if (!(err instanceof ApiError)) toastError(message);
    }
  };
  return (
    <Card id="dash-today" title={`Today, ${formatDate(d.today)}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm">Status:</Text>
          <TodayStatus
            punches={p.punches}
            workingSince={p.punched_in_at}
            lastPunchAt={p.times[p.times.length - 1] ?? null}
            status={p.status}
            timeZone={d.time_zone}
          />
        </Group>
        <Text size="sm" data-testid="dash-punch">
          {punchSummary(p.times, p.next, d.time_zone)}
        </Text>
        <Group>
          <Button size="sm" onClick={() => void onPunch()} loading={punch.isPending}>
            {punchLabel(p.next, p.punches)}
          </Button>
          <Anchor component={Link} to="/user/attendance" size="sm">
            My attendance
          </Anchor>
        </Group>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Balances({ d }: { d: EmployeeDashboard }) {
  return (
    <Card id="dash-balances" title="Leave balances">
      {d.leave_balances.length === 0 ? (
        <Text c="dimmed" size="sm">
          No leave balances yet.
        </Text>
      ) : (
        <Table aria-label="Leave balances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Leave type</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
              <Table.Th ta="right">Pending</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.leave_balances.map((b) => (
              <Table.Tr key={b.leave_type_id}>
                <Table.Td>{b.name}</Table.Td>
                <Table.Td ta="right">{b.available}</Table.Td>
                <Table.Td ta="right">{b.pending}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to="/user/leaves" size="sm" mt="sm" display="inline-block">
        Apply for leave
      </Anchor>
    </Card>
  );
}

function MyPending({ d }: { d: EmployeeDashboard }) {
  return (
    <Card id="dash-pending" title={`My pending requests (${d.my_pending.length})`}>
      {d.my_pending.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing of yours is waiting for a decision.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.my_pending.map((r) => (
            <li key={r.request_id}>
              <Anchor component={Link} to={MY_REQUEST_PAGE[r.request_type] ?? '/user'} fw={500}>
                {requestTypeLabel(r.request_type)}
              </Anchor>
              <Text size="sm">Next approver: {nextApproverLine(r)}</Text>
              <Text size="xs" c="dimmed">
                Raised {formatDate(r.created_at.slice(0, 10))}, waiting {daysLabel(r.days_waiting)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Holidays({ d }: { d: EmployeeDashboard }) {
  return (
    <Card id="dash-holidays" title="Upcoming holidays">
      {d.upcoming_holidays.length === 0 ? (
        <Text c="dimmed" size="sm">
          No holidays in the next 90 days.
        </Text>
      ) : (
        <Table aria-label="Upcoming holidays">
          <Table.Tbody>
            {d.upcoming_holidays.slice(0, 6).map((h) => (
              <Table.Tr key={h.date}>
                <Table.Td>{formatDate(h.date)}</Table.Td>
                <Table.Td>
                  {h.name}
                  {h.optional && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (optional)
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function LatestPayslip({ d }: { d: EmployeeDashboard }) {
  const p = d.latest_payslip;
  return (
    <Card id="dash-payslip" title="Latest payslip">
      {!p ? (
        <Text size="sm" c="dimmed">
          Payslips appear here once the first pay run is confirmed.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            {monthLabel(p.month)}, paid on {formatDate(p.pay_date)}
          </Text>
          <Text size="sm" c="dimmed">
            Net pay
          </Text>
          <Text fz={24} fw={700} data-testid="dash-payslip-net">
            {formatPaise(p.net_paise)}
          </Text>
          <Text size="sm" c="dimmed">
            Gross {formatPaise(p.gross_paise)}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={payslipHref(p.id)} size="sm">
              Open the {monthLabel(p.month)} payslip
            </Anchor>
            <Anchor component={Link} to={PAYSLIPS_PATH} size="sm">
              All payslips
            </Anchor>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/** Employee dashboard: greets the user by employee_name from the stored user data. */
export function UserDashboard() {
  useDocumentTitle('Dashboard');
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const q = useEmployeeDashboard();
  const d = q.data;
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        Hello, {user?.employee_name ?? ''}
      </Title>
      <Text c="dimmed" mb="lg">
        {[user?.company_name, role].filter(Boolean).join(' · ')}
      </Text>
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
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            <TodayCard d={d} onPunched={() => void q.refetch()} />
            <MyPending d={d} />
            <Balances d={d} />
            <Holidays d={d} />
            <LatestPayslip d={d} />
          </SimpleGrid>
          <section aria-labelledby="announcements-heading">
            <Title order={2} size="h4" mb="sm" id="announcements-heading">
              Announcements
            </Title>
            <AnnouncementList items={d.announcements} />
          </section>
        </Stack>
      )}
    </>
  );
}
