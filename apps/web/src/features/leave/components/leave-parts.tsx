import type { LeaveRequest, LeaveRequestStatus } from '@hr/contract';
import { Badge, Button } from '@mantine/core';
import { enumLabel } from '../../../lib/labels';
import { toastError } from '../../../lib/toasts';
import { downloadLeaveDocument } from '../api/use-leave';

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

/** Opens the document attached to a request (the server decides who may read it). */
export function LeaveDocumentButton({ request: r }: { request: LeaveRequest }) {
  if (!r.document_url) return null;
  const url = r.document_url;
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() =>
        void downloadLeaveDocument(url, `leave-document-${r.from_date}`).catch(() =>
          toastError('Could not open the document'),
        )
      }
      aria-label={`Open the document for leave from ${r.from_date}`}
    >
      Open document
    </Button>
  );
}
