import type { Exit, Settlement } from '@hr/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ExitsScreen } from './exits-screen';
import { MyExitScreen } from './my-exit-screen';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const exit: Exit = {
  id: 'x1',
  employee_id: 'e1',
  employee_code: 'ACM0003',
  employee_name: 'Priya Sharma',
  kind: 'resignation',
  reason: 'Moving city',
  notice_given_on: '2026-07-01',
  requested_last_day: '2026-08-07',
  agreed_last_day: '2026-08-07',
  notice_days: 45,
  waived_days: 0,
  fixed_term: false,
  status: 'approved',
  created_at: '2026-07-01T04:30:00.000Z',
  decided_at: '2026-07-02T04:30:00.000Z',
  approval: null,
  abilities: { approve: false, reject: false, withdraw: false },
};

// Golden case G6 of docs/full-and-final.md.
const settlement: Settlement = {
  exit,
  last_working_day: '2026-08-07',
  service: '7 years 7 months 7 days',
  lines: [
    {
      code: 'GRATUITY',
      label: 'Gratuity',
      kind: 'earning',
      amount_paise: 2_07_692_31,
      exempt_paise: 2_07_692_31,
      explanation: 'Gratuity: 15 × wages ₹45,000 × 8 years ÷ 26 = ₹2,07,692.31, rounded to the paisa.',
    },
    {
      code: 'NOTICE_RECOVERY',
      label: 'Notice period recovery',
      kind: 'deduction',
      amount_paise: 21_000_00,
      exempt_paise: null,
      explanation:
        'Notice recovery: 38 days served of the 45 days, 7 days short; 7 × ₹90,000 ÷ 30 = ₹21,000.',
    },
  ],
  payable_paise: 2_28_142_31,
  recoverable_paise: 33_000_00,
  net_paise: 1_95_142_31,
  notes: ['Leave is the ledger balance on the last working day.'],
};

describe('MyExitScreen', () => {
  it('resigns through the form; a server refusal shows at its field', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: null } });
    const post = vi.spyOn(apiClient, 'post').mockRejectedValueOnce(
      new ApiError('The last working day must be within a year from today (by 2 Jul 2027)', 400, {
        errors: [
          {
            path: 'requested_last_day',
            message: 'The last working day must be within a year from today (by 2 Jul 2027)',
          },
        ],
      }),
    );
    renderWithProviders(<MyExitScreen />);
    const send = await screen.findByRole('button', { name: 'Send resignation' });
    expect(send).toBeDisabled();
    expect(screen.getByText('Give the reason')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Moving city');
    await userEvent.type(screen.getByRole('textbox', { name: /Last working day you ask for/ }), '2099-12-31');
    await userEvent.tab();
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(post).toHaveBeenCalledWith(
      '/exits/resignation',
      { reason: 'Moving city', requested_last_day: '2099-12-31' },
      { silent: true },
    );
    expect(await screen.findByText(/must be within a year from today/)).toBeInTheDocument();
    expect(send).toBeDisabled();
  });

  it('shows the agreed exit and the employee’s F&F statement, each line explained, in ₹ en-IN', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) =>
      url === '/exits/mine' ? { data: { data: exit } } : { data: { data: settlement } },
    );
    renderWithProviders(<MyExitScreen />);
    expect(await screen.findByText('Agreed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send resignation' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Settlement lines' });
    const gratuity = within(table)
      .getByRole('rowheader', { name: /Gratuity/ })
      .closest('tr')!;
    expect(gratuity).toHaveTextContent('₹2,07,692.31');
    expect(gratuity).toHaveTextContent('15 × wages ₹45,000 × 8 years ÷ 26');
    expect(
      within(table)
        .getByRole('rowheader', { name: /Notice period recovery/ })
        .closest('tr'),
    ).toHaveTextContent('−₹21,000.00');
    expect(screen.getByTestId('fnf-payable')).toHaveTextContent('₹2,28,142.31');
    expect(screen.getByTestId('fnf-recoverable')).toHaveTextContent('₹33,000.00');
    expect(screen.getByTestId('fnf-net')).toHaveTextContent('₹1,95,142.31');
  });
});

