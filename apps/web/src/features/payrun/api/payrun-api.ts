import type {
  AnomalyAckBody,
  AttendanceSheetPreview,
  OnetimeSheetPreview,
  OpeningYtdPreview,
  OpeningYtdRowSchema,
  PageMeta,
  PayableDaysDetail,
  PayableDaysRow,
  PayRun,
  PayRunAutomaticItems,
  PayRunCreateBody,
  PayRunFileInfo,
  PayRunFileKind,
  PayRunReview,
  PayRunSettings,
  PayRunSettingsBody,
  Payslip,
  TdsSheetPreview,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { ApiError, apiClient, unwrap } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';
import { toastSuccess } from '../../../lib/toasts';

export type Page<T> = { items: T[]; meta: PageMeta };
export type OpeningYtdRow = Omit<z.infer<typeof OpeningYtdRowSchema>, 'row'>;

/** The three sheets of a run and the spec's paths for each (section 7 "Pay run"). */
export type RunSheet = 'attendance' | 'onetime' | 'tds';
export const SHEET_PATHS: Record<RunSheet, { template: string; upload: string; remove: string }> = {
  attendance: {
    template: 'attendance-sheet',
    upload: 'upload-attendance',
    remove: 'remove-attendance-sheet',
  },
  onetime: {
    template: 'onetime-payout-sheet',
    upload: 'upload-onetimepayout',
    remove: 'remove-onetimepayout',
  },
  tds: { template: 'tds-sheet', upload: 'upload-tds', remove: 'remove-tds' },
};
export type SheetPreview = {
  attendance: AttendanceSheetPreview;
  onetime: OnetimeSheetPreview;
  tds: TdsSheetPreview;
};

export const payrunKeys = {
  all: ['payrun'] as const,
  list: (p: object) => ['payrun', 'list', p] as const,
  run: (id: string) => ['payrun', 'run', id] as const,
  review: (id: string) => ['payrun', 'review', id] as const,
  files: (id: string) => ['payrun', 'files', id] as const,
  automatic: (id: string) => ['payrun', 'automatic', id] as const,
  payable: ['payrun', 'payable-days'] as const,
  settings: ['payrun', 'settings'] as const,
  ytd: ['payrun', 'opening-ytd'] as const,
};

async function fetchPage<T>(url: string, params: Record<string, unknown>): Promise<Page<T>> {
  const res = await apiClient.get<{ data: T[]; meta: PageMeta }>(url, { params: apiParams(params) });
  return { items: res.data.data, meta: res.data.meta };
}

/** Saves a response body as a file, named as the server's content-disposition says. */
function saveBlob(data: Blob, disposition: string | undefined, fallback: string): string {
  const name = /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? fallback;
  downloadBlob(data, name);
  return name;
}

export async function download(url: string, params: Record<string, string> | undefined, fallback: string) {
  const res = await apiClient.get<Blob>(url, { params, responseType: 'blob' });
  return saveBlob(res.data, res.headers['content-disposition'] as string | undefined, fallback);
}

/** Every pay-run change refreshes all pay-run queries: the run, its review and lists move together. */
function useRunAction<V, R>(fn: (v: V) => Promise<{ message: string; data: R }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      toastSuccess(res.message);
      void qc.invalidateQueries({ queryKey: payrunKeys.all });
    },
  });
}
const body = async <R>(p: Promise<{ data: { message: string; data: R } }>) => (await p).data;

// ---- Runs ----
export type RunListParams = { page: number; records: number; status?: string; sortOrder?: string };
export const usePayRuns = (params: RunListParams) =>
  useQuery({
    queryKey: payrunKeys.list(params),
    queryFn: () => fetchPage<PayRun>('/payrun', { ...params, sortBy: 'month', sortOrder: 'desc' }),
    placeholderData: keepPreviousData,
  });

