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
