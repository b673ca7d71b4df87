import { Button, Select, type SelectProps } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { SearchBar } from '../ui/search-bar';
import type { ListState } from './list-params';

/**
 * The search form above a list, bound to one filter of the URL view (`field`). The text is
 * applied on submit; Back or a shared link puts the applied text back in the field.
 */
export function ListSearch<F extends string>({
  list,
  field,
  label,
  fieldLabel,
  placeholder,
  before,
  children,
  extra,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the sort fields play no part in the search.
  list: ListState<any, F>;
  field: F;
  label: string;
  fieldLabel: string;
  placeholder?: string;
  before?: ReactNode;
  children?: ReactNode;
  /** Other filters to apply together with the text (e.g. which field the text searches). */
  extra?: () => Partial<Record<F, string | undefined>>;
}) {
  const applied = (list.params[field] as string | undefined) ?? '';
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  return (
    <SearchBar
      label={label}
      fieldLabel={fieldLabel}
      placeholder={placeholder}
      value={draft}
      onChange={setDraft}
      onSearch={() =>
        list.setFilters({ ...extra?.(), [field]: draft.trim() || undefined } as Partial<
          Record<F, string | undefined>
        >)
      }
      gap="sm"
      withIcon
      before={before}
      after={
        applied && (
          <Button
            variant="default"
            onClick={() => list.setFilters({ [field]: undefined } as Partial<Record<F, string | undefined>>)}
          >
            Clear search
          </Button>
        )
      }
    >
      {children}
    </SearchBar>
  );
}

/** A select that sets one filter of the URL view; clearing it shows everything ("Any"). */
export function FilterSelect<F extends string>({
  list,
  field,
  ...props
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the sort fields play no part in a filter.
  list: ListState<any, F>;
  field: F;
} & Omit<SelectProps, 'value' | 'onChange' | 'list'>) {
  return (
    <Select
      placeholder="Any"
      clearable
      w={160}
      {...props}
      value={(list.params[field] as string | undefined) ?? null}
      onChange={(v) => list.setFilters({ [field]: v ?? undefined } as Partial<Record<F, string | undefined>>)}
    />
  );
}
