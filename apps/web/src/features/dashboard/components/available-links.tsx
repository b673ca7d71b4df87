import { hasAllPermissions } from '@hr/contract';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { selectPermissions, useAppSelector } from '../../../lib/store';

export type DashboardLink = { label: string; to: string; permission: readonly string[]; note?: string };

/** The links of a dashboard the user may follow. */
export function AvailableLinks({ links }: { links: readonly DashboardLink[] }) {
  const permissions = useAppSelector(selectPermissions);
  const visible = links.filter((l) => hasAllPermissions(permissions, l.permission));
  if (visible.length === 0) return <Text c="dimmed">Nothing here is open to your role yet.</Text>;
  return (
    <List spacing="xs">
      {visible.map((l) => (
        <List.Item key={l.to}>
          <Anchor component={Link} to={l.to}>
            {l.label}
          </Anchor>
          {l.note && (
            <Text span c="dimmed" size="sm">
              {' '}
              — {l.note}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
