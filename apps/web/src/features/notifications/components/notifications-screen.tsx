import type { Notification, NotificationPreference } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useListParams } from '../../../components/data-table';
import { ListState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pager';
import { formatDateTime, timeZoneOf } from '../../../lib/format';
import { selectUser, useAppSelector } from '../../../lib/store';
import { toastError, toastSuccess } from '../../../lib/toasts';
import {
  useMarkRead,
  useNotificationPreferences,
  useNotifications,
  useSavePreferences,
} from '../api/notifications-api';

const LIST_SPEC = {
  sortFields: ['created_at'] as const,
  defaultSort: 'created_at' as const,
  defaultOrder: 'desc' as const,
  filters: ['unread'] as const,
};

/** user/notifications: the signed-in user's notifications, newest first, and their mail choices. */
export function NotificationsScreen() {
  const list = useListParams(LIST_SPEC);
  const { page, records, sortOrder, unread } = list.params;
  const query = useNotifications({
    page,
    records,
    sortBy: 'created_at',
    sortOrder,
    ...(unread === 'true' ? { unread: 'true' as const } : {}),
  });
  const markRead = useMarkRead();
  const unreadCount = query.data?.meta.unreadCount ?? 0;
  const items = query.data?.data ?? [];

  const markAll = () =>
    markRead.mutate(
      { all: true },
      {
        onSuccess: (r) =>
          toastSuccess(
            r.updated === 1 ? '1 notification marked read' : `${r.updated} notifications marked read`,
          ),
        onError: () => toastError('Could not mark the notifications read. Try again.'),
      },
    );

  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          query.data ? (unreadCount === 0 ? 'Nothing unread.' : `${unreadCount} unread`) : undefined
        }
        actions={
          <Button
            variant="default"
            onClick={markAll}
            disabled={unreadCount === 0}
            loading={markRead.isPending && markRead.variables?.all === true}
          >
            Mark all as read
          </Button>
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={unread === 'true' ? 'unread' : 'all'}
          onChange={(v) => list.setFilters({ unread: v === 'unread' ? 'true' : undefined })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
        />
        <SegmentedControl
          aria-label="Order"
          value={sortOrder}
          onChange={() => list.sort('created_at')}
          data={[
            { value: 'desc', label: 'Newest first' },
            { value: 'asc', label: 'Oldest first' },
          ]}
        />
      </Group>
      <ListState query={query} what="notifications" empty={items.length === 0}>
        <Stack
          gap="sm"
          component="ul"
          aria-label="Notifications"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              onRead={() =>
                markRead.mutate(
                  { id: n.id },
                  { onError: () => toastError('Could not mark it read. Try again.') },
                )
              }
            />
          ))}
        </Stack>
        <Pager
          total={query.data?.meta.totalCount ?? 0}
          page={page}
          records={records}
          noun="notifications"
          onPage={list.setPage}
          onRecords={list.setRecords}
          labelControls
        />
      </ListState>
      <MailPreferences />
    </>
  );
}

function NotificationItem({ n, onRead }: { n: Notification; onRead: () => void }) {
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      aria-label={`${n.read ? '' : 'Unread: '}${n.title}`}
      style={n.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-6)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {!n.read && (
              <Badge size="sm" variant="filled" color="blue.8" style={{ flexShrink: 0 }}>
                Unread
              </Badge>
            )}
            <Text fw={n.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Text>
          </Group>
          {n.body && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(n.created_at, timeZone)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {n.link && (
            <Button
              component={Link}
              to={n.link}
              size="xs"
              aria-label={`Open: ${n.title}`}
              onClick={() => {
                if (!n.read) onRead();
              }}
            >
              Open
            </Button>
          )}
          {!n.read && (
            <Button size="xs" variant="default" onClick={onRead} aria-label={`Mark as read: ${n.title}`}>
              Mark as read
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function MailPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreference[] | null>(null);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const changed = !!draft && !!prefs.data && draft.some((p, i) => p.mail !== prefs.data[i]?.mail);

  return (
    <Paper component="section" withBorder p="md" radius="md" mt="xl" aria-labelledby="mail-settings">
      <Title order={2} size="h4" id="mail-settings" mb="xs">
        Mail settings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Choose which notifications also come by mail. You always see them here.
      </Text>
      {prefs.isError ? (
        <LoadError what="mail settings" message={prefs.error.message} onRetry={prefs.refetch} />
      ) : !draft ? (
        <PageLoader label="Loading mail settings…" />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { preferences: draft.map(({ kind, mail }) => ({ kind, mail })) },
              {
                onSuccess: () => toastSuccess('Mail settings saved'),
                onError: () => toastError('Could not save the mail settings. Try again.'),
              },
            );
          }}
        >
          <Stack gap="xs">
            {draft.map((p) => (
              <Checkbox
                key={p.kind}
                label={p.label}
                checked={p.mail}
                onChange={(e) => {
                  const mail = e.currentTarget.checked;
                  setDraft((d) => d?.map((x) => (x.kind === p.kind ? { ...x, mail } : x)) ?? d);
                }}
              />
            ))}
          </Stack>
          {save.isError && (
            <Alert color="red" mt="sm">
              {save.error.message}
            </Alert>
          )}
          <Button type="submit" mt="md" disabled={!changed} loading={save.isPending}>
            Save mail settings
          </Button>
        </form>
      )}
    </Paper>
  );
}
