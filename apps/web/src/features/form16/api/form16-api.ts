import type { Form16Issue, MyForm16 } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

type Envelope<T> = { data: T; message: string };
const KEY = ['form16'] as const;

/** Where issuing the year has got to; polled every 2 s while it is being issued. */
export function useForm16Issue(fy: string) {
  return useQuery({
    queryKey: [...KEY, 'issue', fy],
    queryFn: async () =>
      (await apiClient.get<Envelope<Form16Issue>>(`/form16/${fy}`, { silent: true })).data.data,
    refetchInterval: (q) => (q.state.data?.status === 'issuing' ? 2000 : false),
  });
}

/** Starts issuing (or issuing again); resolves to the API's sentence about what it did. */
export function useIssueForm16(fy: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (reissue: boolean) =>
      (
        await apiClient.post<Envelope<Form16Issue>>(`/form16/${fy}/issue`, reissue ? { reissue: true } : {}, {
          silent: true,
        })
      ).data,
    onSuccess: (res) => qc.setQueryData([...KEY, 'issue', fy], res.data),
  });
}

/** My certificates, latest year first. */
export function useMyForm16() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: async () =>
      (await apiClient.get<Envelope<MyForm16[]>>('/form16/my', { silent: true })).data.data,
  });
}

export const FORM16_FAILED = 'Could not download the Form 16. Try again in a moment.';

/** Saves a PDF; resolves to null when saved, or to a sentence saying why not. */
export async function downloadForm16(url: string, fileName: string): Promise<string | null> {
  try {
    const res = await apiClient.get<Blob>(url, {
      responseType: 'blob',
      silent: true,
      validateStatus: (s) => (s >= 200 && s < 300) || s === 404,
    });
    if (res.status === 404) return 'This Form 16 has not been issued. Ask HR if you need it.';
    downloadBlob(res.data, fileName);
    return null;
  } catch (err) {
    return err instanceof Error && err.message ? err.message : FORM16_FAILED;
  }
}
