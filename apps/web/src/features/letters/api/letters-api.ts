import type { AdminLetterListQuery, Letter, LetterListQuery, LetterType, PageMeta } from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';

type Envelope<T> = { status: number; message: string; data: T };
const KEY = ['letters'] as const;

export function useMyLetters(params: Partial<LetterListQuery> & Pick<LetterListQuery, 'page' | 'records'>) {
  return useQuery({
    queryKey: [...KEY, 'mine', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Letter[]; meta: PageMeta }>('/employee/letters', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAllLetters(
  params: Partial<AdminLetterListQuery> & Pick<AdminLetterListQuery, 'page' | 'records'>,
) {
  return useQuery({
    queryKey: [...KEY, 'all', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Letter[]; meta: PageMeta }>('/admin/letters', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useRespondToLetter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; accept: boolean; reason?: string }) =>
      (
        await apiClient.put<Envelope<Letter>>(
          `/employee/letters/${v.accept ? 'accept' : 'reject'}/${v.id}`,
          v.accept ? undefined : { reason: v.reason },
        )
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useIssueLetter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      employee_id: string;
      letter_type: LetterType;
      title: string;
      issue_date: string;
      file: File;
    }) => {
      const form = new FormData();
      form.append('employee_id', v.employee_id);
      form.append('letter_type', v.letter_type);
      form.append('title', v.title);
      form.append('issue_date', v.issue_date);
      form.append('file', v.file);
      return (await apiClient.post<Envelope<Letter>>('/admin/letters', form, { silent: true })).data.data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Saves the letter's PDF (the bearer token rides on the call). */
export async function downloadLetter(letter: Letter): Promise<void> {
  const res = await apiClient.get<Blob>(letter.download_url.replace(/^\/api/, ''), { responseType: 'blob' });
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = letter.file_name || `${letter.title}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
