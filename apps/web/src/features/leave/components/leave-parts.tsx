import type { LeaveRequestStatus } from '@hr/contract';
import { Badge } from '@mantine/core';
import { enumLabel } from '../../../lib/labels';

const COLOR: Record<LeaveRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  cancelled: 'gray',
};

export function LeaveStatusBadge({ status }: { status: LeaveRequestStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {enumLabel(status)}
    </Badge>
  );
}
