import type { PageMeta } from '@hr/contract';
import { Paper, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyRow, type ListQuery, LoadError } from '../ui/list-states';
import { PageLoader } from '../ui/page-loader';
import { Pager } from '../ui/pager';
import { type ListState, PAGE_SIZES } from './list-params';

/** One column: its header, the sort field it sorts by (if any) and how a row's cell reads. */
export type Column<T, S extends string = string> = {
  key: string;
  label: string;
  sort?: S;
  cell: (row: T) => ReactNode;
  /** The header is read by screen readers but not shown (an actions column). */
  hideLabel?: boolean;
};

export type PageQuery<T> = ListQuery & {
  data: { items: T[]; meta: PageMeta } | undefined;
  isFetching?: boolean;
};

function SortHeader<S extends string>({
  label,
  field,
  list,
}: {
  label: string;
  field: S;
  list: Pick<ListState<S, string>, 'params' | 'sort'>;
}) {
  const active = list.params.sortBy === field;
  const order = list.params.sortOrder;
  const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        onClick={() => list.sort(field)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The one paged list: sortable headers (aria-sort), the loading, error and empty states, and the
 * pager with a page-size select, all reading and writing the view kept in the URL by
 * useListParams. On a narrow screen the table scrolls sideways inside its own box (a focusable
 * region, so the keyboard can scroll it too); the page itself does not.
 */
export function DataTable<T, S extends string>({
  label,
  noun,
  columns,
  rowKey,
  query,
  list,
  emptyText,
  minWidth = 720,
}: {
  label: string;
  noun: string;
  columns: Column<T, S>[];
  rowKey: (row: T) => string;
  query: PageQuery<T>;
  // The filters play no part here, so any list's state fits.
  // biome-ignore lint/suspicious/noExplicitAny: filter names are irrelevant to the table.
  list: ListState<S, any>;
  emptyText?: ReactNode;
  minWidth?: number;
}) {
  if (query.isError && !query.data) {
    return <LoadError what={noun} message={query.error?.message ?? ''} onRetry={query.refetch} />;
  }
  if (query.isPending) return <PageLoader label={`Loading ${noun}…`} />;
  const items = query.data?.items ?? [];
  const total = query.data?.meta.totalCount ?? 0;
  return (
    <Paper withBorder radius="md" style={{ minWidth: 0, maxWidth: '100%' }}>
      {/* Relative: the containing block of visually hidden (absolutely placed) labels, else they widen the page. */}
      <section
        aria-label={`${label} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users.
        tabIndex={0}
        style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
      >
        <Table striped highlightOnHover aria-label={label} aria-busy={query.isFetching} miw={minWidth}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) =>
                c.sort ? (
                  <SortHeader key={c.key} label={c.label} field={c.sort} list={list} />
                ) : (
                  <Table.Th key={c.key} scope="col">
                    {c.hideLabel ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 ? (
              <EmptyRow colSpan={columns.length}>{emptyText ?? `No ${noun} yet.`}</EmptyRow>
            ) : (
              items.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </section>
      <Pager
        total={total}
        page={list.params.page}
        records={list.params.records}
        noun={noun}
        onPage={list.setPage}
        onRecords={list.setRecords}
        recordOptions={PAGE_SIZES}
        labelControls
      />
    </Paper>
  );
}