/** What computing the run adds by itself (worked out now for a draft; as taken once computed). */
export const useAutomaticItems = (id: string) =>
  useQuery({
    queryKey: payrunKeys.automatic(id),
    queryFn: () =>
      unwrap<PayRunAutomaticItems>(apiClient.get(`/payrun/${id}/automatic-items`, { silent: true })),
  });

/** A run, polled every two seconds while it is computing or its payslips are being made. */
export const usePayRun = (id: string | undefined) =>
  useQuery({
    queryKey: payrunKeys.run(id ?? ''),
    queryFn: () => unwrap<PayRun>(apiClient.get(`/payrun/${id}`, { silent: true })),
    enabled: !!id,
    refetchInterval: (q) => {
      const run = q.state.data;
      return run && (run.status === 'computing' || run.payslips_status === 'generating') ? 2000 : false;
    },
  });

export const useCreatePayRun = () =>
  useRunAction((v: PayRunCreateBody) => body<PayRun>(apiClient.post('/payrun', v, { silent: true })));
export const useDeletePayRun = () => useRunAction((id: string) => body(apiClient.delete(`/payrun/${id}`)));
export const useComputePayRun = () =>
  useRunAction((id: string) => body<PayRun>(apiClient.post(`/payrun/${id}/compute`)));
export const useConfirmPayRun = () =>
  useRunAction((id: string) => body<PayRun>(apiClient.put(`/payrun/${id}/confirm`)));
/**
 * Payslip generation; its error is shown on the screen (silent), not only toasted. `regenerate`
 * makes every PDF again with the current settings.
 */
export const useGeneratePayslips = () =>
  useRunAction((v: { id: string; regenerate?: boolean }) =>
    body(
      apiClient.post(`/payrun/payslips/${v.id}`, v.regenerate ? { regenerate: true } : undefined, {
        silent: true,
      }),
    ),
  );
export const useAcknowledge = () =>
  useRunAction((v: { id: string; body: AnomalyAckBody }) =>
    body<PayRun>(apiClient.put(`/payrun/${v.id}/anomalies/acknowledge`, v.body, { silent: true })),
  );

// ---- Sheets ----
export const downloadSheetTemplate = (sheet: RunSheet, runId: string) =>
  download(`/templates/${SHEET_PATHS[sheet].template}`, { payrun_id: runId }, `${sheet}-sheet.xlsx`);

/** A preview, or the server's refusal in words (a sheet it cannot read at all). */
export async function previewSheet<K extends RunSheet>(
  sheet: K,
  runId: string,
  file: File,
): Promise<SheetPreview[K]> {
  const form = new FormData();
  form.append('file', file);
  return unwrap<SheetPreview[K]>(
    apiClient.post(`/payrun/${SHEET_PATHS[sheet].upload}/preview`, form, {
      params: { payrun_id: runId },
      silent: true,
    }),
  );
}
export const useUploadSheet = () =>
  useRunAction((v: { sheet: RunSheet; runId: string; importId: string }) =>
    body<PayRun>(
      apiClient.post(
        `/payrun/${SHEET_PATHS[v.sheet].upload}/${v.runId}`,
        { import_id: v.importId },
        { silent: true },
      ),
    ),
  );
export const useRemoveSheet = () =>
  useRunAction((v: { sheet: RunSheet; runId: string }) =>
    body<PayRun>(apiClient.delete(`/payrun/${SHEET_PATHS[v.sheet].remove}/${v.runId}`)),
  );
export const useConfirmAttendance = () =>
  useRunAction((id: string) =>
    body<PayRun>(apiClient.post(`/payrun/confirm-attendance/${id}`, undefined, { silent: true })),
  );
export const useRemoveAttendance = () =>
  useRunAction((id: string) => body<PayRun>(apiClient.put(`/payrun/remove-attendance/${id}`)));

