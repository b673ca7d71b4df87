import type {
  AttendanceDay,
  AttendanceSummary,
  MusterQuery,
  PageMeta,
  PunchData,
  PunchInput,
  PunchUploadResult,
  Regularisation,
  RegularisationInput,
  RegularisationQueueQuery,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { ApiError, apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

const KEY = ['attendance'] as const;
const REG_KEY = ['regularisation'] as const;
export type Month = { month: number; year: number };

export function usePunchData() {
  return useQuery({
    queryKey: [...KEY, 'punch-data'],
    queryFn: async () => (await apiClient.get<{ data: PunchData }>('/employee/punch-data')).data.data,
  });
}

/** The browser's position for a punch where the policy checks it (the dashboard punches too). */
export function currentLocation(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) reject(new Error('This browser cannot share your location'));
    else
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
        () => reject(new Error('Allow location access to punch: your attendance policy needs it')),
        { timeout: 10_000 },
      );
  });
}

export function usePunch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: PunchInput) =>
      (await apiClient.put<{ data: PunchData }>('/attendance', input, { silent: true })).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAttendanceMonth(m: Month, employeeId?: string) {
  return useQuery({
    queryKey: [...KEY, 'month', m, employeeId],
    queryFn: async () =>
      (
        await apiClient.get<{ data: { employee_id: string; time_zone: string; days: AttendanceDay[] } }>(
          '/attendance/month',
          { params: { ...m, employee_id: employeeId } },
        )
      ).data.data,
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceLogs(params: Record<string, unknown>) {
  return useQuery({
    queryKey: [...KEY, 'logs', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: AttendanceDay[]; meta: PageMeta }>('/attendance/logs', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceSummary(m: Month) {
  return useQuery({
    queryKey: [...KEY, 'summary', m],
    queryFn: async () =>
      (await apiClient.get<{ data: AttendanceSummary }>('/dashboard/attendance-summary', { params: m })).data
        .data,
  });
}

/** Downloads a server export, saved under the name the server gives (`{prefix}-{MM-YYYY}.ext`). */
export async function downloadExport(url: string, params: Record<string, unknown>): Promise<string> {
  const res = await apiClient.get<Blob>(url, { params: apiParams(params), responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'attendance';
  downloadBlob(res.data, name);
  return name;
}

// ---- regularisation ----

export function useRegularisationReasons() {
  return useQuery({
    queryKey: [...REG_KEY, 'reasons'],
    queryFn: async () =>
      (
        await apiClient.get<{ data: { value: string; label: string }[] }>(
          '/attendance/regularization/dropdown',
        )
      ).data.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMyRegularisations(params: Record<string, unknown>) {
  return useQuery({
    queryKey: [...REG_KEY, 'mine', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Regularisation[]; meta: PageMeta }>(
        '/attendance/regularization-record',
        { params: apiParams(params) },
      );
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveRegularisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: string; input: RegularisationInput }) =>
      v.id
        ? (
            await apiClient.put<{ data: Regularisation }>(
              `/attendance/regularization-record/${v.id}`,
              v.input,
              {
                silent: true,
              },
            )
          ).data.data
        : (
            await apiClient.post<{ data: Regularisation }>('/attendance/regularization-record', v.input, {
              silent: true,
            })
          ).data.data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: REG_KEY });
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useDeleteRegularisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiClient.delete(`/attendance/regularization-record/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: REG_KEY }),
  });
}

export type QueueMode = 'team' | 'admin';
const QUEUE_URL: Record<QueueMode, string> = {
  team: '/requests/regularization',
  admin: '/admin/requests/regularization',
};

export function useRegularisationQueue(
  mode: QueueMode,
  params: Partial<RegularisationQueueQuery> & Pick<RegularisationQueueQuery, 'page' | 'records'>,
) {
  return useQuery({
    queryKey: [...REG_KEY, mode, params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Regularisation[]; meta: PageMeta }>(QUEUE_URL[mode], {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDecideRegularisation(mode: QueueMode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.put<{ data: Regularisation }>(`${QUEUE_URL[mode]}/${v.id}/${v.decision}`, {
          comment: v.comment || undefined,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: REG_KEY }),
  });
}

// ---- team and admin ----

export type TeamToday = {
  date: string;
  rows: {
    employee_id: string;
    employee_code: string;
    employee_name: string;
    status: AttendanceDay['status'];
    first_in: string | null;
    late: boolean;
  }[];
  counts: { in: number; late: number; absent: number; on_leave: number; not_in: number };
};
export function useTeamToday(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'team-today'],
    queryFn: async () => (await apiClient.get<{ data: TeamToday }>('/attendance/team/today')).data.data,
    enabled,
  });
}

export type MusterRow = {
  employee_id: string;
  employee_code: string;
  employee_name: string;
  days: AttendanceDay['status'][];
  present: number;
  absent: number;
  late_marks: number;
  penalty_lop_days: number;
  /** One flag per day: locked by a confirmed pay run. */
  locked_days: boolean[];
};
export function useMuster(params: Partial<MusterQuery> & Month) {
  return useQuery({
    queryKey: [...KEY, 'muster', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: MusterRow[]; meta: PageMeta }>('/attendance/muster', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

// ---- punches from a file ----

export type PunchUploadOutcome =
  | { ok: true; result: PunchUploadResult; message: string }
  | { ok: false; message: string; errors: { row: number; field: string; message: string }[] };

/** Uploads a CSV or .xlsx of punches; a 400 with bad rows comes back as the rows to show. */
export function useUploadPunches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<PunchUploadOutcome> => {
      const form = new FormData();
      form.append('file', file);
      try {
        const res = await apiClient.post<{ data: PunchUploadResult; message: string }>(
          '/attendance/punches/upload',
          form,
          { silent: true },
        );
        return { ok: true, result: res.data.data, message: res.data.message };
      } catch (err) {
        if (err instanceof ApiError) {
          const errors = (
            err.errors as unknown as { row?: number; field?: string; path?: string; message?: string }[]
          ).map((e) => ({ row: e.row ?? 0, field: e.field ?? e.path ?? '', message: e.message ?? '' }));
          return { ok: false, message: err.message, errors };
        }
        throw err;
      }
    },
    onSuccess: (r) => {
      if (r.ok) qc.invalidateQueries({ queryKey: KEY });
    },
  });
}

// ---- optional holidays (the caller's pick of their calendar's) ----

export type OptionalHolidays = {
  calendar: { id: string; name: string } | null;
  limit: number;
  holidays: {
    id: string;
    date: string;
    name: string;
    location: string | null;
    picked: boolean;
    past: boolean;
  }[];
};

export function useOptionalHolidays(year: number) {
  return useQuery({
    queryKey: ['optional-holidays', year],
    queryFn: async () =>
      (await apiClient.get<{ data: OptionalHolidays }>('/optional-holidays', { params: { year } })).data.data,
  });
}

/** Picks or un-picks one; the server keeps the yearly limit and re-derives the day. */
export function useToggleOptionalHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; pick: boolean }) =>
      v.pick
        ? apiClient.put(`/optional-holidays/${v.id}`, undefined, { silent: true })
        : apiClient.delete(`/optional-holidays/${v.id}`, { silent: true }),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: ['optional-holidays'] });
      qc.invalidateQueries({ queryKey: KEY });
    },
  });
}
