import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';

/** The one placeholder for screens not built yet: names the screen, shows no made-up data. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>This screen is not available yet.</Text>
        <Text c="dimmed" size="sm" mt={4}>
          {title} will appear here in a later release.
        </Text>
      </Paper>
    </>
  );
}
