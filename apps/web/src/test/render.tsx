import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { type AppStore, createAppStore } from '../lib/store';

/** Renders with a fresh store, query client, Mantine and a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, options: { store?: AppStore; route?: string } = {}) {
  const store = options.store ?? createAppStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>
    </Provider>,
  );
  return { ...result, store, queryClient };
}
