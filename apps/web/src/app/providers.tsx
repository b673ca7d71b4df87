import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { store } from '../lib/store';
import { AppToastContainer } from '../lib/toasts';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every page needs. The query client, the confirmation dialog and the full styles come with the
 * signed-in layout (private-layout.tsx), so the sign-in page loads none of them (ADR 0011).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {children}
        <AppToastContainer />
      </MantineProvider>
    </ReduxProvider>
  );
}
