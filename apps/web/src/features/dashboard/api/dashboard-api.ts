import type { AdminDashboard, Announcement, JobQueueStatus, TeamDashboard } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';

export const useAdminDashboard = () =>
  useQuery({
    queryKey: ['dashboard', 'admin'],
    queryFn: () => unwrap<AdminDashboard>(apiClient.get('/dashboard/admin')),
  });
export const useTeamDashboard = () =>
  useQuery({
    queryKey: ['dashboard', 'team'],
    queryFn: () => unwrap<TeamDashboard>(apiClient.get('/dashboard/team')),
  });
/** Announcements shown to the signed-in user today (errors stay quiet: the dashboard still works). */
export const useCurrentAnnouncements = () =>
  useQuery({
    queryKey: ['announcements', 'current'],
    queryFn: () => unwrap<Announcement[]>(apiClient.get('/announcement/current', { silent: true })),
  });

/** Background and scheduled job queues with their last runs and counts (administrators). Silent: the panel shows its own error. */
export const useJobStatus = () =>
  useQuery({
    queryKey: ['jobs', 'status'],
    queryFn: () => unwrap<JobQueueStatus[]>(apiClient.get('/jobs', { silent: true })),
  });
