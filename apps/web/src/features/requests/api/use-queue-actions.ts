import type { BulkDecisionResponse } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Many requests of a queue decided at once: `POST <queue>/bulk`, a result per request. */
export function useBulkDecide(queueUrl: string, invalidateKey: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { ids: string[]; decision: 'approve' | 'reject'; comment?: string }) =>
      (
        await apiClient.post<{ data: BulkDecisionResponse }>(
          `${queueUrl}/bulk`,
          { ids: v.ids, decision: v.decision, comment: v.comment || undefined },
          // The queue shows what failed and why itself.
          { silent: true },
        )
      ).data.data,
    onSettled: () => qc.invalidateQueries({ queryKey: invalidateKey }),
  });
}

/** What deciding a request does (`GET <queue>/:id/context`), kept with the queue's other queries. */
export function useDecisionContext<T>(queueUrl: string, id: string, key: readonly unknown[]) {
  return useQuery({
    queryKey: [...key, 'context', queueUrl, id],
    queryFn: async () => (await apiClient.get<{ data: T }>(`${queueUrl}/${id}/context`)).data.data,
  });
}
