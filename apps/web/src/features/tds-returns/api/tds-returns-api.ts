import type { TdsChallan, TdsChallanBody, TdsReturn } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

type Envelope<T> = { data: T; message: string };
const KEY = ['tds-returns'] as const;
const BASE = '/payroll/tds-returns';

/** The quarter's return: months, challans and the check. */
export function useTdsReturn(fy: string, quarter: number) {
  return useQuery({
    queryKey: [...KEY, fy, quarter],
    queryFn: async () =>
      (
        await apiClient.get<Envelope<TdsReturn>>(BASE, {
          params: { financial_year: fy, quarter },
          silent: true,
        })
      ).data.data,
  });
}

export function useSaveChallan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TdsChallanBody }) =>
      (id
        ? await apiClient.put<Envelope<TdsChallan>>(`${BASE}/challans/${id}`, body, { silent: true })
        : await apiClient.post<Envelope<TdsChallan>>(`${BASE}/challans`, body, { silent: true })
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteChallan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.delete<Envelope<null>>(`${BASE}/challans/${id}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Downloads the return's text file; the server names it. */
export async function downloadTdsReturn(fy: string, quarter: number): Promise<string> {
  const res = await apiClient.get<Blob>(`${BASE}/file`, {
    params: { financial_year: fy, quarter },
    responseType: 'blob',
  });
  const disposition = res.headers['content-disposition'] as string | undefined;
  const name = /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? `24Q_Q${quarter}_${fy}.txt`;
  downloadBlob(res.data, name);
  return name;
}
