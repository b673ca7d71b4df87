import type {
  HeadcountReport,
  JoinerLeaverRow,
  JoinersLeaversQuerySchema,
  LeaveBalancesReport,
  PageMeta,
  PayrollRegister,
  PayrollStatutory,
  ReimbursementsReport,
  ReportCatalogItem,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient, unwrap } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

export type HeadcountParams = { from: string; to: string; division_id?: string };
export type JoinersLeaversParams = z.input<typeof JoinersLeaversQuerySchema>;

export const useReportCatalog = () =>
  useQuery({
    queryKey: ['reports', 'catalog'],
    queryFn: () => unwrap<ReportCatalogItem[]>(apiClient.get('/reports')),
  });

export const useHeadcount = (params: HeadcountParams, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'headcount', params],
    queryFn: () =>
      unwrap<HeadcountReport>(apiClient.get('/reports/headcount', { params: apiParams(params) })),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useJoinersLeavers = (params: JoinersLeaversParams, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'joiners-leavers', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: JoinerLeaverRow[]; meta: PageMeta }>(
        '/reports/joiners-leavers',
        {
          params: apiParams(params as Record<string, unknown>),
        },
      );
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
    enabled,
  });

export type ExportProgress = { loaded: number; total: number | null };

/**
 * Downloads a report export; the server names the file ({prefix}-{MM-YYYY}.csv or .xlsx). The
 * server streams without a Content-Length, so progress is the bytes received so far (total null);
 * `signal` cancels the download.
 */
export async function downloadExport(
  path: string,
  params: Record<string, unknown>,
  opts: { onProgress?: (p: ExportProgress) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const res = await apiClient.get<Blob>(path, {
    params: apiParams(params),
    responseType: 'blob',
    signal: opts.signal,
    onDownloadProgress: (e) => opts.onProgress?.({ loaded: e.loaded, total: e.total ?? null }),
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  downloadBlob(res.data, name);
  return name;
}

export type ReimbursementsParams = {
  from: string;
  to: string;
  category_id?: string;
  status?: string;
  division_id?: string;
};

export const useReimbursementsReport = (params: ReimbursementsParams, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'reimbursements', params],
    queryFn: () =>
      unwrap<ReimbursementsReport>(apiClient.get('/reports/reimbursements', { params: apiParams(params) })),
    placeholderData: keepPreviousData,
    enabled,
  });

export type LeaveBalancesParams = {
  as_of: string;
  from: string;
  to: string;
  leave_type_id?: string;
  division_id?: string;
};

export const useLeaveBalancesReport = (params: LeaveBalancesParams, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'leave-balances', params],
    queryFn: () =>
      unwrap<LeaveBalancesReport>(apiClient.get('/reports/leave-balances', { params: apiParams(params) })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Options for the report filters (empty when the caller may not list them). */
export const useFilterOptions = (path: '/expenses/categories' | '/leave/types') =>
  useQuery({
    queryKey: ['reports', 'options', path],
    queryFn: () => unwrap<{ id: string; name: string }[]>(apiClient.get(path, { silent: true })),
    select: (rows) => rows.map((r) => ({ value: r.id, label: r.name })),
    staleTime: 60_000,
  });

export type PayrollParams = { from: string; to: string; division_id?: string; search?: string };

/** A page of the payroll register (confirmed runs only), its columns and the filter's totals. */
export const usePayrollRegister = (
  params: PayrollParams & { page: number; records: number },
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['reports', 'payroll-register', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: PayrollRegister; meta: PageMeta }>(
        '/reports/payroll-register',
        {
          params: apiParams(params),
        },
      );
      return { ...res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePayrollStatutory = (params: Omit<PayrollParams, 'search'>, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'payroll-statutory', params],
    queryFn: () =>
      unwrap<PayrollStatutory>(apiClient.get('/reports/payroll-statutory', { params: apiParams(params) })),
    placeholderData: keepPreviousData,
    enabled,
  });
