import type { AdminDashboard, EmployeeDashboard, TeamDashboard } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';

/*
 * Dashboards gather what other screens change (a punch, a leave applied or decided): always fresh
 * when opened, rather than up to the default 30 s old.
 */
export const useAdminDashboard = () =>
  useQuery({
    staleTime: 0,
    queryKey: ['dashboard', 'admin'],
    queryFn: () => unwrap<AdminDashboard>(apiClient.get('/dashboard/admin')),
  });
/** Everything the employee dashboard shows, in one call (the caller's own data). */
export const useEmployeeDashboard = () =>
  useQuery({
    staleTime: 0,
    queryKey: ['dashboard', 'employee'],
    queryFn: () => unwrap<EmployeeDashboard>(apiClient.get('/dashboard/employee')),
  });
export const useTeamDashboard = () =>
  useQuery({
    staleTime: 0,
    queryKey: ['dashboard', 'team'],
    queryFn: () => unwrap<TeamDashboard>(apiClient.get('/dashboard/team')),
  });
