import type { RegimeComparisonView, TaxDeclaration } from '@hr/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { TaxDeclarationScreen } from './tax-declaration-screen';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const window = {
  financial_year: '2026-27',
  opens_on: '2026-04-01',
  closes_on: '2027-01-15',
  proof_opens_on: null,
  proof_closes_on: null,
};
const declaration: TaxDeclaration = {
  id: 'd1',
  financial_year: '2026-27',
  employee_id: 'e1',
  employee_name: 'Priya Sharma',
  status: 'draft',
  submitted_at: null,
  updated_at: '2026-11-20T06:00:00Z',
  regime: 'old',
  section_80c: [{ label: 'PPF', amount_paise: 1_00_000_00 }],
  nps_80ccd1b_paise: 0,
  health_self_paise: 0,
  self_senior: false,
  health_parents_paise: 0,
  parents_senior: false,
  rent: null,
  home_loan_interest_paise: 0,
  lta_paise: 0,
  other_income_paise: 0,
  previous_employer: null,
  window,
  window_open: true,
  window_message: 'Declarations for 2026-27 are open until 15 Jan 2027',
  abilities: { edit: true, submit: true, send_proofs: false },
  items: [],
  proof_window_open: false,
  proof_window_message: 'Proofs for 2026-27 are not taken: the proof dates have not been set',
};
const side = (regime: 'new' | 'old', tax: number) => ({
  regime,
  gross_paise: 24_00_000_00,
  deductions_paise: regime === 'new' ? 75_000_00 : 10_07_500_00,
  taxable_income_paise: regime === 'new' ? 23_25_000_00 : 13_92_500_00,
  slab_tax_paise: tax,
  rebate_paise: 0,
  surcharge_paise: 0,
  cess_paise: 0,
  tax_paise: tax,
  deductions: [
    { key: 'standard-deduction', label: 'Standard deduction', amount_paise: 50_000_00, detail: 'sd' },
  ],
  tax_steps: [],
});
const comparison: RegimeComparisonView = {
  financial_year: '2026-27',
  chosen_regime: 'new',
  new: side('new', 2_92_500_00),
  old: side('old', 2_39_460_00),
  cheaper: 'old',
  difference_paise: 53_040_00,
  summary: 'The old regime costs you ₹53,040 less a year (₹2,39,460 against ₹2,92,500).',
  figures_used: [
    { label: 'Salary for the year', amount_paise: 24_00_000_00, detail: '12 month(s) of 2026-27' },
  ],
};

function mockGets(d: TaxDeclaration) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => ({
    data: { data: url === '/tax/my/comparison' ? comparison : d },
  }));
}

describe('TaxDeclarationScreen', () => {
  it('shows both regimes side by side in en-IN rupees, the cheaper one marked and the difference highlighted', async () => {
    mockGets(declaration);
    renderWithProviders(<TaxDeclarationScreen />, { route: '/user/salary/tax-declaration' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax declaration' })).toBeVisible();
    const oldSide = await screen.findByTestId('regime-old');
    expect(within(oldSide).getByText('Costs you less')).toBeVisible();
    expect(within(screen.getByTestId('regime-new')).queryByText('Costs you less')).toBeNull();
    expect(screen.getByTestId('tax-new')).toHaveTextContent('₹2,92,500.00');
    expect(screen.getByTestId('tax-old')).toHaveTextContent('₹2,39,460.00');
    expect(screen.getByTestId('regime-difference')).toHaveTextContent('₹53,040.00');
    expect(screen.getByTestId('regime-summary')).toHaveTextContent('You have chosen the new regime.');
    expect(screen.getByRole('table', { name: 'Figures used' })).toHaveTextContent('₹24,00,000.00');
    expect(screen.getByTestId('window-message')).toHaveTextContent('open until 15 Jan 2027');
  });

  it("asks for the landlord's PAN next to the field before sending, and sends the declaration in paise", async () => {
    mockGets(declaration);
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ data: { data: declaration } });
    const user = userEvent.setup();
    renderWithProviders(<TaxDeclarationScreen />, { route: '/user/salary/tax-declaration' });
    await user.click(await screen.findByRole('checkbox', { name: 'I pay rent (HRA)' }));
    await user.type(screen.getByRole('textbox', { name: 'Monthly rent' }), '25000');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Pune');
    await user.type(screen.getByRole('textbox', { name: "Landlord's name" }), 'R Rao');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText("The landlord's PAN is needed when the rent is more than ₹1,00,000 a year"),
    ).toBeVisible();
    expect(put).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Landlord's PAN/ }), 'abcde1234f');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(put).toHaveBeenCalled());
    const body = put.mock.calls[0]![1] as Record<string, unknown>;
    expect(body).toMatchObject({
      financial_year: '2026-27',
      regime: 'old',
      section_80c: [{ label: 'PPF', amount_paise: 1_00_000_00 }],
      rent: { monthly_rent_paise: 25_000_00, months: 12, city: 'Pune', landlord_pan: 'ABCDE1234F' },
    });
  });

  it('says why nothing can be sent once the window has closed', async () => {
    mockGets({
      ...declaration,
      window_open: false,
      window_message: 'Declarations for 2026-27 closed on 15 Jan 2027',
      abilities: { edit: false, submit: false, send_proofs: false },
    });
    renderWithProviders(<TaxDeclarationScreen />, { route: '/user/salary/tax-declaration' });
    const submit = await screen.findByRole('button', { name: 'Submit declaration' });
    expect(submit).toBeDisabled();
    expect(screen.getAllByTestId('submit-blocked-by')[0]).toHaveTextContent(
      'Declarations for 2026-27 closed on 15 Jan 2027',
    );
  });
});
