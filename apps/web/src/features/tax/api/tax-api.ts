import type {
  PageMeta,
  RegimeComparisonView,
  TaxDeclaration,
  TaxDeclarationBody,
  TaxDeclarationListQuery,
  TaxDeclarationRow,
  TaxWindow,
  TaxWindowBody,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

type Envelope<T> = { data: T };
const KEY = ['tax'] as const;
const yearParams = (fy: string | undefined) => (fy ? { financial_year: fy } : {});

/** My declaration for the year (the company's current year when none is given). */
export function useMyDeclaration(fy?: string) {
  return useQuery({
    queryKey: [...KEY, 'mine', fy ?? null],
    queryFn: async () =>
      (
        await apiClient.get<Envelope<TaxDeclaration>>('/tax/my/declaration', {
          params: yearParams(fy),
          silent: true,
        })
      ).data.data,
  });
}

/** Both regimes on my projected salary and my declaration. Silent: the screen says why in its place. */
export function useMyComparison(fy: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'comparison', fy ?? null],
    queryFn: async () =>
      (
        await apiClient.get<Envelope<RegimeComparisonView>>('/tax/my/comparison', {
          params: yearParams(fy),
          silent: true,
        })
      ).data.data,
    enabled: fy !== undefined,
    retry: false,
  });
}

export function useSaveDeclaration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TaxDeclarationBody) =>
      (await apiClient.put<Envelope<TaxDeclaration>>('/tax/my/declaration', body, { silent: true })).data
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSubmitDeclaration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (financial_year: string) =>
      (
        await apiClient.post<Envelope<TaxDeclaration>>(
          '/tax/my/declaration/submit',
          { financial_year },
          { silent: true },
        )
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useTaxWindow(fy: string) {
  return useQuery({
    queryKey: [...KEY, 'window', fy],
    queryFn: async () => (await apiClient.get<Envelope<TaxWindow | null>>(`/tax/windows/${fy}`)).data.data,
  });
}

export function useSetTaxWindow(fy: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TaxWindowBody) =>
      (await apiClient.put<Envelope<TaxWindow>>(`/tax/windows/${fy}`, body, { silent: true })).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useTaxDeclarations(
  params: Partial<TaxDeclarationListQuery> & { page: number; records: number },
) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: TaxDeclarationRow[]; meta: PageMeta }>('/tax/declarations', {
        params,
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

/** One employee's declaration for the year, as the administrator reads it. */
export function useEmployeeDeclaration(employeeId: string | null, fy: string) {
  return useQuery({
    queryKey: [...KEY, 'employee', employeeId, fy],
    queryFn: async () =>
      (
        await apiClient.get<Envelope<TaxDeclaration>>(`/tax/employees/${employeeId}/declaration`, {
          params: { financial_year: fy },
          silent: true,
        })
      ).data.data,
    enabled: employeeId !== null,
    retry: false,
  });
}
