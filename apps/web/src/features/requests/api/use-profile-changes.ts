import type {
  ApprovalDelegation,
  EmployeeDropdownItemSchema,
  PageMeta,
  ProfileChangeQueueQuery,
  ProfileChangeRequest,
  ProfileChangeRequestInput,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';

/** Which queue a screen shows: the approver's (team) or the whole company's (admin). */
export type QueueMode = 'team' | 'admin';
const QUEUE_URL: Record<QueueMode, string> = {
  team: '/requests/profile-update',
  admin: '/admin/requests/profile-change',
};

export type QueueParams = Partial<ProfileChangeQueueQuery> &
  Pick<ProfileChangeQueueQuery, 'page' | 'records'>;

const KEY = ['profile-changes'] as const;

export function useMyProfileChanges() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: async () =>
      (await apiClient.get<{ data: ProfileChangeRequest[] }>('/employee/profile/change-request')).data.data,
  });
}

export function useRequestProfileChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileChangeRequestInput) =>
      (
        await apiClient.post<{ data: ProfileChangeRequest }>('/employee/profile/change-request', input, {
          silent: true,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCancelProfileChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.put<{ data: ProfileChangeRequest }>(`/employee/profile/change-request/${id}/cancel`))
        .data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useProfileChangeQueue(mode: QueueMode, params: QueueParams) {
  return useQuery({
    queryKey: [...KEY, mode, params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: ProfileChangeRequest[]; meta: PageMeta }>(QUEUE_URL[mode], {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDecideProfileChange(mode: QueueMode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.put<{ data: ProfileChangeRequest }>(`${QUEUE_URL[mode]}/${v.id}/${v.decision}`, {
          comment: v.comment || undefined,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

// ---------- Delegations (shown in the team queue) ----------

const DKEY = ['approval-delegations'] as const;

export function useMyDelegations() {
  return useQuery({
    queryKey: [...DKEY, 'mine'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: { given: ApprovalDelegation[]; received: ApprovalDelegation[] } }>(
          '/approval-delegation/mine',
        )
      ).data.data,
  });
}

export function useCreateDelegation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { delegate_id: string; starts_on: string; ends_on: string; reason?: string }) =>
      (await apiClient.post<{ data: ApprovalDelegation }>('/approval-delegation', input, { silent: true }))
        .data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: DKEY }),
  });
}

export function useDeleteDelegation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/approval-delegation/${id}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: DKEY }),
  });
}

/** People to pick from (the API limits them to the caller's scope). */
export function useEmployeeOptions(search: string) {
  return useQuery({
    queryKey: ['employee-dropdown', search],
    queryFn: async () =>
      (
        await apiClient.get<{ data: z.infer<typeof EmployeeDropdownItemSchema>[] }>('/employee/dropdown', {
          params: { q: search || undefined, records: 50 },
        })
      ).data.data,
    placeholderData: keepPreviousData,
  });
}
