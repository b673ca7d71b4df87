import type { PayRun } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import { ConfirmHost } from '../../../lib/confirm';
import { renderWithProviders } from '../../../test/render';
import { PayslipsSection } from './finish-section';
import { ConfirmSection, steps } from './run-view';
import { Difference, monthLabel } from './words';

/** A run as the API returns it (only the figures each case changes are varied). */
function runOf(over: Partial<PayRun> = {}): PayRun {
  return {
    id: '7d8b2b4e-2f7a-4b8e-9a51-3d1c6f0b9a10',
    month: '2026-11',
    year: 2026,
    month_number: 11,
    pay_date: '2026-11-30',
    status: 'draft',
    attendance_status: 'pending',
    payslips_status: 'none',
    progress: { employees: 60, computed: 0, failed: 0, payslips: 0 },
    payslips_stalled_at: null,
    totals: null,
    anomalies: { total: 0, open: 0 },
    sheets: { attendance: null, onetime: null, tds: null },
    engine_version: null,
    created_at: '2026-11-26T05:00:00Z',
    created_by: 'Asha Rao',
    computed_at: null,
    computed_by: null,
    confirmed_at: null,
    confirmed_by: null,
    abilities: {
      edit_inputs: true,
      compute: false,
      confirm: false,
      delete: true,
      generate_payslips: false,
      download_files: false,
    },
    confirm_blockers: [],
    ...over,
  };
}

const totals = {
  employees: 60,
  gross_paise: 1_23_45_678_00,
  deductions_paise: 12_34_567_00,
  net_paise: 1_11_11_111_00,
  employer_paise: 0,
  ctc_paise: 0,
};

describe('pay run steps', () => {
  it('moves from attendance to compute, review, confirm and payslips as the run moves', () => {
    expect(steps(runOf()).active).toBe(0);
    expect(steps(runOf({ attendance_status: 'confirmed' })).active).toBe(2);
    expect(
      steps(runOf({ attendance_status: 'confirmed', status: 'computed', anomalies: { total: 3, open: 2 } }))
        .active,
    ).toBe(3);
    expect(
      steps(runOf({ attendance_status: 'confirmed', status: 'computed', anomalies: { total: 3, open: 0 } }))
        .active,
    ).toBe(4);
    expect(steps(runOf({ attendance_status: 'confirmed', status: 'confirmed' })).active).toBe(5);
    expect(
      steps(runOf({ attendance_status: 'confirmed', status: 'confirmed', payslips_status: 'generated' }))
        .active,
    ).toBe(6);
  });
});

describe('confirming a run', () => {
  it('is disabled with the reasons in words while the API says it cannot be confirmed', () => {
    renderWithProviders(
      <ConfirmSection
        run={runOf({
          status: 'computed',
          confirm_blockers: ['2 anomalies are not acknowledged yet'],
        })}
      />,
    );
    expect(screen.getByText('The run cannot be confirmed yet')).toBeInTheDocument();
    expect(screen.getByText('2 anomalies are not acknowledged yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm pay run' })).toBeDisabled();
  });

  it('asks first, naming the month, the net in rupees and the pay date', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ConfirmSection
          run={runOf({
            status: 'computed',
            totals,
            abilities: { ...runOf().abilities, confirm: true },
          })}
        />
        <ConfirmHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm pay run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the pay run of Nov 2026' });
    expect(dialog).toHaveTextContent('₹1,11,11,111.00');
    expect(dialog).toHaveTextContent('30 Nov 2026');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('says who confirmed and when once it is confirmed', () => {
    renderWithProviders(
      <ConfirmSection
        run={runOf({ status: 'confirmed', confirmed_at: '2026-11-26T06:30:00Z', confirmed_by: 'Asha Rao' })}
      />,
    );
    expect(screen.getByText(/Confirmed 26 Nov 2026, 12:00 by Asha Rao/)).toBeInTheDocument();
  });
});

describe('generating payslips', () => {
  const confirmed = {
    status: 'confirmed' as const,
    abilities: { ...runOf().abilities, generate_payslips: true },
  };

  it('generates at once the first time', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Generating', data: {} } });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <PayslipsSection run={runOf(confirmed)} />
        <ConfirmHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Generate payslips' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`/payrun/payslips/${runOf().id}`, undefined, { silent: true });
    post.mockRestore();
  });

  it('asks before generating them again, from the keyboard, and sends regenerate only when accepted', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Generating', data: {} } });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <PayslipsSection
          run={runOf({
            ...confirmed,
            payslips_status: 'generated',
            progress: { employees: 60, computed: 60, failed: 0, payslips: 60 },
          })}
        />
        <ConfirmHost />
      </>,
    );
    expect(screen.getByText('Payslips made for 60 of 60 employees.')).toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Generate again' });
    await user.click(again);
    const dialog = await screen.findByRole('dialog', { name: 'Generate the payslips of Nov 2026 again?' });
    expect(dialog).toHaveTextContent('All 60 payslip PDFs are made again with the current pay run settings');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalled();

    again.focus();
    await user.keyboard('{Enter}');
    const asked = await screen.findByRole('dialog', { name: 'Generate the payslips of Nov 2026 again?' });
    await user.click(within(asked).getByRole('button', { name: 'Generate again' }));
    expect(post).toHaveBeenCalledWith(
      `/payrun/payslips/${runOf().id}`,
      { regenerate: true },
      { silent: true },
    );
    post.mockRestore();
  });
});

describe('a generation that stopped making progress', () => {
  it('says since when and resumes without asking, making only the missing payslips', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Generating', data: {} } });
    const user = userEvent.setup();
    const run = runOf({
      status: 'confirmed',
      payslips_status: 'generating',
      progress: { employees: 60, computed: 60, failed: 0, payslips: 24 },
      payslips_stalled_at: '2026-11-26T06:30:00Z',
      abilities: { ...runOf().abilities, generate_payslips: true },
    });
    renderWithProviders(
      <>
        <PayslipsSection run={run} />
        <ConfirmHost />
      </>,
    );
    expect(screen.getByText('Making payslips: 24 of 60 employees')).toBeInTheDocument();
    expect(screen.getByText(/No payslip has been made since 26 Nov 2026, 12:00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume generating payslips' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`/payrun/payslips/${run.id}`, undefined, { silent: true });
    post.mockRestore();
  });

  it('offers nothing while the generation moves', () => {
    renderWithProviders(
      <PayslipsSection
        run={runOf({
          status: 'confirmed',
          payslips_status: 'generating',
          progress: { employees: 60, computed: 60, failed: 0, payslips: 24 },
        })}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/has stopped making progress/)).not.toBeInTheDocument();
  });
});

describe('words', () => {
  it('names months and signs differences in rupees', () => {
    expect(monthLabel('2026-04')).toBe('Apr 2026');
    renderWithProviders(
      <>
        <Difference paise={-2_406_720} />
        <Difference paise={150_000} />
        <Difference paise={0} />
        <Difference paise={null} />
      </>,
    );
    expect(screen.getByText('−₹24,067.20')).toBeInTheDocument();
    expect(screen.getByText('+₹1,500.00')).toBeInTheDocument();
    expect(screen.getByText('No change')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
