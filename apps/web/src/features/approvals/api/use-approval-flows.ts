import type {
  ApprovalFlow,
  ApprovalFlowInput,
  DropdownOption,
  EmployeeDropdownItemSchema,
} from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

const KEY = ['approval-flows'] as const;

export function useApprovalFlows() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await apiClient.get<{ data: ApprovalFlow[] }>('/approval-flow')).data.data,
  });
}

export function useSaveApprovalFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string | null; input: ApprovalFlowInput }) => {
      const res = v.id
        ? await apiClient.put<{ data: ApprovalFlow }>(`/approval-flow/${v.id}`, v.input, { silent: true })
        : await apiClient.post<{ data: ApprovalFlow }>('/approval-flow', v.input, { silent: true });
      return res.data.data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteApprovalFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/approval-flow/${id}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useReportingRoleOptions() {
  return useQuery({
    queryKey: ['reporting-role-dropdown'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: DropdownOption[] }>('/reporting-role/dropdown', {
          silent: true,
        })
      ).data.data,
  });
}

export function useEmployeeDropdown(search: string) {
  return useQuery({
    queryKey: ['employee-dropdown', search],
    queryFn: async () =>
      (
        await apiClient.get<{ data: z.infer<typeof EmployeeDropdownItemSchema>[] }>('/employee/dropdown', {
          params: { q: search || undefined, records: 50 },
        })
      ).data.data,
  });
}
