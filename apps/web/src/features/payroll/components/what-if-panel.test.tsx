import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../../../lib/api-client';
import { toastError } from '../../../lib/toasts';
import { renderWithProviders } from '../../../test/render';
import { WhatIfPanel } from './what-if-panel';

vi.mock('../../../lib/toasts', async (original) => ({
  ...(await original<typeof import('../../../lib/toasts')>()),
  toastError: vi.fn(),
}));

const EMPLOYEE = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const SAID =
  "The date of birth is not on Priya Sharma's record: enter it here to work out EPS and senior-citizen tax";

/** The API's answer, through the app's own client and its interceptors; only the network is replaced. */
function answer(status: number, data: object) {
  const sent: unknown[] = [];
  const adapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push(JSON.parse(String(config.data)));
    const response = { status, statusText: '', headers: {}, config, data } as AxiosResponse;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_REQUEST',
      config,
      null,
      response,
    );
  };
  return { sent, restore: () => (apiClient.defaults.adapter = adapter) };
}

afterEach(() => vi.mocked(toastError).mockClear());

describe('what-if form', () => {
  it("shows a fact the employee's record lacks next to its input, in the API's words, and does not toast it", async () => {
    const api = answer(400, {
      code: 'VALIDATION',
      message: SAID,
      errors: [{ path: 'facts.date_of_birth', message: SAID }],
    });
    const user = userEvent.setup();
    renderWithProviders(<WhatIfPanel employeeId={EMPLOYEE} />);
    await user.click(screen.getByRole('button', { name: 'Work out the payslip' }));

    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(await screen.findByText(SAID)).toBeInTheDocument();
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    expect(dob).toHaveAccessibleDescription(SAID);
    expect(screen.getByRole('textbox', { name: 'Joining date' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/facts\.|date_of_birth/);
    expect(toastError).not.toHaveBeenCalled();
    expect(api.sent).toEqual([expect.objectContaining({ employee_id: EMPLOYEE })]);
    api.restore();
  });

  it('shows an error about no input of the form above the button, in words', async () => {
    const api = answer(400, {
      code: 'VALIDATION',
      message: 'This employee has no salary in force in that month',
      errors: [{ path: 'employee_id', message: 'This employee has no salary in force in that month' }],
    });
    const user = userEvent.setup();
    renderWithProviders(<WhatIfPanel employeeId={EMPLOYEE} />);
    await user.click(screen.getByRole('button', { name: 'Work out the payslip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This employee has no salary in force in that month',
    );
    expect(toastError).not.toHaveBeenCalled();
    api.restore();
  });
});