describe('ExitsScreen', () => {
  it('lists exits, approves a pending resignation and opens a settlement', async () => {
    const pending: Exit = {
      ...exit,
      id: 'x2',
      employee_name: 'Ravi Kumar',
      employee_code: 'ACM0004',
      status: 'pending',
      agreed_last_day: null,
      abilities: { approve: true, reject: true, withdraw: false },
    };
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) =>
      url === '/admin/exits'
        ? { data: { data: [exit, pending], meta: { totalCount: 2, page: 1, records: 100 } } }
        : url === '/employee/dropdown'
          ? { data: { data: [] } }
          : { data: { data: settlement } },
    );
    const put = vi
      .spyOn(apiClient, 'put')
      .mockResolvedValue({ data: { data: { ...pending, status: 'approved' } } });
    renderWithProviders(<ExitsScreen />);
    const table = await screen.findByRole('table', { name: 'Exits' });
    const row = within(table)
      .getByRole('rowheader', { name: /Ravi Kumar/ })
      .closest('tr')!;
    expect(row).toHaveTextContent('(asked)');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(put).toHaveBeenCalledWith('/admin/requests/resignation/x2/approve', {});
    await userEvent.click(screen.getByRole('button', { name: 'Settlement of Priya Sharma' }));
    expect(await screen.findByTestId('fnf-net')).toHaveTextContent('₹1,95,142.31');
  });
});

describe('ExitsScreen forms', () => {
  // jsdom has no scrollIntoView; Mantine's option list calls it when moving by keyboard.
  const scroll = Element.prototype.scrollIntoView;
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterAll(() => {
    Element.prototype.scrollIntoView = scroll;
  });
  const people = [{ id: 'e9', name: 'Ravi Kumar', employee_code: 'ACM0004' }];
  const mockGets = () =>
    vi
      .spyOn(apiClient, 'get')
      .mockImplementation(async (url: string) =>
        url === '/admin/exits'
          ? { data: { data: [exit], meta: { totalCount: 1, page: 1, records: 100 } } }
          : url === '/employee/dropdown'
            ? { data: { data: people } }
            : { data: { data: settlement } },
      );

  it('records a termination; a refused date shows at its field', async () => {
    mockGets();
    const post = vi.spyOn(apiClient, 'post').mockRejectedValueOnce(
      new ApiError('Notice cannot be given before joining (1 Jan 2019)', 400, {
        errors: [{ path: 'notice_given_on', message: 'Notice cannot be given before joining (1 Jan 2019)' }],
      }),
    );
    renderWithProviders(<ExitsScreen />);
    const form = await screen.findByRole('region', { name: 'Record a termination' });
    const submit = within(form).getByRole('button', { name: 'Record termination' });
    expect(submit).toBeDisabled();
    // Mantine's options open in a portal with a transition: pick by keyboard, as a user may.
    await userEvent.type(within(form).getByRole('combobox', { name: /Employee/ }), 'Ravi');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Role closed');
    await userEvent.type(within(form).getByRole('textbox', { name: /Notice given on/ }), '2018-01-01');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Last working day/ }), '2026-07-31');
    await userEvent.tab();
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(post).toHaveBeenCalledWith(
      '/admin/exits',
      {
        employee_id: 'e9',
        reason: 'Role closed',
        notice_given_on: '2018-01-01',
        last_working_day: '2026-07-31',
        fixed_term: false,
      },
      { silent: true },
    );
    expect(
      await within(form).findByText('Notice cannot be given before joining (1 Jan 2019)'),
    ).toBeInTheDocument();
  });

  it('changes the agreed last day and the days waived of the chosen exit', async () => {
    mockGets();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ data: { data: exit } });
    renderWithProviders(<ExitsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settlement of Priya Sharma' }));
    const form = await screen.findByRole('region', { name: "Agreed terms of Priya Sharma's exit" });
    const waived = within(form).getByRole('textbox', { name: 'Notice days waived' });
    await userEvent.clear(waived);
    await userEvent.type(waived, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(put).toHaveBeenCalledWith(
      '/admin/exits/x1',
      { agreed_last_day: '2026-08-07', waived_days: 3, fixed_term: false },
      { silent: true },
    );
  });
});
