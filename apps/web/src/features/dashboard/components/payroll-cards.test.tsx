import type { AdminDashboard as AdminDashboardData, EmployeeDashboard } from '@hr/contract';
import { configure, screen, within } from '@testing-library/react';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AdminDashboard } from './admin-dashboard';
import { UserDashboard } from './user-dashboard';

// The machine running the tests is shared and slow: give the first render of a screen time.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const employee: EmployeeDashboard = {
  today: '2026-11-26',
  time_zone: 'Asia/Kolkata',
  employee_name: 'Priya Sharma',
  today_punch: {
    status: null,
    first_in: null,
    last_out: null,
    punches: 0,
    times: [],
    next: 'in',
    punched_in_at: null,
    location_required: false,
  },
  leave_balances: [],
  my_pending: [],
  upcoming_holidays: [],
  announcements: [],
  latest_payslip: {
    id: '7d1c7a52-2f0c-4d0e-9a43-0c9f7d0b1e11',
    month: '2026-10',
    pay_date: '2026-10-31',
    gross_paise: 1_23_456_78,
    net_paise: 1_10_000_00,
  },
};

const admin: AdminDashboardData = {
  today: '2026-11-26',
  headcount: 60,
  joiners_this_month: 0,
  exits_this_month: 0,
  headcount_by_division: [],
  upcoming_birthdays: [],
  upcoming_anniversaries: [],
  announcements: [],
  pending_by_type: [],
  payroll: { open_run: null, last_confirmed: null },
};

function serve(dashboard: unknown) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
    if (url.startsWith('/dashboard/')) return { data: { data: dashboard } };
    return { data: { data: [] } };
  });
}

describe('Employee dashboard: latest payslip', () => {
  it('shows the month, the net pay in en-IN rupees and a link to the payslip', async () => {
    serve(employee);
    renderWithProviders(<UserDashboard />);
    const card = await screen.findByRole('region', { name: 'Latest payslip' });
    expect(card).toHaveTextContent('October 2026, paid on 31 Oct 2026');
    expect(within(card).getByTestId('dash-payslip-net')).toHaveTextContent('₹1,10,000.00');
    expect(card).toHaveTextContent('Gross ₹1,23,456.78');
    expect(within(card).getByRole('link', { name: 'Open the October 2026 payslip' })).toHaveAttribute(
      'href',
      '/user/documents/payslips?id=7d1c7a52-2f0c-4d0e-9a43-0c9f7d0b1e11',
    );
  });

  it('says plainly when there is no payslip yet', async () => {
    serve({ ...employee, latest_payslip: null });
    renderWithProviders(<UserDashboard />);
    const card = await screen.findByRole('region', { name: 'Latest payslip' });
    expect(card).toHaveTextContent('Payslips appear here once the first pay run is confirmed.');
    expect(within(card).queryByRole('link')).toBeNull();
  });
});

describe('Admin dashboard: payroll card', () => {
  it('shows the last confirmed run and the open run with a link to it', async () => {
    serve({
      ...admin,
      payroll: {
        open_run: {
          id: 'r2',
          month: '2026-11',
          status: 'computed',
          attendance_status: 'confirmed',
          anomalies_open: 2,
        },
        last_confirmed: {
          id: 'r1',
          month: '2026-10',
          pay_date: '2026-10-31',
          employees: 60,
          gross_paise: 58_77_544_99,
          net_paise: 55_55_152_99,
          payslips_status: 'generated',
        },
      },
    });
    renderWithProviders(<AdminDashboard />);
    const card = await screen.findByRole('region', { name: 'Payroll' });
    expect(within(card).getByTestId('payroll-open-run')).toHaveTextContent(
      'November 2026 pay run: computed, waiting for review and confirmation',
    );
    expect(within(card).getByTestId('payroll-open-run')).toHaveTextContent('2 anomalies to acknowledge');
    const last = within(card).getByRole('table', { name: 'Last confirmed pay run' });
    expect(last).toHaveTextContent('₹58,77,544.99');
    expect(last).toHaveTextContent('₹55,55,152.99');
    expect(last).toHaveTextContent('60');
    expect(within(card).getByRole('link', { name: 'Open the November 2026 pay run' })).toHaveAttribute(
      'href',
      '/payroll/payrun',
    );
  });

  it('says plainly when no run exists', async () => {
    serve(admin);
    renderWithProviders(<AdminDashboard />);
    const card = await screen.findByRole('region', { name: 'Payroll' });
    expect(card).toHaveTextContent('No pay run yet');
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Run Payroll' })).toHaveAttribute(
      'href',
      '/payroll/payrun',
    );
  });
});
