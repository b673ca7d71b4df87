import type { ApprovalState, ApprovalStatus, ProfileFieldChange } from '@hr/contract';
import { Badge, List, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';

export const STATUS_COLOR: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

export function StatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {enumLabel(status)}
    </Badge>
  );
}

/** Each field asked for, before and after (sensitive values arrive masked). */
export function ChangesTable({ changes, label }: { changes: ProfileFieldChange[]; label: string }) {
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Td>{c.label}</Table.Td>
            <Table.Td>{c.before ?? '—'}</Table.Td>
            <Table.Td>{c.after ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** "Waiting on …", naming today's delegates too. */
export function NextApprovers({ approval }: { approval: ApprovalState | null }) {
  if (approval?.status !== 'pending') return null;
  if (approval.next_approvers.length === 0) {
    return <Text size="sm">Waiting on: an administrator</Text>;
  }
  const names = approval.next_approvers.map((a) =>
    a.delegates.length
      ? `${a.name} (or ${a.delegates.map((d) => d.name).join(', ')} on their behalf)`
      : a.name,
  );
  return (
    <Text size="sm">
      Waiting on: {names.join(approval.next_approvers.length > 1 ? ', ' : '')}
      {approval.level_count > 1 ? ` — level ${approval.current_level} of ${approval.level_count}` : ''}
    </Text>
  );
}

/** Every decision with who, on whose behalf, when and the comment. */
export function DecisionHistory({
  approval,
  timeZone,
}: {
  approval: ApprovalState | null;
  timeZone: string;
}) {
  if (!approval || approval.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No decisions yet.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <List size="sm" spacing={4} aria-label="Decisions">
        {approval.history.map((h) => (
          <List.Item key={`${h.level}-${h.actor_id}-${h.created_at}`}>
            <Text size="sm" span fw={600}>
              {h.decision === 'approved' ? 'Approved' : 'Rejected'}
            </Text>{' '}
            by {h.actor_name}
            {h.on_behalf_of_name ? ` on behalf of ${h.on_behalf_of_name}` : ''}
            {h.as_admin ? ' (admin decision)' : ''} — {formatDateTime(h.created_at, timeZone)}
            {h.comment ? `: “${h.comment}”` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
