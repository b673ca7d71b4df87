import type {
  Assignment,
  AttendancePolicy,
  ExplainResponseSchema,
  HolidayCalendar,
  MasterPolicy,
  PageMeta,
  PoliciesSummaryResponseSchema,
  PolicyListQuery,
  Roster,
  Shift,
  WeeklyOffPolicy,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient, unwrap } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toasts';

export type Page<T> = { items: T[]; meta: PageMeta };
export type PolicyListParams = Partial<PolicyListQuery>;

/** The definition lists of the set-up screens, by their API path. */
export type Kinds = {
  'attendance-policy': AttendancePolicy;
  shift: Shift;
  roster: Roster;
  'weekly-off-policy': WeeklyOffPolicy;
  'holiday-calendar': HolidayCalendar;
  'master-policy': MasterPolicy;
};
export type Kind = keyof Kinds;

const KEY = 'policies';

export const usePolicyList = <K extends Kind>(kind: K, params: PolicyListParams) =>
  useQuery({
    queryKey: [KEY, kind, params],
    queryFn: async (): Promise<Page<Kinds[K]>> => {
      const res = await apiClient.get<{ data: Kinds[K][]; meta: PageMeta }>(`/${kind}`, {
        params: apiParams(params as Record<string, unknown>),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });

/** Every row of a definition list (for pickers: a company has a handful). */
export const usePolicyOptions = (kind: Kind) =>
  useQuery({
    queryKey: [KEY, kind, 'options'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: { id: string; name: string }[] }>(`/${kind}`, {
          params: { records: 100 },
        })
      ).data.data.map((r) => ({ value: r.id, label: r.name })),
  });

/** A mutation that toasts the server's message and refreshes every policies query. */
function useAction<V>(fn: (v: V) => Promise<{ data: { message: string } }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => (await fn(v)).data,
    onSuccess: (res) => {
      toastSuccess(res.message);
      void qc.invalidateQueries({ queryKey: [KEY] });
    },
  });
}

export const useSavePolicy = (kind: Kind) =>
  useAction((v: { id?: string; body: object }) =>
    v.id ? apiClient.put(`/${kind}/${v.id}`, v.body) : apiClient.post(`/${kind}`, v.body),
  );
export const useDeletePolicy = (kind: Kind) => useAction((id: string) => apiClient.delete(`/${kind}/${id}`));

export const useSaveHoliday = () =>
  useAction((v: { calendarId: string; id?: string; body: object }) =>
    v.id
      ? apiClient.put(`/holiday-calendar/${v.calendarId}/holiday/${v.id}`, v.body)
      : apiClient.post(`/holiday-calendar/${v.calendarId}/holiday`, v.body),
  );
export const useDeleteHoliday = () =>
  useAction((v: { calendarId: string; id: string }) =>
    apiClient.delete(`/holiday-calendar/${v.calendarId}/holiday/${v.id}`),
  );

export const useAssignments = (masterPolicyId: string | null) =>
  useQuery({
    queryKey: [KEY, 'assignments', masterPolicyId],
    enabled: !!masterPolicyId,
    queryFn: () => unwrap<Assignment[]>(apiClient.get(`/master-policy/${masterPolicyId}/assignment`)),
  });
export const useAssign = () =>
  useAction((v: { masterPolicyId: string; body: object }) =>
    apiClient.post(`/master-policy/${v.masterPolicyId}/assignment`, v.body),
  );
export const useEndAssignment = () =>
  useAction((v: { id: string; effective_to: string }) =>
    apiClient.put(`/master-policy-assignment/${v.id}/end`, { effective_to: v.effective_to }),
  );
export const useDeleteAssignment = () =>
  useAction((id: string) => apiClient.delete(`/master-policy-assignment/${id}`));

export type Summary = z.infer<typeof PoliciesSummaryResponseSchema>['data'];
export const usePoliciesSummary = () =>
  useQuery({
    queryKey: [KEY, 'summary'],
    queryFn: () => unwrap<Summary>(apiClient.get('/policies/summary')),
  });

export type Explanation = z.infer<typeof ExplainResponseSchema>['data'];
export const useExplain = (employeeId: string | null, date: string) =>
  useQuery({
    queryKey: [KEY, 'explain', employeeId, date],
    enabled: !!employeeId && /^\d{4}-\d{2}-\d{2}$/.test(date),
    queryFn: () =>
      unwrap<Explanation>(apiClient.get('/policies/explain', { params: { employee_id: employeeId, date } })),
  });
