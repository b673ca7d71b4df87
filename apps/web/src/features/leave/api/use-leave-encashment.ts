import type {
  Encashable,
  LeaveEncashment,
  LeaveEncashmentInputData,
  LeaveEncashmentQuery,
  PageMeta,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import type { QueueMode } from './use-leave';

// Under the leave key: a decision refreshes balances, the explainer and the queues together.
const KEY = ['leave', 'encashment'] as const;
const QUEUE_URL: Record<QueueMode, string> = {
  team: '/requests/leave-encashments',
  admin: '/admin/requests/leave-encashment',
};
const invalidate = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: ['leave'] });

/** What the employee may encash of each type now (balance, pending, cap). */
export function useEncashable() {
  return useQuery({
    queryKey: [...KEY, 'options'],
    queryFn: async () => (await apiClient.get<{ data: Encashable[] }>('/leave/encashment/options')).data.data,
  });
}

export function useMyEncashments() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: LeaveEncashment[]; meta: PageMeta }>('/leave/encashment', {
          params: { records: 20, sortOrder: 'desc' },
        })
      ).data.data,
  });
}

export function useRequestEncashment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: LeaveEncashmentInputData) =>
      (await apiClient.post<{ data: LeaveEncashment }>('/leave/encashment', input, { silent: true })).data
        .data,
    onSuccess: () => invalidate(qc),
  });
}

export function useWithdrawEncashment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<{ data: LeaveEncashment }>(`/leave/encashment/${id}`)).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export type EncashmentQueueParams = Partial<LeaveEncashmentQuery> &
  Pick<LeaveEncashmentQuery, 'page' | 'records'>;
export function useEncashmentQueue(mode: QueueMode, params: EncashmentQueueParams) {
  return useQuery({
    queryKey: [...KEY, mode, params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: LeaveEncashment[]; meta: PageMeta }>(QUEUE_URL[mode], {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDecideEncashment(mode: QueueMode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.put<{ data: LeaveEncashment }>(
          `${QUEUE_URL[mode]}/${v.id}/${v.decision}`,
          { comment: v.comment || undefined },
          { silent: true },
        )
      ).data.data,
    onSuccess: () => invalidate(qc),
  });
}
