import type { MyPayslipSummary, Payslip } from '@hr/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PDF_NOT_FOUND } from '../api/payslips-api';
import { monthLabel } from './payslip-format';
import { PayslipsScreen } from './payslips-screen';

const line = (
  code: string,
  label: string,
  kind: 'earning' | 'deduction' | 'employer' | 'info',
  amount: number,
  explain: string,
  show = true,
) => ({
  code,
  label,
  kind,
  base_paise: null,
  rate_bp: null,
  amount_paise: amount,
  explain,
  rule: `Rule of ${label}`,
  show,
  previous_paise: null,
});

const slip: Payslip = {
  id: '7d1c7a52-2f0c-4d0e-9a43-0c9f7d0b1e11',
  run_id: 'a2b6c1f0-0000-4000-8000-000000000001',
  month: '2026-11',
  pay_date: '2026-11-30',
  confirmed: true,
  employee: {
    id: 'e1',
    code: 'ACM0003',
    name: 'Priya Sharma',
    designation: 'Engineer',
    division: 'Engineering',
    date_of_joining: '2024-04-01',
    pan_masked: 'XXXXXX234F',
    uan: '100200300400',
    esi_number: null,
    bank_name: 'HDFC Bank',
    bank_account_masked: 'XXXXXXXX4321',
  },
  days: { basis: 30, outside_employment: 0, lop: 0, payable: 30 },
  lines: [
    line('BASIC', 'Basic', 'earning', 50_000_00, 'Basic: half of the monthly CTC of ₹1,00,000 = ₹50,000.'),
    line('HRA', 'House rent allowance', 'earning', 25_000_00, 'HRA: half of Basic = ₹25,000.'),
    line('SPECIAL_ALLOWANCE', 'Special allowance', 'earning', 25_000_00, 'The rest of the gross.'),
    line('EPF_EE', 'Provident fund', 'deduction', 1_800_00, 'EPF: 12% of ₹15,000 = ₹1,800.'),
    line('PT', 'Professional tax', 'deduction', 200_00, 'Professional tax, Karnataka: ₹200.'),
    line(
      'TDS',
      'Income tax (TDS)',
      'deduction',
      5_113_00,
      'TDS: projected tax for the year ₹61,356 less ₹0 deducted so far, over 12 months = ₹5,113.',
    ),
    line('EPF_ER_TOTAL', 'Provident fund (employer)', 'employer', 1_800_00, 'Employer share of EPF.'),
    line('EDLI_ER', 'EDLI (employer, A/c 21)', 'employer', 75_00, 'EDLI: 0.5% of ₹15,000 = ₹75.', false),
    line('ESI_INFO', 'ESI', 'info', 0, 'ESI: not deducted, gross above ₹21,000.', false),
  ],
  gross_paise: 1_00_000_00,
  deductions_paise: 7_113_00,
  net_paise: 92_887_00,
  net_in_words: 'Rupees Ninety-Two Thousand Eight Hundred Eighty-Seven Only',
  employer_paise: 1_875_00,
  ctc_paise: 1_01_875_00,
  ytd: {
    gross_paise: 8_00_000_00,
    tds_paise: 40_904_00,
    employee_pf_paise: 14_400_00,
    pt_paise: 1_600_00,
    months: 8,
  },
  notes: ['Tax regime: new.'],
  engine_version: '1.0.0',
  explanation_warning: null,
  salary: { id: null, effective_from: '2025-04-01' },
  has_pdf: false,
  pdf_password_hint: null,
};

const summary: MyPayslipSummary = {
  id: slip.id,
  month: '2026-11',
  pay_date: '2026-11-30',
  gross_paise: slip.gross_paise,
  deductions_paise: slip.deductions_paise,
  net_paise: slip.net_paise,
  has_pdf: false,
};

