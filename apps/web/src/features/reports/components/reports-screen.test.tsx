import type { HeadcountReport, ReportCatalogItem } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ReportsScreen } from './reports-screen';

const catalog: ReportCatalogItem[] = [
  {
    key: 'headcount',
    title: 'Headcount',
    description: 'Headcount at each month end.',
    available: true,
    unavailable_reason: null,
  },
];
const headcount: HeadcountReport = {
  months: [
    { month: '2025-11', opening: 10, joiners: 2, leavers: 0, closing: 12, attrition_pct: 0 },
    { month: '2025-12', opening: 12, joiners: 0, leavers: 1, closing: 11, attrition_pct: 8.7 },
  ],
  by_division: [{ division_id: null, division_name: 'Unassigned', headcount: 11 }],
};

afterEach(() => vi.restoreAllMocks());

describe('ReportsScreen: headcount', () => {
  it('names each month in words ("Dec 2025"), never as 2025-12', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => ({
      data: { data: url === '/reports' ? catalog : url === '/reports/headcount' ? headcount : [] },
    }));
    renderWithProviders(<ReportsScreen />, { route: '/admin/reports' });
    const table = await screen.findByRole('table', { name: 'Headcount by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Nov 2025/);
    expect(rows[2]).toHaveTextContent(/^Dec 2025/);
    expect(screen.getByRole('heading', { name: /^By division, end of [A-Z][a-z]{2} \d{4}$/ })).toBeVisible();
    expect(screen.queryByText(/\d{4}-\d{2}/)).not.toBeInTheDocument();
  });
});
