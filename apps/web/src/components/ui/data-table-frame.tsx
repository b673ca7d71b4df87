import { Paper } from '@mantine/core';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { type ListQuery, ListState } from './list-states';
import { Pager } from './pager';

/**
 * A bordered, paged list: its loading, error and empty states ("No {what} yet."), then the
 * content (`children`, usually the table) with the paging footer under it. The footer reads the
 * page from `params` and turns pages through `setParams`.
 */
export function DataTableFrame<P extends { page: number; records: number }>({
  query,
  what,
  params,
  setParams,
  children,
}: {
  query: ListQuery & {
    data: { items: unknown[]; meta: { totalCount: number } } | undefined;
  };
  what: string;
  params: P;
  setParams: Dispatch<SetStateAction<P>>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <ListState query={query} what={what} empty={(query.data?.items ?? []).length === 0}>
        {children}
        <Pager
          total={query.data?.meta.totalCount ?? 0}
          page={params.page}
          records={params.records}
          noun={what}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        />
      </ListState>
    </Paper>
  );
}
