import type {
  EmployeeDocument,
  PageMeta,
  RegimeComparisonView,
  TaxDeclaration,
  TaxDeclarationBody,
  TaxDeclarationListQuery,
  TaxDeclarationRow,
  TaxProofReviewBody,
  TaxWindow,
  TaxWindowBody,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

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

/**
 * Sends a proof of one item: the file goes in as one of my documents (POST upload/file, with its
 * type, size and PDF checks), then it is attached to the item, which goes up for review.
 */
export function useSendProof(employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { itemId: string; label: string; file: File }) => {
      const form = new FormData();
      form.append('employee_id', employeeId);
      form.append('title', `Tax proof: ${v.label}`.slice(0, 200));
      form.append('file', v.file);
      const doc = (await apiClient.post<{ data: EmployeeDocument }>('/upload/file', form, { silent: true }))
        .data.data;
      return (
        await apiClient.post<Envelope<TaxDeclaration>>(
          `/tax/my/declaration/items/${v.itemId}/proofs`,
          { document_id: doc.id },
          { silent: true },
        )
      ).data.data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** An administrator's decision on an item's proof: verify (at the declared amount or less) or reject. */
export function useReviewProof() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { itemId: string; body: TaxProofReviewBody }) =>
      (
        await apiClient.post<Envelope<TaxDeclaration>>(`/tax/items/${v.itemId}/review`, v.body, {
          silent: true,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Saves a proof's file (the bearer token rides on the call; the server checks who may read it). */
export async function downloadProof(proofId: string, fileName: string, own: boolean): Promise<void> {
  const url = own ? `/tax/my/proofs/${proofId}/file` : `/tax/proofs/${proofId}/file`;
  const res = await apiClient.get<Blob>(url, { responseType: 'blob' });
  downloadBlob(res.data, fileName);
}
