import type { EmployeeRecordsListQuery, EmployeeSummary, PageMeta } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';

/** GET employee's query as the contract declares it (sort fields, search keys, filters). */
export type EmployeeListParams = Partial<EmployeeRecordsListQuery> &
  Pick<EmployeeRecordsListQuery, 'page' | 'records'>;
export type EmployeeSortField = EmployeeRecordsListQuery['sortBy'];
export type EmployeeSearchKey = NonNullable<EmployeeRecordsListQuery['key']>;

export type EmployeePage = { items: EmployeeSummary[]; meta: PageMeta };

export async function fetchEmployees(params: EmployeeListParams): Promise<EmployeePage> {
  // A search key without a value means no search.
  const res = await apiClient.get<{ data: EmployeeSummary[]; meta: PageMeta }>('/employee', {
    params: apiParams({ ...params, key: params.value ? params.key : undefined }),
  });
  return { items: res.data.data, meta: res.data.meta };
}

export function useEmployees(params: EmployeeListParams) {
  return useQuery({
    queryKey: ['employees', 'list', params],
    queryFn: () => fetchEmployees(params),
    placeholderData: keepPreviousData,
  });
}
