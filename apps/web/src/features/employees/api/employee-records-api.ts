import type {
  DivisionDropdownResponseSchema,
  DropdownOption,
  Education,
  EmployeeCreate,
  EmployeeDeleteResultSchema,
  EmployeeDropdownItemSchema,
  EmployeeProfile,
  EmployeeStatus,
  EmployeeUpdate,
  Experience,
  FamilyMember,
  SelfProfileUpdate,
  UploadResult,
  UploadRowError,
} from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import type { z } from 'zod';
import { ApiError, apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

type Envelope<T> = { status: number; message: string; data: T };

export const employeeKeys = {
  all: ['employees'] as const,
  profile: (id: string, reveal = false) => ['employees', 'profile', id, reveal] as const,
  children: (kind: ChildKind, id: string) => ['employees', kind, id] as const,
};

export function useEmployeeProfile(id: string | null | undefined, reveal = false) {
  return useQuery({
    queryKey: employeeKeys.profile(id ?? 'none', reveal),
    enabled: !!id,
    queryFn: async () =>
      (
        await apiClient.get<Envelope<EmployeeProfile>>(`/employee/${id}/profile`, {
          params: reveal ? { reveal: 'true' } : undefined,
        })
      ).data.data,
  });
}

function useInvalidateEmployees() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: employeeKeys.all });
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeCreate) =>
      (
        await apiClient.post<Envelope<EmployeeProfile & { invited: boolean }>>('/employee', body, {
          silent: true,
        })
      ).data.data,
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeUpdate) =>
      (
        await apiClient.put<Envelope<EmployeeProfile>>(`/employee/${id}`, body, {
          silent: true,
          nullEmpty: false,
        })
      ).data.data,
    onSuccess: invalidate,
  });
}

export function useDeleteEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<z.infer<typeof EmployeeDeleteResultSchema>>(`/employee/${id}`)).data,
    onSuccess: invalidate,
  });
}

export function useSetEmployeeStatus() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (v: { id: string; status: EmployeeStatus; exit_date?: string }) =>
      (
        await apiClient.patch<Envelope<EmployeeProfile>>(`/employee/${v.id}/status`, {
          status: v.status,
          exit_date: v.exit_date,
        })
      ).data.data,
    onSuccess: invalidate,
  });
}

export function useUpdateOwnProfile() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: SelfProfileUpdate) =>
      (await apiClient.put<Envelope<EmployeeProfile>>('/employee/profile', body, { silent: true })).data.data,
    onSuccess: invalidate,
  });
}

export type ChildKind = 'experience' | 'education' | 'family';
export type ChildRow<K extends ChildKind> = K extends 'experience'
  ? Experience
  : K extends 'education'
    ? Education
    : FamilyMember;

export function useChildren<K extends ChildKind>(kind: K, employeeId: string) {
  return useQuery({
    queryKey: employeeKeys.children(kind, employeeId),
    queryFn: async () =>
      (await apiClient.get<Envelope<ChildRow<K>[]>>(`/employee/${kind}/${employeeId}`)).data.data,
  });
}

export function useSaveChild(kind: ChildKind, employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: string; body: Record<string, unknown> }) =>
      v.id
        ? (await apiClient.put(`/employee/${kind}/${v.id}`, v.body, { silent: true })).data
        : (
            await apiClient.post(
              `/employee/${kind}`,
              { ...v.body, employee_id: employeeId },
              { silent: true },
            )
          ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: employeeKeys.children(kind, employeeId) }),
  });
}

export function useRemoveChild(kind: ChildKind, employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.delete(`/employee/${kind}/${id}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: employeeKeys.children(kind, employeeId) }),
  });
}

export type DropdownItem = z.infer<typeof EmployeeDropdownItemSchema>;
export function useEmployeeDropdown(q: string) {
  return useQuery({
    queryKey: ['employees', 'dropdown', q],
    queryFn: async () =>
      (await apiClient.get<Envelope<DropdownItem[]>>('/employee/dropdown', { params: { q, records: 50 } }))
        .data.data,
  });
}

export type UnitOption = { value: string; label: string };
type DivisionOption = z.infer<typeof DivisionDropdownResponseSchema>['data'][number];
/** Division units for the unit select, named "Division / Unit". */
export function useUnitOptions() {
  return useQuery({
    queryKey: ['employees', 'unit-options'],
    queryFn: async (): Promise<UnitOption[]> => {
      const res = await apiClient.get<Envelope<DivisionOption[]>>('/division/dropdown', { silent: true });
      return res.data.data.flatMap((d) =>
        d.units.map((u) => ({ value: u.id, label: `${d.name} / ${u.name}` })),
      );
    },
    staleTime: 60_000,
  });
}

/** The roles the server lists for the caller to grant (it leaves out any they may not grant). */
export function useRoleOptions() {
  return useQuery({
    queryKey: ['access', 'role-options'],
    queryFn: async () => (await apiClient.get<Envelope<DropdownOption[]>>('/role/dropdown')).data.data,
    staleTime: 60_000,
  });
}

/** Gives an employee's sign-in another role (role management). */
export function useSetUserRole() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (v: { employeeId: string; roleId: string }) =>
      (
        await apiClient.put<Envelope<DropdownOption>>(
          `/user/${v.employeeId}/role`,
          { role_id: v.roleId },
          { silent: true },
        )
      ).data.data,
    onSuccess: invalidate,
  });
}

export async function downloadTemplate(): Promise<void> {
  const res = await apiClient.get<Blob>('/templates/employee-bulk-upload', { responseType: 'blob' });
  downloadBlob(res.data, 'employee-bulk-upload.xlsx');
}

export type UploadOutcome =
  | { ok: true; result: UploadResult; message: string }
  | { ok: false; message: string; errors: UploadRowError[] };

export async function uploadEmployees(
  file: File,
  validOnly: boolean,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', file);
  try {
    const res = await apiClient.post<Envelope<UploadResult>>('/employee/upload', form, {
      params: validOnly ? { mode: 'valid_only' } : undefined,
      silent: true,
      onUploadProgress: (e: AxiosProgressEvent) => {
        if (e.total) onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
    return { ok: true, result: res.data.data, message: res.data.message };
  } catch (err) {
    if (err instanceof ApiError) {
      const errors = (err.errors as unknown as Partial<UploadRowError & { path: string }>[]).map((e) => ({
        row: e.row ?? 0,
        field: e.field ?? e.path ?? '',
        message: e.message ?? '',
      }));
      return { ok: false, message: err.message, errors };
    }
    throw err;
  }
}
