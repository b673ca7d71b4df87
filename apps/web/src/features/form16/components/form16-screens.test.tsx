import type { Form16Issue, MyForm16 } from '@hr/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import * as exportLib from '../../../lib/export';
import { renderWithProviders } from '../../../test/render';
import { Form16AdminScreen, financialYearOf } from './form16-admin-screen';
import { MyForm16Screen } from './my-form16-screen';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('financialYearOf', () => {
  it('starts the year in April', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
  });
});

describe('MyForm16Screen', () => {
  const mine: MyForm16[] = [
    { financial_year: '2026-27', assessment_year: '2027-28', issued_at: '2027-04-05T06:00:00Z' },
  ];

  it('lists the certificates and downloads one', async () => {
    const get = vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
      if (url === '/form16/my') return { data: { data: mine } };
      return { status: 200, data: new Blob(['%PDF-']) };
    });
    const saved = vi.spyOn(exportLib, 'downloadBlob').mockImplementation(() => undefined);
    renderWithProviders(<MyForm16Screen />, { route: '/user/documents/form16' });
    expect(await screen.findByText('Financial year 2026-27')).toBeInTheDocument();
    expect(screen.getByText(/Assessment year 2027-28/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Form 16 for 2026-27' }));
    expect(get).toHaveBeenCalledWith(
      '/form16/my/2026-27/pdf',
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(saved).toHaveBeenCalledWith(expect.any(Blob), 'form16-2026-27.pdf');
  });

  it('says when there is none yet', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [] } });
    renderWithProviders(<MyForm16Screen />, { route: '/user/documents/form16' });
    expect(await screen.findByText(/No Form 16 yet/)).toBeInTheDocument();
  });
});

describe('Form16AdminScreen', () => {
  const issue = (over: Partial<Form16Issue>): Form16Issue => ({
    financial_year: '2026-27',
    assessment_year: '2027-28',
    status: 'none',
    employees: 60,
    issued: 0,
    confirmed_months: ['2026-12', '2027-01'],
    started_at: null,
    finished_at: null,
    ...over,
  });

  it('issues the year and shows the answer in words', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-05-10T06:00:00Z'));
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: issue({}) } });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: {
        data: issue({ status: 'issuing', issued: 10 }),
        message: 'Issuing Form 16 for 2026-27 to 60 employees',
      },
    });
    renderWithProviders(<Form16AdminScreen />, { route: '/payroll/tax/form16' });
    expect(await screen.findByText(/Employees paid: 60/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Issue Form 16' }));
    expect(post).toHaveBeenCalledWith('/form16/2026-27/issue', {}, expect.anything());
    expect(await screen.findByText('Issuing Form 16 for 2026-27 to 60 employees')).toBeInTheDocument();
    expect(screen.getByText('Issuing: 10 of 60 certificates made')).toBeInTheDocument();
  });

  it('opens on the year just ended, which can be issued', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-10T06:00:00Z'));
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: issue({ financial_year: '2025-26' }) } });
    renderWithProviders(<Form16AdminScreen />, { route: '/payroll/tax/form16' });
    // Today is in 2026-27: the screen opens on 2025-26, which has ended.
    expect(await screen.findByRole('button', { name: 'Issue Form 16' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Financial year' })).toHaveValue('2025-26');
    expect(screen.queryByText(/can be issued once the year ends/)).not.toBeInTheDocument();
  });

  it('does not offer a year that has not ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-10T06:00:00Z'));
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: issue({ financial_year: '2026-27' }) } });
    renderWithProviders(<Form16AdminScreen />, { route: '/payroll/tax/form16' });
    await userEvent.selectOptions(await screen.findByLabelText('Financial year'), '2026-27');
    expect(
      await screen.findByText('Form 16 for 2026-27 can be issued once the year ends on 31 Mar 2027.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue Form 16' })).toBeDisabled();
  });
});