// The machine running the tests is shared and slow: give the first render of a screen time.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('PayslipsScreen: one payslip', () => {
  it('shows earnings and deductions in en-IN rupees, the net in figures and words, and the year to date', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: slip } });
    renderWithProviders(<PayslipsScreen />, { route: `/user/documents/payslips?id=${slip.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payslip for November 2026' })).toBeVisible();
    expect(get).toHaveBeenCalledWith(`/payslips/${slip.id}`, { silent: true });
    const earnings = screen.getByRole('table', { name: 'Earnings' });
    expect(within(earnings).getByText('₹50,000.00')).toBeInTheDocument();
    expect(
      within(earnings).getByRole('rowheader', { name: 'Gross earnings' }).closest('tr'),
    ).toHaveTextContent('₹1,00,000.00');
    const deductions = screen.getByRole('table', { name: 'Deductions' });
    expect(
      within(deductions).getByRole('button', { name: 'Income tax (TDS)' }).closest('tr'),
    ).toHaveTextContent('₹5,113.00');
    expect(screen.getByTestId('net-pay')).toHaveTextContent('₹92,887.00');
    expect(screen.getByTestId('net-in-words')).toHaveTextContent(
      'Rupees Ninety-Two Thousand Eight Hundred Eighty-Seven Only',
    );
    expect(screen.getByRole('table', { name: 'Year to date' })).toHaveTextContent('₹8,00,000.00');
    // Every employer line counts towards the employer total, printed on the PDF or not.
    const employer = screen.getByRole('table', { name: 'Employer contributions' });
    expect(within(employer).getByRole('button', { name: 'EDLI (employer, A/c 21)' })).toBeVisible();
    expect(
      within(employer).getByRole('rowheader', { name: 'Total employer contributions' }).closest('tr'),
    ).toHaveTextContent('₹1,875.00');
    // Lines the payslip does not print sit apart, still explained.
    expect(screen.getByRole('table', { name: 'Other figures' })).toHaveTextContent('ESI');
  });

  it('says how a password-protected PDF opens (the hint, never the password)', async () => {
    const hint = 'The password is the first four letters of your PAN in capitals and your year of birth';
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: { data: { ...slip, has_pdf: true, pdf_password_hint: hint } },
    });
    renderWithProviders(<PayslipsScreen />, { route: `/user/documents/payslips?id=${slip.id}` });
    expect(await screen.findByTestId('pdf-password-hint')).toHaveTextContent(hint);
  });

  it("opens a line's explanation by click and by keyboard, and closes it again", async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: slip } });
    const user = userEvent.setup();
    renderWithProviders(<PayslipsScreen />, { route: `/user/documents/payslips?id=${slip.id}` });
    const tds = await screen.findByRole('button', { name: 'Income tax (TDS)' });
    const why = /projected tax for the year ₹61,356/;
    expect(screen.queryByText(why)).toBeNull();
    expect(tds).toHaveAttribute('aria-expanded', 'false');
    await user.click(tds);
    expect(tds).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(why)).toBeVisible();
    expect(screen.getByText('Rule: Rule of Income tax (TDS)')).toBeVisible();
    expect(document.getElementById(tds.getAttribute('aria-controls') ?? '')).toHaveTextContent(why);
    await user.click(tds);
    expect(screen.queryByText(why)).toBeNull();

    const basic = screen.getByRole('button', { name: 'Basic' });
    basic.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(/half of the monthly CTC/)).toBeVisible();
    await user.keyboard(' ');
    expect(screen.queryByText(/half of the monthly CTC/)).toBeNull();
  });

  it('says in words when the PDF is not generated yet (409), not there (404) or lost from the server (404)', async () => {
    const get = vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
      if (url.endsWith('/pdf')) {
        const call = get.mock.calls.filter(([u]) => String(u).endsWith('/pdf')).length;
        const status = call === 1 ? 409 : 404;
        const message =
          call === 3
            ? 'The payslip PDF for Nov 2026 is missing: ask your administrator to generate the payslips again'
            : 'Payslip PDFs for November 2026 are not generated yet';
        const body = new Blob([JSON.stringify({ status, message, data: null })]);
        return { status, data: body };
      }
      return { data: { data: slip } };
    });
    const user = userEvent.setup();
    renderWithProviders(<PayslipsScreen />, { route: `/user/documents/payslips?id=${slip.id}` });
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByTestId('pdf-message')).toHaveTextContent(
      'Payslip PDFs for November 2026 are not generated yet',
    );
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(PDF_NOT_FOUND)).toBeVisible();
    // The file lost from the server: the API's words, which say who can mend it.
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(
      await screen.findByText(
        'The payslip PDF for Nov 2026 is missing: ask your administrator to generate the payslips again',
      ),
    ).toBeVisible();
  });

  it('says a payslip that is not found (or not mine) was not found', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(new ApiError('Payslip not found', 404));
    renderWithProviders(<PayslipsScreen />, { route: '/user/documents/payslips?id=x' });
    expect(await screen.findByText(/This payslip was not found/)).toBeVisible();
    expect(screen.getByRole('link', { name: /All payslips/ })).toHaveAttribute(
      'href',
      '/user/documents/payslips',
    );
  });
});

describe('PayslipsScreen: the list', () => {
  it('lists months newest first with en-IN amounts and a link to each payslip', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: { data: [summary], meta: { totalCount: 1, page: 1, records: 10 } },
    });
    renderWithProviders(<PayslipsScreen />, { route: '/user/documents/payslips?year=2026' });
    const link = await screen.findByRole('link', { name: 'November 2026' });
    expect(link).toHaveAttribute('href', `/user/documents/payslips?id=${slip.id}`);
    expect(get).toHaveBeenCalledWith('/payslips', {
      params: { page: 1, records: 10, year: '2026' },
      silent: true,
    });
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('30 Nov 2026');
    expect(row).toHaveTextContent('₹92,887.00');
  });

  it('shows the empty state', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: { data: [], meta: { totalCount: 0, page: 1, records: 10 } },
    });
    renderWithProviders(<PayslipsScreen />, { route: '/user/documents/payslips' });
    expect(await screen.findByText(/No payslips yet/)).toBeVisible();
  });

  it('shows the error with a retry', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(new ApiError('Failed to connect to server', 500));
    renderWithProviders(<PayslipsScreen />, { route: '/user/documents/payslips' });
    expect(await screen.findByText('Could not load payslips')).toBeVisible();
    expect(screen.getByText('Failed to connect to server')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('monthLabel', () => {
  it('names the month', () => {
    expect(monthLabel('2026-04')).toBe('April 2026');
  });
});
