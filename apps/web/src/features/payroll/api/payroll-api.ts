import type {
  Benefit,
  BenefitBody,
  Breakup,
  BreakupPreviewBody,
  Deduction,
  DeductionBody,
  Earning,
  EarningBody,
  EmployeeSalary,
  EpfResponseSchema,
  EpfUpdateBody,
  EsiResponseSchema,
  EsiUpdateBody,
  PageMeta,
  SalaryTemplate,
  SalaryTemplateBody,
  SalaryTemplateSummary,
  StatutoryFiguresResponseSchema,
  WhatIfBodySchema,
  WhatIfResult,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient, unwrap } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toasts';

export type Page<T> = { items: T[]; meta: PageMeta };
export type PayrollListParams = {
  page: number;
  records: number;
  search?: string;
  active?: string;
};
export type EpfView = z.infer<typeof EpfResponseSchema>['data'];
export type EsiView = z.infer<typeof EsiResponseSchema>['data'];
type Option = { value: string; label: string };

async function fetchPage<T>(url: string, params: PayrollListParams): Promise<Page<T>> {
  const res = await apiClient.get<{ data: T[]; meta: PageMeta }>(url, {
    params: apiParams(params as unknown as Record<string, unknown>),
  });
  return { items: res.data.data, meta: res.data.meta };
}
const body = async <R>(p: Promise<{ data: { message: string; data: R } }>) => (await p).data;

function useAction<V, R = unknown>(fn: (v: V) => Promise<{ message: string; data: R }>, keys: string[][]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      toastSuccess(res.message);
      for (const key of keys) void qc.invalidateQueries({ queryKey: key });
    },
  });
}

const K = {
  earnings: ['payroll', 'earnings'],
  deductions: ['payroll', 'deductions'],
  benefits: ['payroll', 'benefits'],
  templates: ['payroll', 'templates'],
  statutory: ['payroll', 'statutory'],
  salary: ['payroll', 'salary'],
};

// ---- Earnings ----
export const useEarnings = (params: PayrollListParams) =>
  useQuery({
    queryKey: [...K.earnings, params],
    queryFn: () => fetchPage<Earning>('/component/earnings', params),
    placeholderData: keepPreviousData,
  });
export const useEarning = (id: string | undefined) =>
  useQuery({
    queryKey: [...K.earnings, 'one', id],
    queryFn: () => unwrap<Earning>(apiClient.get(`/component/earnings/${id}`)),
    enabled: !!id,
  });
export const useFixedEarnings = () =>
  useQuery({
    queryKey: [...K.earnings, 'fixed'],
    queryFn: () => unwrap<Earning[]>(apiClient.get('/component/earnings/fixed')),
  });
export const useSaveEarning = () =>
  useAction(
    (v: { id?: string; body: EarningBody }) =>
      body<Earning>(
        v.id
          ? apiClient.put(`/component/earnings/${v.id}`, v.body)
          : apiClient.post('/component/earnings', v.body),
      ),
    [K.earnings, K.templates],
  );
export const useEarningStatus = () =>
  useAction(
    (v: { id: string; active: boolean }) =>
      body(apiClient.put(`/component/earnings/status/${v.id}`, { active: v.active })),
    [K.earnings],
  );
export const useDeleteEarning = () =>
  useAction((id: string) => body(apiClient.delete(`/component/earnings/${id}`)), [K.earnings]);

// ---- Deductions ----
export const useDeductions = (params: PayrollListParams) =>
  useQuery({
    queryKey: [...K.deductions, params],
    queryFn: () => fetchPage<Deduction>('/component/deductions', params),
    placeholderData: keepPreviousData,
  });
export const useDeduction = (id: string | undefined) =>
  useQuery({
    queryKey: [...K.deductions, 'one', id],
    queryFn: () => unwrap<Deduction>(apiClient.get(`/component/deductions/${id}`)),
    enabled: !!id,
  });
export const useSaveDeduction = () =>
  useAction(
    (v: { id?: string; body: DeductionBody }) =>
      body<Deduction>(
        v.id
          ? apiClient.put(`/component/deductions/${v.id}`, v.body)
          : apiClient.post('/component/deductions', v.body),
      ),
    [K.deductions],
  );
export const useDeductionStatus = () =>
  useAction(
    (v: { id: string; active: boolean }) =>
      body(apiClient.put(`/component/deductions/status/${v.id}`, { active: v.active })),
    [K.deductions],
  );
export const useDeleteDeduction = () =>
  useAction((id: string) => body(apiClient.delete(`/component/deductions/${id}`)), [K.deductions]);

