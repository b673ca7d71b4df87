import {
  ATTENDANCE_DAY_STATUSES,
  ATTENDANCE_STATUS_LABELS,
  type AttendanceDay,
  type AttendanceLogsQuery,
  AttendanceLogsQuerySchema,
  type AttendanceSummary,
} from '@hr/contract';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDate, MONTH_NAMES, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastError, toastSuccess } from '../../../lib/toasts';
import {
  currentLocation,
  downloadExport,
  type Month,
  useAttendanceLogs,
  useAttendanceMonth,
  useAttendanceSummary,
  usePunch,
  usePunchData,
} from '../api/use-attendance';
import { OptionalHolidaysPanel } from './optional-holidays-panel';
import {
  clockTime,
  DAY_COLOR,
  DayStatusBadge,
  punchLabel,
  punchSummary,
  TodayStatus,
  workedHours,
} from './parts';
import { RegularisationPanel } from './regularisation-panel';

const LOGS_LIST = specFromContract<AttendanceLogsQuery['sortBy'], 'month' | 'year' | 'status'>(
  AttendanceLogsQuerySchema,
  { filters: ['month', 'year', 'status'] },
);
const STATUS_OPTIONS = ATTENDANCE_DAY_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_STATUS_LABELS[s] }));

/** Today: punches so far and the punch button. */
function TodayCard({ timeZone }: { timeZone: string }) {
  const data = usePunchData();
  const punch = usePunch();
  const [error, setError] = useState<string | null>(null);
  const d = data.data;
  const onPunch = async () => {
    setError(null);
    try {
      const where = d?.location_required ? await currentLocation() : {};
      const res = await punch.mutateAsync(where);
      toastSuccess(res.next === 'out' ? 'Punched in' : 'Punched out');
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not record the punch';
      setError(message);
      if (!(err instanceof ApiError)) toastError(message);
    }
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Today{d ? `, ${formatDate(d.date)}` : ''}
        </Title>
        {data.isError && <Text c="red.8">Could not load today's punches.</Text>}
        {d && (
          <>
            <Group gap="xs">
              <Text size="sm">Status:</Text>
              <TodayStatus
                punches={d.punches.length}
                workingSince={d.punched_in_at}
                lastPunchAt={d.punches[d.punches.length - 1]?.at ?? null}
                status={d.day?.status ?? null}
                timeZone={timeZone}
              />
              {d.day?.late && (
                <Badge color="orange" variant="outline">
                  Late by {d.day.late_minutes} min
                </Badge>
              )}
            </Group>
            <Text size="sm" data-testid="today-punches">
              {punchSummary(
                d.punches.map((p) => p.at),
                d.next,
                timeZone,
              )}
            </Text>
            {d.location_required && (
              <Text size="xs" c="dimmed">
                Your location is checked against the office when you punch.
              </Text>
            )}
          </>
        )}
        <Group>
          <Button onClick={() => void onPunch()} loading={punch.isPending} disabled={!d}>
            {d ? punchLabel(d.next, d.punches.length) : 'Punch in'}
          </Button>
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

function Summary({ m }: { m: Month }) {
  const q = useAttendanceSummary(m);
  const s = q.data;
  if (q.isError) return <Text c="red.8">Could not load the summary.</Text>;
  if (!s) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Summary
      </Title>
      <Group gap="xs">
        {ATTENDANCE_DAY_STATUSES.map((st) => (
          <Badge key={st} color={DAY_COLOR[st]} variant="light">
            {ATTENDANCE_STATUS_LABELS[st]}: {s.counts[st]}
          </Badge>
        ))}
      </Group>
      <Text size="sm" mt="xs">
        Worked {workedHours(s.worked_minutes)} · Late marks {s.late_marks} · Early exits {s.early_exits} ·
        Missed punches {s.missed_punches} · Regularisations {s.regularisations_used}
        {s.regularisations_allowed != null ? ` of ${s.regularisations_allowed}` : ''}
      </Text>
      <Penalties penalty={s.penalty} />
    </Paper>
  );
}

const shortDate = (d: string) => formatDate(d).replace(/ \d{4}$/, '');

/** Late-mark and early-exit penalties of the month's attendance cycle, with the days behind each. */
function Penalties({ penalty }: { penalty: AttendanceSummary['penalty'] }) {
  const cycle = `${formatDate(penalty.cycle_from)} to ${formatDate(penalty.cycle_to)}`;
  if (penalty.penalties.length === 0) {
    return (
      <Text size="sm" mt="xs" c="dimmed">
        No late-mark or early-exit penalty in the attendance cycle ({cycle}).
      </Text>
    );
  }
  return (
    <Stack gap={4} mt="xs" aria-label="Penalties">
      <Text size="sm" fw={600} c="red.9">
        Penalty: {penalty.lop_days} day{penalty.lop_days === 1 ? '' : 's'} of loss of pay (cycle {cycle})
      </Text>
      {penalty.penalties.map((p) => (
        <Text size="sm" key={`${p.kind}-${p.dates[0]}`}>
          {p.days} day{p.days === 1 ? '' : 's'} for {p.dates.length}{' '}
          {p.kind === 'late' ? 'late marks' : 'early exits'}: {p.dates.map(shortDate).join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

/** The month as a grid of every day. */
function MonthGrid({ days, timeZone, today }: { days: AttendanceDay[]; timeZone: string; today: string }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" role="list" aria-label="Days of the month">
      {days.map((d) => (
        <Paper
          key={d.date}
          withBorder
          p="xs"
          role="listitem"
          aria-current={d.date === today ? 'date' : undefined}
          style={d.date === today ? { outline: '2px solid var(--mantine-color-blue-7)' } : undefined}
          data-testid={`day-${d.date}`}
        >
          <Group gap={4} wrap="wrap">
            <Text fw={700} size="sm">
              {d.day} {d.weekday}
            </Text>
            {d.locked && (
              <Badge
                size="xs"
                variant="outline"
                color="gray.8"
                title="In a confirmed pay run: this day can no longer be corrected"
              >
                Locked
              </Badge>
            )}
          </Group>
          <DayStatusBadge status={d.status} size="xs" />
          <Text size="xs">
            In {clockTime(d.first_in, timeZone)} · Out {clockTime(d.last_out, timeZone)}
          </Text>
          <Text size="xs">Worked {workedHours(d.worked_minutes)}</Text>
          {d.late && (
            <Text size="xs" c="red.9">
              Late {d.late_minutes} min
            </Text>
          )}
          {d.missed_punch && (
            <Text size="xs" c="red.8">
              Missed punch
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function AttendanceScreen() {
  const timeZone = useCompanyTimeZone();
  const today = todayIn(timeZone);
  const list = useListParams(LOGS_LIST);
  const { params } = list;
  const m: Month = {
    month: Number(params.month) || Number(today.slice(5, 7)),
    year: Number(params.year) || Number(today.slice(0, 4)),
  };
  const month = useAttendanceMonth(m);
  const logs = useAttendanceLogs({ ...params, ...m });
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const shift = (delta: number) => {
    const idx = m.year * 12 + (m.month - 1) + delta;
    list.setFilters({ month: String((idx % 12) + 1), year: String(Math.floor(idx / 12)) });
  };
  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const name = await downloadExport('/attendance/export', { ...m, format });
      toastSuccess(`Downloaded ${name}`);
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<AttendanceDay, AttendanceLogsQuery['sortBy']>[] = [
    { key: 'date', label: 'Date', sort: 'date', cell: (d) => `${formatDate(d.date)} (${d.weekday})` },
    { key: 'status', label: 'Status', sort: 'status', cell: (d) => <DayStatusBadge status={d.status} /> },
    { key: 'in', label: 'In', cell: (d) => clockTime(d.first_in, timeZone) },
    { key: 'out', label: 'Out', cell: (d) => clockTime(d.last_out, timeZone) },
    { key: 'worked', label: 'Worked', sort: 'worked_minutes', cell: (d) => workedHours(d.worked_minutes) },
    { key: 'late', label: 'Late mark', cell: (d) => (d.late ? `${d.late_minutes} min` : '—') },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Attendance"
        description="Your punches and days, in the company's time zone."
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => void onExport('csv')} loading={exporting === 'csv'}>
              Export CSV
            </Button>
            <Button variant="default" onClick={() => void onExport('xlsx')} loading={exporting === 'xlsx'}>
              Export Excel
            </Button>
          </Group>
        }
      />
      <TodayCard timeZone={timeZone} />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => shift(-1)} aria-label="Previous month">
          ‹ Previous
        </Button>
        <Title order={2} size="h3" aria-live="polite">
          {MONTH_NAMES[m.month - 1]} {m.year}
        </Title>
        <Button variant="subtle" onClick={() => shift(1)} aria-label="Next month">
          Next ›
        </Button>
      </Group>
      <Summary m={m} />
      {month.isError && <Text c="red.8">Could not load the month.</Text>}
      {month.data && <MonthGrid days={month.data.days} timeZone={timeZone} today={today} />}
      {month.data?.days.some((d) => d.locked) && (
        <Text size="sm" c="dimmed">
          Locked: the day is in a confirmed pay run and can no longer be regularised or taken as leave.
        </Text>
      )}
      <Title order={2} size="h4">
        Logs
      </Title>
      <Group>
        <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} />
      </Group>
      <DataTable
        label="Attendance logs"
        noun="days"
        columns={columns}
        rowKey={(d) => d.date}
        query={logs}
        list={list}
        emptyText="No days recorded this month."
      />
      <RegularisationPanel month={m} />
      <OptionalHolidaysPanel year={m.year} />
    </Stack>
  );
}
