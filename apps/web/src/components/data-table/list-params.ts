import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Page sizes offered under every list (the API's maximum is 100). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type SortOrder = 'asc' | 'desc';

/**
 * What a list keeps in its URL: the sort fields it offers (from the contract's enum), its default
 * sort, and the names of its filters (search text included), with any filter defaults.
 */
export type ListSpec<S extends string, F extends string> = {
  sortFields: readonly S[];
  defaultSort: S;
  defaultOrder?: SortOrder;
  records?: number;
  filters?: readonly F[];
  filterDefaults?: Partial<Record<F, string>>;
};

export type ListParams<S extends string, F extends string> = {
  page: number;
  records: number;
  sortBy: S;
  sortOrder: SortOrder;
} & Partial<Record<F, string>>;

function defaultsOf<S extends string, F extends string>(spec: ListSpec<S, F>) {
  return {
    page: 1,
    records: spec.records ?? PAGE_SIZES[0],
    sortBy: spec.defaultSort,
    sortOrder: spec.defaultOrder ?? 'asc',
  };
}

/**
 * The view a URL query describes. Anything unknown or out of range (a hand-edited link, a sort
 * field a list no longer offers) falls back to the default, so a shared link never breaks a list.
 */
export function parseListParams<S extends string, F extends string>(
  search: URLSearchParams,
  spec: ListSpec<S, F>,
): ListParams<S, F> {
  const d = defaultsOf(spec);
  const page = Number(search.get('page'));
  const records = Number(search.get('records'));
  const sortBy = search.get('sortBy');
  const sortOrder = search.get('sortOrder');
  const out = {
    page: Number.isInteger(page) && page >= 1 ? page : d.page,
    records: (PAGE_SIZES as readonly number[]).includes(records) ? records : d.records,
    sortBy:
      sortBy !== null && (spec.sortFields as readonly string[]).includes(sortBy) ? (sortBy as S) : d.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : d.sortOrder,
  } as ListParams<S, F>;
  for (const f of spec.filters ?? []) {
    const v = search.get(f) ?? spec.filterDefaults?.[f];
    if (v) (out as Record<string, unknown>)[f] = v;
  }
  return out;
}

/** The URL query for a view; values equal to their default are left out to keep links short. */
export function toSearchParams<S extends string, F extends string>(
  params: ListParams<S, F>,
  spec: ListSpec<S, F>,
): URLSearchParams {
  const d = defaultsOf(spec);
  const out = new URLSearchParams();
  if (params.page !== d.page) out.set('page', String(params.page));
  if (params.records !== d.records) out.set('records', String(params.records));
  if (params.sortBy !== d.sortBy) out.set('sortBy', params.sortBy);
  if (params.sortOrder !== d.sortOrder) out.set('sortOrder', params.sortOrder);
  for (const f of spec.filters ?? []) {
    const v = (params as Record<string, unknown>)[f] as string | undefined;
    const fallback = spec.filterDefaults?.[f];
    // A filter with a default is written out even when cleared ('') so that "no filter" survives.
    if (v && v !== fallback) out.set(f, v);
    else if (!v && fallback) out.set(f, '');
  }
  return out;
}

/** Sorting by a column: a new column starts ascending; the same column flips its order. */
export function nextSort<S extends string>(
  current: { sortBy: S; sortOrder: SortOrder },
  field: S,
): { sortBy: S; sortOrder: SortOrder } {
  return {
    sortBy: field,
    sortOrder: current.sortBy === field && current.sortOrder === 'asc' ? 'desc' : 'asc',
  };
}

export type ListState<S extends string, F extends string> = {
  params: ListParams<S, F>;
  /** Moves to a page. */
  setPage: (page: number) => void;
  /** Changes the page size, back to page 1. */
  setRecords: (records: number) => void;
  /** Sorts by a column (see nextSort), back to page 1. */
  sort: (field: S) => void;
  /** Sets filters (undefined or '' clears one), back to page 1. */
  setFilters: (patch: Partial<Record<F, string | undefined>>) => void;
};

/**
 * A list's view state (page, records, sortBy, sortOrder, search and filters) kept in the URL query,
 * so that Back, reload and a shared link all restore the same view. Each change adds a history
 * entry, as following a link would.
 */
export function useListParams<S extends string, F extends string = never>(
  spec: ListSpec<S, F>,
): ListState<S, F> {
  const [search, setSearch] = useSearchParams();
  // The spec is a constant of the screen; its fields are read as a string so a new object each
  // render does not re-create the callbacks.
  const key = JSON.stringify(spec);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `spec`.
  const params = useMemo(() => parseListParams(search, spec), [search, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `spec`.
  const update = useCallback(
    (patch: Partial<ListParams<S, F>>) =>
      setSearch((current) => toSearchParams({ ...parseListParams(current, spec), ...patch }, spec)),
    [setSearch, key],
  );
  return useMemo(
    () => ({
      params,
      setPage: (page) => update({ page } as Partial<ListParams<S, F>>),
      setRecords: (records) => update({ records, page: 1 } as Partial<ListParams<S, F>>),
      sort: (field) => update({ ...nextSort(params, field), page: 1 } as Partial<ListParams<S, F>>),
      setFilters: (patch) => update({ ...patch, page: 1 } as Partial<ListParams<S, F>>),
    }),
    [params, update],
  );
}

/** The params as the API wants them: empty filters dropped. */
export function apiParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v;
  return out as Partial<T>;
}

/** What specFromContract reads of a contract's list query schema. */
type ContractListQuery<S extends string> = {
  shape: {
    sortBy: { unwrap(): { options: readonly S[] }; def: { defaultValue: unknown } };
    sortOrder: { def: { defaultValue: unknown } };
  };
};

/**
 * A list's spec from the contract's query schema: the sort fields it offers and its default sort
 * and order are the API's own, so the web cannot drift from them.
 */
export function specFromContract<S extends string, F extends string = never>(
  schema: ContractListQuery<S>,
  rest: Omit<ListSpec<S, F>, 'sortFields' | 'defaultSort' | 'defaultOrder'> = {},
): ListSpec<S, F> {
  return {
    sortFields: schema.shape.sortBy.unwrap().options,
    defaultSort: schema.shape.sortBy.def.defaultValue as S,
    defaultOrder: schema.shape.sortOrder.def.defaultValue as SortOrder,
    ...rest,
  };
}
