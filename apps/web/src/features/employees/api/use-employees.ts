import type { EmployeeSummary, PageMeta } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type EmployeeSortField = 'employee_code' | 'first_name' | 'email' | 'date_of_joining';
export type EmployeeSearchKey = 'name' | 'employee_code' | 'email';

export type EmployeeListParams = {
  page: number;
  records: number;
  sortBy: EmployeeSortField;
  sortOrder: 'asc' | 'desc';
  key?: EmployeeSearchKey;
  value?: string;
  status?: 'active' | 'inactive' | 'exited';
};

export type EmployeePage = { items: EmployeeSummary[]; meta: PageMeta };

export async function fetchEmployees(params: EmployeeListParams): Promise<EmployeePage> {
  // The API client drops empty parameters (key/value when there is no search).
  const res = await apiClient.get<{ data: EmployeeSummary[]; meta: PageMeta }>('/employee', {
    params: { ...params, key: params.value ? params.key : undefined },
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
