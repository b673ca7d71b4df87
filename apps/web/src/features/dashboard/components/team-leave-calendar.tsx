import type { TeamDashboard } from '@hr/contract';
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { mondayLead, WEEKDAY_LABELS as WEEKDAYS } from '../../../lib/calendar';
import { formatDate, MONTH_NAMES } from '../../../lib/format';

type Calendar = TeamDashboard['leave_calendar'];

function datesOf(year: number, month: number): string[] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from(
    { length: days },
    (_, i) => `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
  );
}

/**
 * A month view of my reports' approved and pending leave, with my calendar's holidays. The grid is
 * for the eye (hidden from screen readers); the list below it holds the same facts in words.
 */
export function TeamLeaveCalendar({ calendar, today }: { calendar: Calendar; today: string }) {
  const dates = datesOf(calendar.year, calendar.month);
  // Monday-first: how many blank cells before the 1st.
  const lead = mondayLead(dates[0]!);
  const holiday = new Map(calendar.holidays.map((h) => [h.date, h.name]));
  const onDay = new Map<string, Calendar['leaves']>();
  for (const l of calendar.leaves) onDay.set(l.date, [...(onDay.get(l.date) ?? []), l]);
  const title = `Team leave, ${MONTH_NAMES[calendar.month - 1]} ${calendar.year}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="team-leave-calendar">
      <Title order={2} size="h4" mb="sm" id="team-leave-calendar">
        {title}
      </Title>
      <Group gap="xs" mb="xs">
        <Badge color="blue" variant="filled" size="sm">
          Approved
        </Badge>
        <Badge color="orange" variant="outline" size="sm">
          Pending
        </Badge>
        <Badge color="grape" variant="light" size="sm">
          Holiday
        </Badge>
      </Group>
      <Box aria-hidden="true">
        <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
          {WEEKDAYS.map((w) => (
            <Text key={w} size="xs" c="dimmed" ta="center">
              {w}
            </Text>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity
            <Box key={`blank-${i}`} />
          ))}
          {dates.map((date) => {
            const leaves = onDay.get(date) ?? [];
            const hol = holiday.get(date);
            return (
              <Box
                key={date}
                p={4}
                mih={56}
                style={{
                  border: `1px solid var(--mantine-color-${date === today ? 'blue-6' : 'gray-3'})`,
                  borderRadius: 4,
                  background: hol ? 'var(--mantine-color-grape-0)' : undefined,
                  overflow: 'hidden',
                }}
              >
                <Text size="xs" fw={date === today ? 700 : 400}>
                  {Number(date.slice(8))}
                </Text>
                {hol && (
                  <Text size="xs" c="grape.9" truncate visibleFrom="sm">
                    {hol}
                  </Text>
                )}
                <Stack gap={1}>
                  {leaves.map((l) => (
                    <Badge
                      key={`${l.request_id}-${l.date}`}
                      size="xs"
                      radius="sm"
                      color={l.status === 'approved' ? 'blue' : 'orange'}
                      variant={l.status === 'approved' ? 'filled' : 'outline'}
                      fullWidth
                      styles={{ label: { textTransform: 'none' } }}
                    >
                      {l.employee_name.split(' ')[0]}
                    </Badge>
                  ))}
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
      </Box>
      {calendar.leaves.length === 0 && calendar.holidays.length === 0 ? (
        <Text c="dimmed" size="sm" mt="sm">
          No leave or holidays this month.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360} mt="sm">
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[
                ...calendar.holidays.map((h) => ({
                  key: `h-${h.date}`,
                  date: h.date,
                  who: 'Holiday',
                  what: h.name,
                })),
                ...calendar.leaves.map((l) => ({
                  key: `${l.request_id}-${l.date}`,
                  date: l.date,
                  who: l.employee_name,
                  what: `${l.leave_type}${l.amount < 1 ? ' (half day)' : ''}, ${l.status}`,
                })),
              ]
                .sort((a, b) => a.date.localeCompare(b.date))
                .map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>{formatDate(r.date)}</Table.Td>
                    <Table.Td>{r.who}</Table.Td>
                    <Table.Td>{r.what}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
