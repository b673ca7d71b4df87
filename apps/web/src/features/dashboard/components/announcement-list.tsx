import type { Announcement } from '@hr/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';

/** Current announcements as cards; nothing at all when there are none. */
export function AnnouncementList({
  items,
  loading,
}: {
  items: Announcement[] | undefined;
  loading?: boolean;
}) {
  if (loading)
    return (
      <Text c="dimmed" size="sm">
        Loading announcements…
      </Text>
    );
  if (!items || items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No announcements right now.
      </Text>
    );
  return (
    <Stack
      gap="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Announcements"
    >
      {items.map((a) => (
        <Paper key={a.id} withBorder p="md" radius="md" component="li">
          <Title order={3} size="h5" mb={4} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconSpeakerphone size={16} aria-hidden="true" />
            {a.title}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {a.body}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Until {formatDate(a.ends_on)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
