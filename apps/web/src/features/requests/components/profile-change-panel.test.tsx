import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ProfileChangePanel } from './profile-change-panel';

const pending = {
  id: 'r1',
  employee_id: 'e1',
  employee_code: 'ACM0003',
  employee_name: 'Priya Sharma',
  changes: [
    { field: 'bank_account_number', label: 'Bank account number', before: null, after: 'XXXXXX9012' },
  ],
  reason: 'New account',
  status: 'pending',
  created_at: '2025-03-10T06:00:00.000Z',
  applied_at: null,
  approval: {
    request_id: 'a1',
    status: 'pending',
    current_level: 1,
    level_count: 1,
    skipped_levels: [],
    next_approvers: [
      { level: 1, id: 'm1', name: 'Vikram Mehta', delegates: [{ id: 'd1', name: 'Kabir Khan' }] },
    ],
    history: [],
  },
};

afterEach(() => vi.restoreAllMocks());

describe('ProfileChangePanel', () => {
  it('has labelled fields and validates formats before sending', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [] } });
    const post = vi.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderWithProviders(<ProfileChangePanel />);
    for (const label of [
      'First name',
      'Last name',
      'Date of birth',
      'Bank name',
      'IFSC',
      'Bank account number',
      'Account holder name',
      'PAN',
      'Aadhaar',
    ]) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('PAN'), 'ABC');
    await user.type(screen.getByLabelText('Aadhaar'), '1234');
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('PAN must look like ABCDE1234F')).toBeInTheDocument();
    expect(screen.getByText('Aadhaar must be 12 digits')).toBeInTheDocument();
    expect(screen.getByText('Give a reason')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows my pending request with who approves next instead of the form', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [pending] } });
    renderWithProviders(<ProfileChangePanel />);
    expect(await screen.findByText('XXXXXX9012')).toBeInTheDocument();
    expect(
      screen.getByText(/Waiting on: Vikram Mehta \(or Kabir Khan on their behalf\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request change' })).not.toBeInTheDocument();
  });
});
