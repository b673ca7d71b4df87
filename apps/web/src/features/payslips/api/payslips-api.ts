import type { MyPayslipSummary, PageMeta, Payslip } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

const KEY = ['payslips', 'mine'] as const;

export type MyPayslipParams = { page: number; records: number; year?: string | undefined };

/** My confirmed payslips, newest month first (the API's only order), optionally of one year. */
export function useMyPayslips(params: MyPayslipParams) {
  const query = { page: params.page, records: params.records, ...(params.year ? { year: params.year } : {}) };
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: async () => {
      const res = await apiClient.get<{ data: MyPayslipSummary[]; meta: PageMeta }>('/payslips', {
        params: query,
        silent: true,
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

/** One of my payslips with every line explained. Silent: the screen shows the error in its place. */
export function useMyPayslip(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async () =>
      (await apiClient.get<{ data: Payslip }>(`/payslips/${id}`, { silent: true })).data.data,
    enabled: id !== null,
    retry: false,
  });
}

/** What the PDF call says when it has no file to give, in words. */
export const PDF_NOT_READY =
  'The PDF of this payslip has not been generated yet. HR generates payslip PDFs after confirming the pay run; try again later.';
export const PDF_NOT_FOUND = 'There is no PDF of this payslip yet. Ask HR if you need one.';
export const PDF_FAILED = 'Could not download the PDF. Try again in a moment.';

async function messageOf(body: unknown): Promise<string | undefined> {
  try {
    const text = body instanceof Blob ? await body.text() : typeof body === 'string' ? body : '';
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Saves the payslip's PDF. Resolves to null when saved, or to a sentence saying why not: 409 (not
 * generated yet) and 404 come back as answers, not failures, so the screen can say so in place.
 */
export async function downloadPayslipPdf(id: string, fileName: string): Promise<string | null> {
  try {
    const res = await apiClient.get<Blob>(`/payslips/${id}/pdf`, {
      responseType: 'blob',
      silent: true,
      // 401 still goes through the refresh-and-retry of the client; 404 and 409 are read here.
      validateStatus: (s) => (s >= 200 && s < 300) || s === 404 || s === 409,
    });
    if (res.status === 409) return (await messageOf(res.data)) ?? PDF_NOT_READY;
    // A 404 may be the route's own "not found" in technical words: ours say it plainly. The API's
    // own words for a PDF lost from the server (ask HR to generate it again) are shown as they are.
    if (res.status === 404) {
      const message = await messageOf(res.data);
      return message && /^The payslip PDF for .+ is missing/.test(message) ? message : PDF_NOT_FOUND;
    }
    downloadBlob(res.data, fileName);
    return null;
  } catch (err) {
    return err instanceof Error && err.message ? err.message : PDF_FAILED;
  }
}