// ---- Review ----
export type ReviewParams = {
  page: number;
  records: number;
  search?: string;
  only?: string;
  sortBy?: string;
  sortOrder?: string;
};
export const useReview = (id: string | undefined, params: ReviewParams, enabled = true) =>
  useQuery({
    queryKey: [...payrunKeys.review(id ?? ''), params],
    queryFn: () =>
      unwrap<PayRunReview>(
        apiClient.get(`/payrun/review/${id}`, { params: apiParams(params), silent: true }),
      ),
    enabled: !!id && enabled,
    placeholderData: keepPreviousData,
  });
export const useRunPayslip = (runId: string, employeeId: string | null) =>
  useQuery({
    queryKey: ['payrun', 'payslip', runId, employeeId],
    queryFn: () =>
      unwrap<Payslip>(apiClient.get(`/payrun/${runId}/payslips/${employeeId}`, { silent: true })),
    enabled: !!employeeId,
  });

// ---- Files ----
export const useRunFiles = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: payrunKeys.files(id),
    queryFn: () => unwrap<PayRunFileInfo[]>(apiClient.get(`/payrun/${id}/files`, { silent: true })),
    enabled,
  });
export const downloadRunFile = (id: string, kind: PayRunFileKind, fallback: string) =>
  download(`/payrun/${id}/files/${kind}`, undefined, fallback);

// ---- Payable days ----
export type PayableParams = {
  page: number;
  records: number;
  month: number;
  year: number;
  search?: string;
  sortBy?: string;
  sortOrder?: string;
};
export const usePayableDays = (params: PayableParams) =>
  useQuery({
    queryKey: [...payrunKeys.payable, params],
    queryFn: () => fetchPage<PayableDaysRow>('/payrun/payable-days', params),
    placeholderData: keepPreviousData,
  });
export const usePayableDetail = (employeeId: string | null, month: number, year: number) =>
  useQuery({
    queryKey: [...payrunKeys.payable, 'one', employeeId, month, year],
    queryFn: () =>
      unwrap<PayableDaysDetail>(
        apiClient.get(`/payrun/payable-days/${employeeId}`, { params: { month, year }, silent: true }),
      ),
    enabled: !!employeeId,
  });

// ---- Settings and opening year-to-date ----
export const useRunSettings = () =>
  useQuery({
    queryKey: payrunKeys.settings,
    queryFn: () => unwrap<PayRunSettings>(apiClient.get('/payrun/settings')),
  });
export const useSaveRunSettings = () =>
  useRunAction((v: PayRunSettingsBody) =>
    body<PayRunSettings>(apiClient.put('/payrun/settings', v, { silent: true })),
  );

export const downloadYtdTemplate = (fy: string) =>
  download('/templates/opening-ytd-sheet', { financial_year: fy }, `opening-ytd-${fy}.xlsx`);
export async function previewYtd(fy: string, file: File): Promise<OpeningYtdPreview> {
  const form = new FormData();
  form.append('file', file);
  return unwrap<OpeningYtdPreview>(
    apiClient.post('/payrun/upload-opening-ytd/preview', form, {
      params: { financial_year: fy },
      silent: true,
    }),
  );
}
export const useUploadYtd = () =>
  useRunAction((v: { fy: string; importId: string }) =>
    body<{ employees: number; changed: boolean }>(
      apiClient.post(
        '/payrun/upload-opening-ytd',
        { import_id: v.importId },
        { params: { financial_year: v.fy }, silent: true },
      ),
    ),
  );
export const useOpeningYtd = (params: { page: number; records: number; financial_year: string }) =>
  useQuery({
    queryKey: [...payrunKeys.ytd, params],
    queryFn: () => fetchPage<OpeningYtdRow>('/payrun/opening-ytd', params),
    placeholderData: keepPreviousData,
  });

/** The message of a failed call in words, with its field or row errors. */
export function errorText(error: unknown): { message: string; details: string[] } {
  if (error instanceof ApiError) {
    return { message: error.message, details: error.errors.map((e) => e.message) };
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong', details: [] };
}
