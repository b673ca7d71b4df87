import { hasAllPermissions } from '@hr/contract';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useUnreadCount } from '../api/notifications-api';

/**
 * The header's bell: a link to the notifications screen whose name and badge say how many are
 * unread (the number is text, not only a colour). Shown to users who may see notifications.
 */
export function NotificationBell() {
  const permissions = useAppSelector(selectPermissions);
  const allowed = hasAllPermissions(permissions, ['employee_notifications.view']);
  const unread = useUnreadCount(allowed);
  if (!allowed) return null;
  const n = unread.data ?? 0;
  const label = n === 0 ? 'Notifications' : `Notifications: ${n} unread`;
  return (
    <Tooltip label={label}>
      <Indicator
        label={n > 99 ? '99+' : n}
        size={18}
        color="red.8"
        disabled={n === 0}
        offset={4}
        aria-hidden={false}
      >
        <ActionIcon
          component={Link}
          to="/user/notifications"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
        >
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
