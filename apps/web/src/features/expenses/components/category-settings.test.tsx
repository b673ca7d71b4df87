import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { CategorySettings } from './category-settings';

const food = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'food',
  name: 'Food',
  requires_travel: false,
  rate_per_km_paise: null,
  max_per_claim_paise: 200_000,
  max_per_month_paise: 600_000,
  receipt_required_over_paise: 30_000,
  claim_window_days: 60,
  is_active: true,
};

afterEach(() => vi.restoreAllMocks());

it('lists the limits in ₹ and saves a changed limit in paise', { timeout: 30_000 }, async () => {
  vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [food] } });
  const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ data: { data: food } });
  const user = userEvent.setup();
  renderWithProviders(<CategorySettings />);
  await user.click(screen.getByRole('button', { name: 'Categories and limits' }));
  const row = (await screen.findByRole('cell', { name: 'Food' })).closest('tr')!;
  expect(row).toHaveTextContent('₹2,000.00₹6,000.00₹300.0060 days');
  await user.click(screen.getByRole('button', { name: 'Edit Food' }));
  const perClaim = screen.getByLabelText('Limit per claim (₹)');
  await user.clear(perClaim);
  await user.type(perClaim, '900.5');
  await user.click(screen.getByRole('button', { name: 'Save category' }));
  expect(put).toHaveBeenCalledWith(
    `/expenses/categories/${food.id}`,
    expect.objectContaining({
      max_per_claim_paise: 90_050,
      max_per_month_paise: 600_000,
      receipt_required_over_paise: 30_000,
    }),
    { silent: true },
  );
});
