import type { TaxDeclaration } from '@hr/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { financialYearOf, TaxDeclarationsAdminScreen } from './tax-admin-screen';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const d: TaxDeclaration = {
  id: 'd1',
  financial_year: '2026-27',
  employee_id: 'e1',
  employee_name: 'Priya Sharma',
  status: 'submitted',
  submitted_at: '2026-11-20T06:00:00Z',
  updated_at: '2026-11-20T06:00:00Z',
  regime: 'old',
  section_80c: [{ label: 'PPF', amount_paise: 1_50_000_00 }],
  nps_80ccd1b_paise: 0,
  health_self_paise: 0,
  self_senior: false,
  health_parents_paise: 30_000_00,
  parents_senior: true,
  rent: {
    monthly_rent_paise: 20_000_00,
    months: 12,
    city: 'Mumbai',
    landlord_name: 'R Rao',
    landlord_pan: 'ABCDE1234F',
  },
  home_loan_interest_paise: 0,
  lta_paise: 0,
  other_income_paise: 0,
  previous_employer: null,
  window: null,
  window_open: true,
  window_message: 'open',
  abilities: { edit: true, submit: true, send_proofs: false },
  items: [],
  proof_window_open: false,
  proof_window_message: 'Proofs for 2026-27 are not taken: the proof dates have not been set',
};

describe('TaxDeclarationsAdminScreen', () => {
  it('knows the financial year of a date (April to March)', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it("shows one employee's declaration read only, each item in ₹ en-IN", async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: d } });
    renderWithProviders(<TaxDeclarationsAdminScreen />, { route: '/payroll/tax/declarations?employee=e1' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tax declaration of Priya Sharma' }),
    ).toBeVisible();
    expect(get.mock.calls[0]![0]).toBe('/tax/employees/e1/declaration');
    const table = screen.getByRole('table', { name: 'Declaration of Priya Sharma' });
    expect(table).toHaveTextContent('80C: PPF₹1,50,000.00');
    expect(table).toHaveTextContent('Health insurance, parents (senior citizen)₹30,000.00');
    expect(table).toHaveTextContent(
      '₹20,000.00 a month for 12 month(s) in Mumbai; landlord R Rao, PAN ABCDE1234F',
    );
  });

  it('says so when the employee is not in the company', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      new ApiError('Employee not found', 404, { code: 'NOT_FOUND' }),
    );
    renderWithProviders(<TaxDeclarationsAdminScreen />, { route: '/payroll/tax/declarations?employee=x' });
    expect(await screen.findByText('This employee was not found.')).toBeVisible();
  });

  it('reviews a proof: Verify sends the amount in paise, Reject asks for the reason and shows the refusal in words', async () => {
    const item = {
      id: 'i1',
      kind: 'hra',
      label: 'Rent paid (HRA)',
      amount_paise: 2_40_000_00,
      needs_proof: true,
      proof_status: 'pending' as const,
      verified_paise: null,
      review_reason: null,
      reviewed_by_name: null,
      reviewed_at: null,
      proofs: [{ id: 'p1', document_id: 'doc1', file_name: 'rent.pdf', uploaded_at: '2027-01-10T06:00:00Z' }],
    };
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: { ...d, items: [item] } } });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValueOnce(
        new ApiError('Validation failed: reason', 400, {
          code: 'VALIDATION',
          errors: [{ path: 'reason', message: 'Say why the proof is rejected' }],
        }),
      )
      .mockResolvedValue({ data: { data: d } });
    renderWithProviders(<TaxDeclarationsAdminScreen />, { route: '/payroll/tax/declarations?employee=e1' });
    const row = within(await screen.findByRole('table', { name: 'Proofs of Priya Sharma' }));
    expect(row.getByRole('button', { name: 'rent.pdf' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'Reject' }));
    await user.click(row.getByRole('button', { name: 'Reject proof' }));
    expect(post.mock.calls[0]![1]).toEqual({ decision: 'reject', reason: '' });
    // Next to the reason field, in words.
    expect(await row.findByText('Say why the proof is rejected')).toBeVisible();
    expect(row.queryByText(/Validation failed/)).toBeNull();
    await user.click(row.getByRole('button', { name: 'Verify' }));
    expect(post.mock.calls[1]![0]).toBe('/tax/items/i1/review');
    expect(post.mock.calls[1]![1]).toEqual({ decision: 'verify', verified_paise: 2_40_000_00 });
  });
});
