import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { hydrate, store } from './lib/store';

const router = createAppRouter();

// Another tab signed in or out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'token' || event.key === 'permissions') store.dispatch(hydrate());
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