// ---- Benefits ----
export const useBenefits = (params: PayrollListParams, enabled = true) =>
  useQuery({
    queryKey: [...K.benefits, params],
    queryFn: () => fetchPage<Benefit>('/component/benefits', params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useBenefit = (id: string | undefined) =>
  useQuery({
    queryKey: [...K.benefits, 'one', id],
    queryFn: () => unwrap<Benefit>(apiClient.get(`/component/benefits/${id}`)),
    enabled: !!id,
  });
export const useBenefitOptions = (which: 'benefit-plan' | 'tax-exemption' | 'options') =>
  useQuery({
    queryKey: [...K.benefits, 'options', which],
    queryFn: () => unwrap<Option[]>(apiClient.get(`/component/benefits/${which}`)),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useSaveBenefit = () =>
  useAction(
    (v: { id?: string; body: BenefitBody }) =>
      body<Benefit>(
        v.id
          ? apiClient.put(`/component/benefits/${v.id}`, v.body)
          : apiClient.post('/component/benefits', v.body),
      ),
    [K.benefits, K.templates],
  );
export const useBenefitStatus = () =>
  useAction(
    (v: { id: string; active: boolean }) =>
      body(apiClient.put(`/component/benefits/status/${v.id}`, { active: v.active })),
    [K.benefits],
  );
export const useDeleteBenefit = () =>
  useAction((id: string) => body(apiClient.delete(`/component/benefits/${id}`)), [K.benefits]);

// ---- Dropdowns (org) ----
export const useDropdown = (type: 'earning-type' | 'value-type') =>
  useQuery({
    queryKey: ['dropdown', type],
    queryFn: () => unwrap<Option[]>(apiClient.get(`/dropdown/type/${type}`)),
    staleTime: Number.POSITIVE_INFINITY,
  });

// ---- Salary templates ----
export const useTemplates = (params: PayrollListParams) =>
  useQuery({
    queryKey: [...K.templates, params],
    queryFn: () => fetchPage<SalaryTemplateSummary>('/salary-templates', params),
    placeholderData: keepPreviousData,
  });
export const useTemplate = (id: string | undefined) =>
  useQuery({
    queryKey: [...K.templates, 'one', id],
    queryFn: () => unwrap<SalaryTemplate>(apiClient.get(`/salary-templates/${id}`)),
    enabled: !!id,
  });
export const useSaveTemplate = () =>
  useAction(
    (v: { id?: string; body: SalaryTemplateBody }) =>
      body<SalaryTemplate>(
        v.id
          ? apiClient.put(`/salary-templates/${v.id}`, v.body)
          : apiClient.post('/salary-templates', v.body),
      ),
    [K.templates, K.earnings],
  );
export const useTemplateToggle = () =>
  useAction(
    (v: { id: string; active: boolean }) =>
      body(apiClient.put(`/salary-templates/${v.id}/toggle`, { active: v.active })),
    [K.templates],
  );
export const useDeleteTemplate = () =>
  useAction((id: string) => body(apiClient.delete(`/salary-templates/${id}`)), [K.templates, K.earnings]);
/** The live breakup of lines not yet saved; a query so that it follows the form as it changes. */
export const useBreakupPreview = (preview: BreakupPreviewBody | null) =>
  useQuery({
    queryKey: ['payroll', 'preview', preview],
    // Silent: the screen shows the preview's own error beside the form while it is being typed.
    queryFn: () => unwrap<Breakup>(apiClient.post('/salary-templates/preview', preview, { silent: true })),
    enabled: preview !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

// ---- Statutory ----
export const useEpf = () =>
  useQuery({
    queryKey: [...K.statutory, 'epf'],
    queryFn: () => unwrap<EpfView>(apiClient.get('/statutory-component/epf')),
  });
export const useEsi = () =>
  useQuery({
    queryKey: [...K.statutory, 'esi'],
    queryFn: () => unwrap<EsiView>(apiClient.get('/statutory-component/esi')),
  });
export const useSaveEpf = () =>
  useAction((v: EpfUpdateBody) => body(apiClient.put('/statutory-component/epf/update', v)), [K.statutory]);
export const useToggleEpf = () =>
  useAction(
    (enabled: boolean) => body(apiClient.put('/statutory-component/epf/toggle', { enabled })),
    [K.statutory],
  );
export const useSaveEsi = () =>
  useAction((v: EsiUpdateBody) => body(apiClient.put('/statutory-component/esi/update', v)), [K.statutory]);
export const useToggleEsi = () =>
  useAction(
    (enabled: boolean) => body(apiClient.put('/statutory-component/esi/toggle', { enabled })),
    [K.statutory],
  );

// ---- Employee salary ----
export const useEmployeeSalary = (employeeId: string | undefined) =>
  useQuery({
    queryKey: [...K.salary, employeeId],
    queryFn: () => unwrap<EmployeeSalary>(apiClient.get(`/employee/salary/${employeeId}`)),
    enabled: !!employeeId,
  });
export const useSaveSalary = () =>
  useAction(
    (v: { first: boolean; body: Record<string, unknown> }) =>
      body<EmployeeSalary>(
        v.first ? apiClient.post('/employee/salary', v.body) : apiClient.put('/employee/salary', v.body),
      ),
    [K.salary, K.templates],
  );

// ---- What the engine uses, and what-if ----
export type StatutoryFigures = z.infer<typeof StatutoryFiguresResponseSchema>['data'];
export const useStatutoryFigures = (date: string | undefined, state: string | undefined) =>
  useQuery({
    queryKey: ['payroll', 'figures', date, state],
    queryFn: () =>
      unwrap<StatutoryFigures>(
        apiClient.get('/payroll/statutory-figures', { params: apiParams({ date, state }) }),
      ),
    placeholderData: keepPreviousData,
  });
/**
 * A what-if payslip: computed, never saved, so nothing to refresh. Its errors are shown on the form
 * (silent), next to the fact they ask for, not toasted.
 */
export const useWhatIf = () =>
  useMutation({
    mutationFn: (v: z.input<typeof WhatIfBodySchema>) =>
      unwrap<WhatIfResult>(apiClient.post('/payroll/what-if', v, { silent: true })),
  });
