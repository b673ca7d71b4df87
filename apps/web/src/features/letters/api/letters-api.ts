import type {
  AdminLetterListQuery,
  Letter,
  LetterGenerateInput,
  LetterGenerateResultSchema,
  LetterListQuery,
  LetterPreviewInput,
  LetterTemplate,
  LetterTemplateInput,
  LetterType,
  PageMeta,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

type LetterGenerateResult = z.infer<typeof LetterGenerateResultSchema>;
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
  downloadBlob(res.data, letter.file_name || `${letter.title}.pdf`);
}

const TEMPLATES = ['letter-templates'] as const;

export function useLetterTemplates() {
  return useQuery({
    queryKey: [...TEMPLATES],
    queryFn: async () =>
      (
        await apiClient.get<{ data: LetterTemplate[]; meta: PageMeta }>('/admin/letter-templates', {
          params: { records: 100, sortBy: 'name', sortOrder: 'asc' },
        })
      ).data.data,
  });
}

export function useSaveLetterTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: string; body: LetterTemplateInput }) =>
      v.id
        ? (
            await apiClient.put<Envelope<LetterTemplate>>(`/admin/letter-templates/${v.id}`, v.body, {
              silent: true,
            })
          ).data.data
        : (
            await apiClient.post<Envelope<LetterTemplate>>('/admin/letter-templates', v.body, {
              silent: true,
            })
          ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: TEMPLATES }),
  });
}

export function useDeleteLetterTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiClient.delete(`/admin/letter-templates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: TEMPLATES }),
  });
}

/** The text rendered for one employee; off until an employee is chosen. */
export function useLetterPreview(input: LetterPreviewInput | null) {
  return useQuery({
    queryKey: [...TEMPLATES, 'preview', input],
    queryFn: async () =>
      (
        await apiClient.post<Envelope<{ title: string; body: string }>>(
          '/admin/letter-templates/preview',
          input,
          {
            silent: true,
          },
        )
      ).data.data,
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useGenerateLetters() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { body: LetterGenerateInput; idempotencyKey: string }) =>
      (
        await apiClient.post<Envelope<LetterGenerateResult>>('/admin/letters/generate', v.body, {
          silent: true,
          headers: { 'Idempotency-Key': v.idempotencyKey },
        })
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
