import './full-styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppShell } from '../components/layouts/app-shell';
import { ConfirmHost } from '../lib/confirm';
import { queryClient } from '../lib/query-client';
import { AREAS } from './areas';

/**
 * The signed-in frame, loaded lazily so the sign-in page carries neither the shell (menus,
 * tooltips, icons), nor react-query and the API client, nor the confirmation dialog (ADR 0011).
 */
export function PrivateLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell areas={AREAS} />
      <ConfirmHost />
    </QueryClientProvider>
  );
}
