import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ConfirmHost } from '../lib/confirm';
import { queryClient } from '../lib/query-client';
import { store } from '../lib/store';
import { AppToastContainer } from '../lib/toasts';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          {children}
          <ConfirmHost />
          <AppToastContainer />
        </MantineProvider>
      </QueryClientProvider>
    </ReduxProvider>
  );
}
