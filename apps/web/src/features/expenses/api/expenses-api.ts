import type {
  EmployeeDocument,
  Expense,
  ExpenseCategory,
  ExpenseCategoryInput,
  ExpenseCategoryTotal,
  ExpenseDecisionContext,
  ExpenseDuplicateCheck,
  ExpenseDuplicateCheckInput,
  ExpenseListQuery,
  ExpenseMonth,
  ExpensePayoutInput,
  ExpenseSaveInput,
  ExpenseStatus,
  ExpenseSummary,
  PageMeta,
  ReimbursementQueueQuery,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiParams } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';
import { useBulkDecide, useDecisionContext } from '../../requests/api/use-queue-actions';

type Envelope<T> = { status: number; message: string; data: T };
const KEY = ['expenses'] as const;

export type QueueMode = 'team' | 'admin';
const QUEUE_URL: Record<QueueMode, string> = {
  team: '/requests/reimbursements',
  admin: '/admin/requests/reimbursements',
};

export function useExpenseDropdowns() {
  return useQuery({
    queryKey: [...KEY, 'dropdowns'],
    staleTime: 60_000,
    queryFn: async () =>
      (
        await apiClient.get<
          Envelope<{
            categories: ExpenseCategory[];
            statuses: { value: ExpenseStatus; label: string }[];
            today: string;
          }>
        >('/expenses/dropdowns', { silent: true })
      ).data.data,
  });
}

export type ListParams = Partial<ExpenseListQuery> & Pick<ExpenseListQuery, 'page' | 'records'>;

export function useMyExpenses(params: ListParams) {
  return useQuery({
    queryKey: [...KEY, 'mine', params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Expense[]; meta: PageMeta }>('/expenses/getexpenseslists', {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useExpenseSummary() {
  return useQuery({
    queryKey: [...KEY, 'summary'],
    queryFn: async () =>
      (await apiClient.get<Envelope<ExpenseSummary>>('/expenses/employee/summary', { silent: true })).data
        .data,
  });
}

export function useExpenseMonthWise(year: number) {
  return useQuery({
    queryKey: [...KEY, 'month-wise', year],
    queryFn: async () =>
      (
        await apiClient.get<
          Envelope<{ year: number; months: ExpenseMonth[]; by_category: ExpenseCategoryTotal[] }>
        >('/expenses/employee/summary/month-wise', { params: { year }, silent: true })
      ).data.data,
  });
}

/** Adds (a fresh idempotency key per form, so a retried submit stores one claim) or replaces a claim. */
export function useSaveExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: string; body: ExpenseSaveInput; idempotencyKey: string }) =>
      v.id
        ? (
            await apiClient.put<Envelope<Expense>>('/expenses/updateexpense', v.body, {
              params: { expense_id: v.id },
              silent: true,
            })
          ).data.data
        : (
            await apiClient.post<Envelope<Expense>>('/expenses/addexpense', v.body, {
              headers: { 'Idempotency-Key': v.idempotencyKey },
              silent: true,
            })
          ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Asked before submitting: the caller's standing claims that look like this one. */
export function useDuplicateCheck() {
  return useMutation({
    mutationFn: async (body: ExpenseDuplicateCheckInput) =>
      (
        await apiClient.post<Envelope<ExpenseDuplicateCheck>>('/expenses/duplicate-check', body, {
          silent: true,
        })
      ).data.data,
  });
}

export function useRemoveExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<Envelope<null>>('/expenses/removeexpense', { params: { expense_id: id } }))
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** The receipt goes in as one of the employee's documents (POST upload/file); its id rides on the claim. */
export function useUploadReceipt(employeeId: string | null | undefined) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('employee_id', employeeId ?? '');
      form.append('title', `Receipt: ${file.name}`.slice(0, 200));
      form.append('file', file);
      return (await apiClient.post<Envelope<EmployeeDocument>>('/upload/file', form, { silent: true })).data
        .data;
    },
  });
}

/** Saves a file the API serves (the bearer token rides on the call). */
export async function downloadFrom(url: string, fileName: string): Promise<void> {
  const res = await apiClient.get<Blob>(url.replace(/^\/api/, ''), { responseType: 'blob' });
  downloadBlob(res.data, fileName);
}

export type QueueParams = Partial<ReimbursementQueueQuery> &
  Pick<ReimbursementQueueQuery, 'page' | 'records'>;

export function useReimbursementQueue(mode: QueueMode, params: QueueParams) {
  return useQuery({
    queryKey: [...KEY, mode, params],
    queryFn: async () => {
      const res = await apiClient.get<{ data: Expense[]; meta: PageMeta }>(QUEUE_URL[mode], {
        params: apiParams(params),
      });
      return { items: res.data.data, meta: res.data.meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDecideExpense(mode: QueueMode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.put<Envelope<Expense>>(`${QUEUE_URL[mode]}/${v.id}/${v.decision}`, {
          comment: v.comment || undefined,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function usePayExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; body: ExpensePayoutInput }) =>
      (
        await apiClient.put<Envelope<Expense>>(`/admin/requests/reimbursements/${v.id}/payout`, v.body, {
          silent: true,
        })
      ).data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useExpenseCategories(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'categories'],
    enabled,
    queryFn: async () =>
      (await apiClient.get<Envelope<ExpenseCategory[]>>('/expenses/categories', { silent: true })).data.data,
  });
}

export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: string; body: ExpenseCategoryInput }) =>
      v.id
        ? (
            await apiClient.put<Envelope<ExpenseCategory>>(`/expenses/categories/${v.id}`, v.body, {
              silent: true,
            })
          ).data.data
        : (await apiClient.post<Envelope<ExpenseCategory>>('/expenses/categories', v.body, { silent: true }))
            .data.data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Several claims of the queue approved or rejected at once. */
export function useBulkDecideExpense(mode: QueueMode) {
  return useBulkDecide(QUEUE_URL[mode], KEY);
}

/** The claim's category limits and the employee's claims of that month. */
export function useExpenseDecisionContext(mode: QueueMode, id: string) {
  return useDecisionContext<ExpenseDecisionContext>(QUEUE_URL[mode], id, KEY);
}
