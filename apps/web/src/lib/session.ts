import type { Scope, UserResponse } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient, unwrap } from './api-client';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { clearAuth, setProfile, store, useAppDispatch } from './store';

/**
 * Signs out: tells the server to end the session (best effort), then clears all local auth data and
 * cached queries and goes to /sign-in.
 */
export async function signOut(): Promise<void> {
  const refresh = store.getState().auth.refresh;
  try {
    await apiClient.post('/auth/logout', refresh ? { refresh_token: refresh } : {}, { silent: true });
  } catch {
    // The local sign-out below is what matters.
  }
  store.dispatch(clearAuth());
  queryClient.clear();
  navigateTo('/sign-in', { replace: true });
}

/**
 * Re-reads the user and permissions once per page load (GET auth/me), so role changes made by an
 * administrator reach the menu and guards without signing in again. Errors are silent: a 401 is
 * handled by the API client's refresh-and-retry.
 */
export function useSessionSync(): void {
  const dispatch = useAppDispatch();
  const { data } = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: () =>
      unwrap<{ userResponse: UserResponse; scope: Scope }>(apiClient.get('/auth/me', { silent: true })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (data) dispatch(setProfile(data));
  }, [data, dispatch]);
}
