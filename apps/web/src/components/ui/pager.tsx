import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Names for the previous/next arrows, for lists that label them. */
const CONTROL_LABELS = (control: string) => ({
  'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
});

/**
 * The footer under a paged list: "Showing 1–10 of 42 {noun}" (or `summary` instead) and the page
 * buttons. `labelControls` gives the previous/next arrows accessible names. With `onRecords` a
 * "Rows per page" select offers `recordOptions`.
 */
export function Pager({
  total,
  page,
  records,
  noun,
  onPage,
  summary,
  labelControls = false,
  onRecords,
  recordOptions = [10, 25, 50, 100],
}: {
  total: number;
  page: number;
  records: number;
  noun: string;
  onPage: (p: number) => void;
  summary?: ReactNode;
  labelControls?: boolean;
  onRecords?: (records: number) => void;
  recordOptions?: readonly number[];
}) {
  const pages = Math.max(1, Math.ceil(total / records));
  const first = total === 0 ? 0 : (page - 1) * records + 1;
  const last = Math.min(total, page * records);
  return (
    <Group justify="space-between" p="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary ?? (total === 0 ? `0 ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`)}
      </Text>
      {onRecords && (
        <NativeSelect
          label="Rows per page"
          size="xs"
          data={recordOptions.map(String)}
          value={String(records)}
          onChange={(e) => onRecords(Number(e.currentTarget.value))}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
      )}
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        size="sm"
        aria-label="Pages"
        getControlProps={labelControls ? CONTROL_LABELS : undefined}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
