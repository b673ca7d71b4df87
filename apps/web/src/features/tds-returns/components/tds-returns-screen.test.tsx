import type { TdsReturn } from '@hr/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from '../../../lib/api-client';
import { ConfirmHost } from '../../../lib/confirm';
import { createAppStore } from '../../../lib/store';
import { renderWithProviders } from '../../../test/render';
import { lastQuarterOf, TdsReturnsScreen } from './tds-returns-screen';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const challan = {
  id: '00000000-0000-4000-8000-000000000001',
  financial_year: '2026-27',
  quarter: 3,
  months: ['2026-11'],
  bsr_code: '0510002',
  deposited_on: '2026-12-05',
  serial_no: '12345',
  tds_paise: 1_23_456_00,
  surcharge_paise: 0,
  cess_paise: 0,
  interest_paise: 0,
  fee_paise: 0,
  total_paise: 1_23_456_00,
  covers_paise: 1_23_456_00,
};
const ret = (over: Partial<TdsReturn> = {}): TdsReturn => ({
  financial_year: '2026-27',
  quarter: 3,
  tan: 'BLRA12345B',
  months: [
    { month: '2026-10', confirmed: true, employees: 2, tds_paise: 50_000_00, challan_paise: 0 },
    { month: '2026-11', confirmed: true, employees: 2, tds_paise: 1_23_456_00, challan_paise: 1_23_456_00 },
    { month: '2026-12', confirmed: false, employees: 0, tds_paise: 0, challan_paise: 0 },
  ],
  challans: [challan],
  deductee_rows: 4,
  tds_paise: 1_73_456_00,
  salary_records: null,
  errors: [
    {
      where: 'Oct 2026',
      message:
        '₹50,000.00 of TDS was deducted in Oct 2026 and no challan covers it: enter the challan that deposited it',
    },
  ],
  ready: false,
  ...over,
});
function render(data: TdsReturn, permissions = ['admin_dashboard.view', 'admin_dashboard.edit']) {
  localStorage.setItem('token', 't');
  localStorage.setItem('permissions', JSON.stringify(permissions));
  const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data, message: 'ok' } });
  renderWithProviders(
    <>
      <TdsReturnsScreen />
      <ConfirmHost />
    </>,
    { store: createAppStore() },
  );
  return get;
}

describe('TdsReturnsScreen', () => {
  it('opens on the quarter just ended', () => {
    expect(lastQuarterOf('2026-11-26')).toEqual({ fy: '2026-27', quarter: 2 });
    expect(lastQuarterOf('2027-01-10')).toEqual({ fy: '2026-27', quarter: 3 });
    expect(lastQuarterOf('2026-05-10')).toEqual({ fy: '2025-26', quarter: 4 });
  });

  it('lists every problem in words and keeps the file back until they are put right', async () => {
    render(ret());
    const alert = await screen.findByText('1 problem to put right before the file can be made');
    expect(alert).toBeVisible();
    expect(screen.getByText(/no challan covers it/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Form 24Q file' })).toBeDisabled();
    // ₹ en-IN: the month's TDS, what the challans carry, and the challan's own row.
    expect(screen.getAllByText('₹1,23,456.00', { selector: 'td' })).toHaveLength(4);
  });

  it('offers the file when the check finds nothing', async () => {
    render(ret({ errors: [], ready: true }));
    expect(await screen.findByText('Ready to file')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Form 24Q file' })).toBeEnabled();
  });

  it('says so when the quarter has no challans, and hides changes from a viewer', async () => {
    render(ret({ challans: [] }), ['admin_dashboard.view']);
    expect(await screen.findByText('No challans entered for this quarter yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add challan' })).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    localStorage.setItem('token', 't');
    vi.spyOn(apiClient, 'get').mockRejectedValue(new ApiError('Server unavailable', 503));
    renderWithProviders(<TdsReturnsScreen />);
    expect(await screen.findByText('Could not load the TDS return')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('puts the server’s words next to the field of the challan form', async () => {
    render(ret());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add challan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add challan' });
    // Checked here first: the BSR code must be 7 digits.
    // The quarter shown depends on today's date: any of its months will do.
    await user.click(within(dialog).getAllByRole('checkbox')[0]!);
    await user.type(within(dialog).getByRole('textbox', { name: /BSR code/ }), '12');
    await user.type(within(dialog).getByRole('textbox', { name: /Challan serial number/ }), '12345');
    await user.type(within(dialog).getByRole('textbox', { name: /Tax \(TDS\)/ }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save challan' }));
    expect(
      await within(dialog).findByText('The BSR code is the 7 digits of the bank branch on the challan'),
    ).toBeVisible();
  });

  it('asks before deleting a challan, naming it', async () => {
    render(ret());
    const del = vi
      .spyOn(apiClient, 'delete')
      .mockResolvedValue({ data: { message: 'Challan deleted', data: null } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Delete challan 0510002\/12345/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this challan?' });
    expect(dialog).toHaveTextContent('₹1,23,456.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Delete challan 0510002\/12345/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete challan' }));
    expect(del).toHaveBeenCalledWith(`/payroll/tds-returns/challans/${challan.id}`);
  });
});
