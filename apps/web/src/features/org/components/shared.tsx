import { Alert, Button, Center, Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';

/** Loading, error (with retry) and empty states around a list's content. */
export function ListState({
  query,
  what,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: unknown; refetch: () => unknown };
  what: string;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isError && !query.data) {
    return (
      <Alert color="red" title={`Could not load ${what}`}>
        <Text size="sm" mb="sm">
          {query.error?.message}
        </Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.isPending) return <PageLoader label={`Loading ${what}…`} />;
  if (empty) {
    return (
      <Center py="lg">
        <Text c="dimmed">No {what} yet.</Text>
      </Center>
    );
  }
  return <>{children}</>;
}

export function Pager({
  total,
  page,
  records,
  noun,
  onPage,
}: {
  total: number;
  page: number;
  records: number;
  noun: string;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / records));
  const first = total === 0 ? 0 : (page - 1) * records + 1;
  const last = Math.min(total, page * records);
  return (
    <Group justify="space-between" p="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? `0 ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        size="sm"
        aria-label="Pages"
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}

/** Today's date (YYYY-MM-DD) in the company zone. */
export function todayIn(timeZone = 'Asia/Kolkata'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}
