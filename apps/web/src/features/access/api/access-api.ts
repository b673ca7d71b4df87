import type { Role, RoleCreateBody } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toasts';

export const useRoles = () =>
  useQuery({ queryKey: ['access', 'roles'], queryFn: () => unwrap<Role[]>(apiClient.get('/role')) });

function useRoleAction<V>(fn: (v: V) => Promise<{ data: { message: string } }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      toastSuccess(res.data.message);
      void qc.invalidateQueries({ queryKey: ['access', 'roles'] });
    },
  });
}

export type RoleInput = RoleCreateBody;
export const useCreateRole = () => useRoleAction((v: RoleInput) => apiClient.post('/role', v));
export const useUpdateRole = () =>
  useRoleAction((v: RoleInput & { id: string }) =>
    apiClient.put(`/role/${v.id}`, { name: v.name, description: v.description, permissions: v.permissions }),
  );
export const useDeleteRole = () => useRoleAction((id: string) => apiClient.delete(`/role/${id}`));
