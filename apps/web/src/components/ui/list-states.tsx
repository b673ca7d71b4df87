import { Alert, Button, Center, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';

/** "Could not load …" with a retry button; the error's `message`, when given, shows above the button. */
export function LoadError({
  what,
  message,
  onRetry,
}: {
  what: string;
  message?: string;
  onRetry: () => unknown;
}) {
  return (
    <Alert color="red" title={`Could not load ${what}`}>
      {message !== undefined && (
        <Text size="sm" mb="sm">
          {message}
        </Text>
      )}
      <Button size="xs" variant="default" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}

/** A dimmed, centred line in place of an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Center py="lg">
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}

/** The empty state as the only row of a table whose header stays in place. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <EmptyState>{children}</EmptyState>
      </Table.Td>
    </Table.Tr>
  );
}

/** What ListState reads of a query (a TanStack Query result fits). */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: unknown;
  refetch: () => unknown;
};

/** Loading, error (with retry) and empty states around a list's content. */
export function ListState({
  query,
  what,
  empty,
  children,
}: {
  query: ListQuery;
  what: string;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isError && !query.data) {
    return <LoadError what={what} message={query.error?.message ?? ''} onRetry={query.refetch} />;
  }
  if (query.isPending) return <PageLoader label={`Loading ${what}…`} />;
  if (empty) return <EmptyState>No {what} yet.</EmptyState>;
  return <>{children}</>;
}
