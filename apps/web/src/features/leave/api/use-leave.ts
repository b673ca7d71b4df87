import type {
  EmployeeDocument,
  LeaveBalance,
  LeaveCalendar,
  LeaveDecisionContext,
  LeaveExplainer,
  LeavePolicy,
  LeavePreview,
  LeaveQueueQuery,
  LeaveRequest,
  LeaveRequestInputData,
  LeaveType,
  LeaveTypeInputData,
  MyLeaveQuery,
  PageMeta,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';
import { useBulkDecide, useDecisionContext } from '../../requests/api/use-queue-actions';

const KEY = ['leave'] as const;
export type QueueMode = 'team' | 'admin';
const QUEUE_URL: Record<QueueMode, string> = { team: '/requests/leaves', admin: '/admin/requests/leave' };

const invalidate = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: KEY });

export function useLeaveConfiguration() {
  return useQuery({
    queryKey: [...KEY, 'configuration'],
    queryFn: async () =>
      (await apiClient.get<{ data: { leave_types: LeaveType[] } }>('/employee/base-leave-configuration')).data
        .data,
  });
}

export function useMyBalances() {
  return useQuery({
    queryKey: [...KEY, 'balances'],
    queryFn: async () =>
      (await apiClient.get<{ data: LeaveBalance[] }>('/leave/mobile/leave-balance')).data.data,
  });
}

export function useExplainer(employeeId: string | null, leaveTypeId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'explain', employeeId, leaveTypeId],
    enabled: !!employeeId && !!leaveTypeId,
    queryFn: async () =>
      (
        await apiClient.get<{ data: LeaveExplainer }>(`/leave/leave-balance/${employeeId}/entries`, {
          params: { leave_type_id: leaveTypeId },
        })
      ).data.data,
  });
}

export type MyLeaveParams = Partial<MyLeaveQuery> & Pick<MyLeaveQuery, 'page' | 'records'>;
export function useMyLeaves(params: MyLeaveParams) {
  return useQuery({
    queryKey: [...KEY, 'mine', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: LeaveRequest[]; meta: PageMeta }>('/employee/leave-request', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: async (input: LeaveRequestInputData) =>
      (await apiClient.post<{ data: LeavePreview }>('/leave/preview', input, { silent: true })).data.data,
  });
}

export function useApplyLeave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: LeaveRequestInputData) =>
      (await apiClient.post<{ data: LeaveRequest }>('/leave', input, { silent: true })).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export function useRemoveLeave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<{ data: LeaveRequest }>(`/leave/leave-record/${id}`)).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export function useLeaveCalendar(month: number, year: number, scope: 'mine' | 'team') {
  return useQuery({
    queryKey: [...KEY, 'calendar', month, year, scope],
    queryFn: async () =>
      (await apiClient.get<{ data: LeaveCalendar }>('/leave/calendar', { params: { month, year, scope } }))
        .data.data,
  });
}

export type QueueParams = Partial<LeaveQueueQuery> & Pick<LeaveQueueQuery, 'page' | 'records'>;
export function useLeaveQueue(mode: QueueMode, params: QueueParams) {
  return useQuery({
    queryKey: [...KEY, mode, params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: LeaveRequest[]; meta: PageMeta }>(QUEUE_URL[mode], {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDecideLeave(mode: QueueMode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.put<{ data: LeaveRequest }>(`${QUEUE_URL[mode]}/${v.id}/${v.decision}`, {
          comment: v.comment || undefined,
        })
      ).data.data,
    onSuccess: () => invalidate(qc),
  });
}

export function useLeaveTypes() {
  return useQuery({
    queryKey: [...KEY, 'types'],
    queryFn: async () => (await apiClient.get<{ data: LeaveType[] }>('/leave/types')).data.data,
  });
}
export function useSaveLeaveType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string | null; input: LeaveTypeInputData }) =>
      v.id
        ? (await apiClient.put<{ data: LeaveType }>(`/leave/types/${v.id}`, v.input, { silent: true })).data
            .data
        : (await apiClient.post<{ data: LeaveType }>('/leave/types', v.input, { silent: true })).data.data,
    onSuccess: () => invalidate(qc),
  });
}
export function useLeavePolicies() {
  return useQuery({
    queryKey: [...KEY, 'policies'],
    queryFn: async () => (await apiClient.get<{ data: LeavePolicy[] }>('/leave/policies')).data.data,
  });
}
export function useSaveLeavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      id: string | null;
      input: {
        name: string;
        is_base: boolean;
        leave_type_ids: string[];
        description?: string | null;
        year_start_month?: number;
      };
    }) =>
      v.id
        ? (await apiClient.put<{ data: LeavePolicy }>(`/leave/policies/${v.id}`, v.input, { silent: true }))
            .data.data
        : (await apiClient.post<{ data: LeavePolicy }>('/leave/policies', v.input, { silent: true })).data
            .data,
    onSuccess: () => invalidate(qc),
  });
}

/** The leave document goes in as one of the employee's documents (POST upload/file); its id rides on the request. */
export function useUploadLeaveDocument(employeeId: string | null | undefined) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('employee_id', employeeId ?? '');
      form.append('title', `Leave document: ${file.name}`.slice(0, 200));
      form.append('file', file);
      return (await apiClient.post<{ data: EmployeeDocument }>('/upload/file', form, { silent: true })).data
        .data;
    },
  });
}

/** Saves a request's document (the bearer token rides on the call; the server checks who may read it). */
export async function downloadLeaveDocument(url: string, fileName: string): Promise<void> {
  const res = await apiClient.get<Blob>(url.replace(/^\/api/, ''), { responseType: 'blob' });
  // The stored name (with its extension) comes back in content-disposition.
  const named = /filename="([^"]+)"/.exec(String(res.headers?.['content-disposition'] ?? ''))?.[1];
  downloadBlob(res.data, named ?? fileName);
}

/** Several leave requests of the queue approved or rejected at once. */
export function useBulkDecideLeave(mode: QueueMode) {
  return useBulkDecide(QUEUE_URL[mode], KEY);
}

/** The balance before and after approving a request, and who else is away then. */
export function useLeaveDecisionContext(mode: QueueMode, id: string) {
  return useDecisionContext<LeaveDecisionContext>(QUEUE_URL[mode], id, KEY);
}
