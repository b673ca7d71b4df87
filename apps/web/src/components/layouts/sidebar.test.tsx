import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_AREA } from '../../app/routes/admin';
import { USER_AREA } from '../../app/routes/user';
import { renderWithProviders } from '../../test/render';
import { Sidebar, visibleMenu } from './sidebar';

describe('Sidebar', () => {
  it('hides items the user lacks the permission for', () => {
    renderWithProviders(
      <nav aria-label="Main menu">
        <Sidebar menu={USER_AREA.menu} permissions={['employee_dashboard.view', 'employee_profile.view']} />
      </nav>,
      { route: '/user' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByText('Attendance')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Leaves')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Notifications')).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Salary' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Documents' })).toBeInTheDocument();
  });

  it('hides a group whose every child is hidden', () => {
    renderWithProviders(
      <nav aria-label="Main menu">
        <Sidebar menu={USER_AREA.menu} permissions={['employee_dashboard.view', 'employee_expense.view']} />
      </nav>,
      { route: '/user' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Salary' })).toBeInTheDocument();
    expect(within(nav).queryByText('Documents')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Profile')).not.toBeInTheDocument();
  });

  it('marks the current page and opens groups from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Sidebar
        menu={ADMIN_AREA.menu}
        permissions={['admin_dashboard.view', 'employee_list.view', 'division.view']}
      />,
      { route: '/admin/employees' },
    );
    expect(screen.getByRole('link', { name: 'Employees' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Requests' })).not.toBeInTheDocument();
    const organisation = screen.getByRole('button', { name: 'Organisation' });
    organisation.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Divisions' })).toHaveAttribute(
      'href',
      '/admin/organisation/divisions',
    );
    expect(screen.queryByRole('link', { name: 'Announcements' })).not.toBeInTheDocument();
  });

  it('shows icon-only links with accessible names when collapsed', () => {
    renderWithProviders(
      <Sidebar menu={USER_AREA.menu} permissions={['employee_dashboard.view']} collapsed />,
      {
        route: '/user',
      },
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the admin request queues from a caller without company-wide scope', () => {
    const queues = ['leave_requests.view', 'reimbursements_requests.view', 'admin_dashboard.view'];
    const links = (perms: string[]) =>
      visibleMenu(ADMIN_AREA.menu, perms).flatMap((e) =>
        ('children' in e ? e.children : [e]).map((l) => l.to),
      );
    expect(links(queues)).not.toContain('/admin/requests/leave');
    expect(links([...queues, 'employee_list.view'])).toEqual(
      expect.arrayContaining(['/admin/requests/leave', '/admin/requests/reimbursements']),
    );
  });

  it('filters the menu data the same way', () => {
    expect(visibleMenu(USER_AREA.menu, []).length).toBe(0);
  });
});
