import type {
  HeadcountReport,
  JoinerLeaverRow,
  JoinersLeaversQuerySchema,
  PageMeta,
  ReportCatalogItem,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient, unwrap } from '../../../lib/api-client';

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

/** Downloads a report export; the server names the file ({prefix}-{MM-YYYY}.csv or .xlsx). */
export async function downloadExport(path: string, params: Record<string, unknown>): Promise<string> {
  const res = await apiClient.get<Blob>(path, { params: apiParams(params), responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
