import { ATTENDANCE_STATUS_LABELS, type AttendanceDayStatus } from '@hr/contract';
import { Badge } from '@mantine/core';

/** Status colours always come with the status in words (never colour alone). */
export const DAY_COLOR: Record<AttendanceDayStatus, string> = {
  present: 'green',
  late: 'orange',
  half_day: 'yellow',
  absent: 'red',
  on_leave: 'blue',
  holiday: 'grape',
  weekly_off: 'gray',
};

export function DayStatusBadge({
  status,
  size = 'sm',
}: {
  status: AttendanceDayStatus | null;
  size?: 'xs' | 'sm';
}) {
  if (!status)
    return (
      <Badge color="gray" variant="outline" size={size}>
        No record
      </Badge>
    );
  return (
    <Badge color={DAY_COLOR[status]} variant="light" size={size}>
      {ATTENDANCE_STATUS_LABELS[status]}
    </Badge>
  );
}

export const clockTime = (v: string | null, timeZone: string) =>
  v
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(v))
    : '—';

export const workedHours = (m: number) =>
  m ? `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m` : '—';

/**
 * Today's status as the punches tell it. The derived day status is only settled when the day is
 * over (a first short session derives as absent), so while the employee punches the card follows
 * the punches: working since the last punch in, or out since the last punch out with the next
 * session open to them. Without punches the day's own status (leave, holiday) shows.
 */
export function TodayStatus({
  punches,
  workingSince,
  lastPunchAt,
  status,
  timeZone,
}: {
  punches: number;
  workingSince: string | null;
  lastPunchAt: string | null;
  status: AttendanceDayStatus | null;
  timeZone: string;
}) {
  if (workingSince)
    return (
      <Badge color="green" variant="light" size="sm" data-testid="today-status">
        Working since {clockTime(workingSince, timeZone)}
      </Badge>
    );
  if (punches > 0)
    return (
      <Badge color="gray" variant="light" size="sm" data-testid="today-status">
        Out since {clockTime(lastPunchAt, timeZone)}
      </Badge>
    );
  if (!status)
    return (
      <Badge color="gray" variant="outline" size="sm" data-testid="today-status">
        Not punched in yet
      </Badge>
    );
  return <DayStatusBadge status={status} />;
}

/** The punch button's words: a punch in after an earlier session starts another one. */
export const punchLabel = (next: 'in' | 'out', punches: number) =>
  next === 'out' ? 'Punch out' : punches > 0 ? 'Punch in again' : 'Punch in';

/** The line under the status: what was punched and what the employee can do next. */
export function punchSummary(punches: readonly string[], next: 'in' | 'out', timeZone: string): string {
  if (punches.length === 0) return 'No punches yet today.';
  const sessions: string[] = [];
  for (let i = 0; i < punches.length; i += 2) {
    const out = punches[i + 1];
    sessions.push(`${clockTime(punches[i]!, timeZone)}–${out ? clockTime(out, timeZone) : 'now'}`);
  }
  const list = `Session${sessions.length === 1 ? '' : 's'} today: ${sessions.join(', ')}.`;
  return next === 'in' ? `${list} Your day is complete unless you punch in again.` : list;
}
