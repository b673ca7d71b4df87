import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { useOptionalHolidays, useToggleOptionalHoliday } from '../api/use-attendance';

/**
 * The optional holidays of the employee's holiday calendar for a year: they pick up to the
 * calendar's limit (the server refuses more); a picked one counts as a holiday on their days.
 */
export function OptionalHolidaysPanel({ year }: { year: number }) {
  const q = useOptionalHolidays(year);
  const toggle = useToggleOptionalHoliday();
  const data = q.data;
  const picked = data?.holidays.filter((h) => h.picked).length ?? 0;
  // Days already past are shown (what was taken) but can no longer be picked or removed.
  const full = !!data && picked >= data.limit;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="optional-holidays-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="optional-holidays-title">
            Optional holidays {year}
          </Title>
          {data?.calendar && (
            <Badge variant="light" color={full ? 'orange' : 'blue'}>
              {picked} of {data.limit} picked
            </Badge>
          )}
        </Group>
        {q.isError ? (
          <Text c="red.8">Could not load the optional holidays.</Text>
        ) : q.isPending ? (
          <Text c="dimmed">Loading the optional holidays…</Text>
        ) : !data?.calendar || data.holidays.length === 0 ? (
          <Text c="dimmed">Your holiday calendar has no optional holidays in {year}.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              From {data.calendar.name}: pick up to {data.limit}. A picked day counts as a holiday.
            </Text>
            {toggle.isError && (
              <Alert color="red" title="Not changed">
                {toggle.error.message}
              </Alert>
            )}
            <Stack gap={6} role="list" aria-label={`Optional holidays ${year}`}>
              {data.holidays.map((h) => (
                <Group key={h.id} justify="space-between" wrap="nowrap" role="listitem">
                  <Text size="sm">
                    <b>{formatDate(h.date)}</b> {h.name}
                    {h.location ? ` (${h.location})` : ''}
                  </Text>
                  {h.past ? (
                    <Badge variant="light" color="gray">
                      {h.picked ? 'Taken' : 'Passed'}
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant={h.picked ? 'light' : 'default'}
                      color={h.picked ? 'green' : undefined}
                      disabled={!h.picked && full}
                      loading={toggle.isPending && toggle.variables?.id === h.id}
                      onClick={() => toggle.mutate({ id: h.id, pick: !h.picked })}
                      aria-label={`${h.picked ? 'Remove' : 'Pick'} ${h.name}`}
                    >
                      {h.picked ? 'Picked · remove' : 'Pick'}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
