export { type Column, DataTable, type PageQuery } from './data-table';
export { FilterSelect, ListSearch } from './list-filters';
export {
  apiParams,
  type ListParams,
  type ListSpec,
  type ListState,
  nextSort,
  PAGE_SIZES,
  parseListParams,
  specFromContract,
  toSearchParams,
  useListParams,
} from './list-params';
