import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore } from '../../lib/store';
import { PermissionGuard } from './permission-guard';

function setup(permissions: string[], required?: string[], companyWide?: boolean) {
  localStorage.setItem('token', 't');
  localStorage.setItem('permissions', JSON.stringify(permissions));
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      {
        path: '/secret',
        element: (
          <PermissionGuard required={required} companyWide={companyWide}>
            <p>Secret screen</p>
          </PermissionGuard>
        ),
      },
      { path: '/forbidden', element: <h1>Access denied</h1> },
    ],
    { initialEntries: ['/', '/secret'], initialIndex: 1 },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('PermissionGuard', () => {
  it('renders the screen when every required permission is held', () => {
    const router = setup(['employee_list.view', 'admin_dashboard.view'], ['employee_list.view']);
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/secret');
  });

  it('passes when no required list is given', () => {
    setup([], undefined);
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('passes with an empty required list', () => {
    setup([], []);
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('goes to /forbidden, replacing the history entry, when one is missing', async () => {
    const router = setup(['employee_list.view'], ['employee_list.view', 'employee_list.edit']);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByText('Secret screen')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forbidden');
    expect(router.state.historyAction).toBe('REPLACE');
    // The guarded entry was replaced: going back reaches the page before it.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a company-wide screen refuses a team-scope caller holding its permission', async () => {
    setup(['manager_dashboard.view', 'leave_requests.view'], ['leave_requests.view'], true);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByText('Secret screen')).not.toBeInTheDocument();
  });

  it('a company-wide screen opens for company-wide scope (employee_list.view)', () => {
    setup(['employee_list.view', 'leave_requests.view'], ['leave_requests.view'], true);
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });
});
