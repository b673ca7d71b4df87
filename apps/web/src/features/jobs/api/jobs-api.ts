import type { JobQueueStatus } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Background and scheduled job queues with their last runs and counts (administrators). Silent: the panel shows its own error. */
export const useJobStatus = () =>
  useQuery({
    queryKey: ['jobs', 'status'],
    queryFn: () => unwrap<JobQueueStatus[]>(apiClient.get('/jobs', { silent: true })),
  });
