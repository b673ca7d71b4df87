import type { PayRunAutomaticItems } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AutomaticItems } from './automatic-items';

const run = { id: '7d8b2b4e-2f7a-4b8e-9a51-3d1c6f0b9a10' } as Parameters<typeof AutomaticItems>[0]['run'];

function answer(data: PayRunAutomaticItems) {
  return vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { status: 200, message: 'ok', data } });
}

describe('the automatic items of a run', () => {
  it('lists each line before compute with whom, what, why and the amount in rupees', async () => {
    const get = answer({
      taken: false,
      items: [
        {
          employee_id: 'e1',
          employee_code: 'GLX0003',
          employee_name: 'Mindy Simmons',
          source: 'reimbursement',
          kind: 'earning',
          label: 'Reimbursement: Food',
          amount_paise: 2_345_00,
          explain: 'Claim of 12 Nov 2026 approved by Hank Scorpio',
        },
      ],
    });
    renderWithProviders(<AutomaticItems run={run} />);
    const table = await screen.findByRole('table', { name: 'Added automatically' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Mindy Simmons');
    expect(row).toHaveTextContent('GLX0003');
    expect(row).toHaveTextContent('Reimbursement: Food');
    expect(row).toHaveTextContent('Claim of 12 Nov 2026 approved by Hank Scorpio');
    expect(row).toHaveTextContent('₹2,345.00');
    expect(screen.getByText(/as things stand now/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`/payrun/${run.id}/automatic-items`, { silent: true });
    get.mockRestore();
  });

  it('says so when nothing is added', async () => {
    const get = answer({ taken: false, items: [] });
    renderWithProviders(<AutomaticItems run={run} />);
    expect(await screen.findByText('Nothing is added automatically this month.')).toBeInTheDocument();
    get.mockRestore();
  });
});
