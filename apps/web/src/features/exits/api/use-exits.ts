import type {
  AgreeLastDayInput,
  Exit,
  PageMeta,
  ResignationInput,
  Settlement,
  TerminationInputData,
} from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

const KEY = ['exits'] as const;
const invalidate = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: KEY });

/** The employee's latest exit (null: none). */
export function useMyExit() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: async () => (await apiClient.get<{ data: Exit | null }>('/exits/mine')).data.data,
  });
}

/** The employee's own settlement, once the last day is agreed. */
export function useMySettlement(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'mine', 'settlement'],
    enabled,
    queryFn: async () =>
      (await apiClient.get<{ data: Settlement }>('/exits/mine/settlement', { silent: true })).data.data,
  });
}

export function useResign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResignationInput) =>
      (await apiClient.post<{ data: Exit }>('/exits/resignation', input, { silent: true })).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export function useWithdrawResignation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.delete<{ data: Exit }>(`/exits/mine/${id}`)).data.data,
    onSuccess: () => invalidate(qc),
  });
}

/** Every exit of the company (admin). */
export function useExits() {
  return useQuery({
    queryKey: [...KEY, 'all'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: Exit[]; meta: PageMeta }>('/admin/exits', {
          params: { records: 100, sortOrder: 'desc' },
        })
      ).data.data,
  });
}

export function useSettlement(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'settlement', id],
    enabled: !!id,
    retry: (n, e) => !(e instanceof ApiError) && n < 2,
    queryFn: async () =>
      (await apiClient.get<{ data: Settlement }>(`/admin/exits/${id}/settlement`, { silent: true })).data
        .data,
  });
}

export function useDecideResignation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject' }) =>
      (await apiClient.put<{ data: Exit }>(`/admin/requests/resignation/${v.id}/${v.decision}`, {})).data
        .data,
    onSuccess: () => invalidate(qc),
  });
}

/** Employees to pick from (the shared dropdown endpoint), by name or code. */
export function useEmployeeOptions(search: string) {
  return useQuery({
    queryKey: ['employee-dropdown', search],
    queryFn: async () =>
      (
        await apiClient.get<{ data: { id: string; name: string; employee_code: string }[] }>(
          '/employee/dropdown',
          {
            params: { q: search || undefined, records: 50 },
          },
        )
      ).data.data,
  });
}

export function useRecordTermination() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: TerminationInputData) =>
      (await apiClient.post<{ data: Exit }>('/admin/exits', input, { silent: true })).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export function useAgreeLastDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; input: AgreeLastDayInput }) =>
      (await apiClient.put<{ data: Exit }>(`/admin/exits/${v.id}`, v.input, { silent: true })).data.data,
    onSuccess: () => invalidate(qc),
  });
}
