import type {
  Notification,
  NotificationListQuery,
  NotificationPreference,
  NotificationPreferencesInput,
  NotificationReadInput,
  PageMeta,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * Notification calls fail silently (spec section 8): the api client never toasts errors of
 * notification URLs, and the screens show their own error states.
 */
const KEY = ['notifications'] as const;
export const UNREAD_KEY = [...KEY, 'unread'] as const;
const PREFS_KEY = [...KEY, 'preferences'] as const;

export type NotificationPage = { data: Notification[]; meta: PageMeta & { unreadCount: number } };

export function useNotifications(params: Partial<NotificationListQuery>) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: async () =>
      (await apiClient.get<NotificationPage>('/notification', { params, silent: true })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * The header badge: refetched every minute while the window is visible and when it regains focus,
 * so a new notification shows without a reload and an idle tab costs one small call a minute.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: async () =>
      (await apiClient.get<{ data: { unread: number } }>('/notification/unread-count', { silent: true })).data
        .data.unread,
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationReadInput) =>
      (await apiClient.put<{ data: { updated: number } }>('/notification/read', input, { silent: true })).data
        .data,
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: PREFS_KEY,
    queryFn: async () =>
      (await apiClient.get<{ data: NotificationPreference[] }>('/notification/preferences', { silent: true }))
        .data.data,
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferencesInput) =>
      (
        await apiClient.put<{ data: NotificationPreference[] }>('/notification/preferences', input, {
          silent: true,
        })
      ).data.data,
    onSuccess: (data) => qc.setQueryData(PREFS_KEY, data),
  });
}
