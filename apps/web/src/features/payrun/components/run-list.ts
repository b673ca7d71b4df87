import { useListParams } from '../../../components/data-table';

/**
 * The Run Payroll screen's view in the URL: which run is open (`run`), the tab, and the review
 * table's page, sort, search and filter, so that Back and a shared link restore it.
 */
export const RUN_VIEW = {
  sortFields: ['code', 'name', 'gross', 'net', 'net_change'] as const,
  defaultSort: 'code' as const,
  filters: ['run', 'tab', 'search', 'only'] as const,
};
export const useRunView = () => useListParams(RUN_VIEW);
export type RunView = ReturnType<typeof useRunView>;
