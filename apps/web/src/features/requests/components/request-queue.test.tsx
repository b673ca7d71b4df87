import type { Expense, LeaveRequest, Regularisation } from '@hr/contract';
import { Drawer, Modal } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { apiClient } from '../../../lib/api-client';
import { ConfirmHost } from '../../../lib/confirm';
import { renderWithProviders } from '../../../test/render';
import { RegularisationQueue } from '../../attendance/components/regularisation-queue';
import { ReimbursementQueue } from '../../expenses/components/reimbursement-queue';
import { LeaveQueue } from '../../leave/components/leave-queue';

const abilities = { approve: true, reject: true, withdraw: false };
const approval = {
  request_id: 'a1',
  status: 'pending' as const,
  current_level: 1,
  level_count: 1,
  skipped_levels: [],
  next_approvers: [{ level: 1, id: 'm1', name: 'Vikram Mehta', delegates: [] }],
  history: [],
  events: [],
};
const who = { employee_id: 'e1', employee_code: 'ACM0003', employee_name: 'Priya Sharma' };

const leave: LeaveRequest = {
  id: 'l1',
  ...who,
  leave_type: { id: 't1', name: 'Casual leave', code: 'CL', paid: true },
  from_date: '2025-12-15',
  to_date: '2025-12-15',
  day_type: 'full_day',
  half_day_type: null,
  days: [{ date: '2025-12-15', amount: 1, reason: 'Working day' }] as LeaveRequest['days'],
  total: 1,
  reason: null,
  contact: null,
  document_id: null,
  document_url: null,
  status: 'pending',
  created_at: '2025-12-10T06:00:00.000Z',
  approval,
  abilities: { ...abilities, edit: false, cancel: false },
};

const regularisation: Regularisation = {
  id: 'r1',
  ...who,
  date: '2025-12-12',
  punch_in: '2025-12-12T03:30:00.000Z',
  punch_out: '2025-12-12T12:30:00.000Z',
  reason: 'forgot',
  reason_label: 'Forgot to punch',
  note: null,
  status: 'pending',
  created_at: '2025-12-13T06:00:00.000Z',
  approval,
  abilities,
};

const claim: Expense = {
  id: '00000000-0000-4000-8000-000000000001',
  ...who,
  employee_id: '00000000-0000-4000-8000-000000000002',
  category_id: '00000000-0000-4000-8000-000000000003',
  category_name: 'Travel',
  expense_date: '2025-12-05',
  amount_paise: 120_000,
  merchant: 'Cab',
  description: null,
  bill_number: null,
  receipt_file_id: null,
  receipt_url: null,
  travel_from: null,
  travel_to: null,
  distance_km: null,
  status: 'pending',
  payout_mode: null,
  payout_reference: null,
  paid_on: null,
  created_at: '2025-12-06T06:00:00.000Z',
  approval,
  abilities: { ...abilities, edit: false, delete: false, pay: false },
};

/** What deciding does, by queue (GET <queue>/:id/context). */
const CONTEXT: Record<string, unknown> = {
  '/requests/leaves': {
    balance: {
      leave_type_name: 'Casual leave',
      unit: 'day',
      paid: true,
      before: 6,
      after: 5,
      other_pending: 0,
    },
    away: [
      {
        employee_id: 'e2',
        employee_name: 'Rahul Verma',
        from_date: '2025-12-15',
        to_date: '2025-12-16',
        status: 'approved',
      },
    ],
  },
  '/requests/reimbursements': {
    month: '2025-12',
    category: {
      name: 'Travel',
      max_per_claim_paise: 1_000_000,
      max_per_month_paise: 2_500_000,
      month_total_paise: 170_000,
    },
    month_claims: { count: 3, total_paise: 195_000 },
  },
};

/** The queue's one page; what else the screen asks for (claim dropdowns, delegates) is empty. */
function serve(queueUrl: string, row: unknown) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
    if (url === queueUrl) return { data: { data: [row], meta: { totalCount: 1, page: 1, records: 10 } } };
    if (url.endsWith('/context')) return { data: { data: CONTEXT[queueUrl] ?? null } };
    if (url === '/expenses/dropdowns')
      return { data: { data: { categories: [], statuses: [], today: '2025-12-20' } } };
    return { data: { data: [] } };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the approval drawers', () => {
  it.each<[string, string, unknown, string, ReactElement]>([
    ['leave', '/requests/leaves', leave, 'Open leave of Priya Sharma', <LeaveQueue key="l" mode="team" />],
    [
      'regularisation',
      '/requests/regularization',
      regularisation,
      'Open request of Priya Sharma',
      <RegularisationQueue key="r" mode="team" />,
    ],
    [
      'reimbursement',
      '/requests/reimbursements',
      claim,
      'Open claim of Priya Sharma',
      <ReimbursementQueue key="c" mode="team" />,
    ],
  ])('%s: the open drawer has a close button named Close', async (_, url, row, open, ui) => {
    serve(url, row);
    const user = userEvent.setup();
    renderWithProviders(ui);
    await user.click(await screen.findByRole('button', { name: open }));
    const drawer = await screen.findByRole('dialog', { name: /: Priya Sharma$/ });
    if (_ === 'leave') {
      expect(
        await within(drawer).findByText(/Casual leave balance: 6 days now, 5 days after approving/),
      ).toBeVisible();
      expect(within(drawer).getByText(/Rahul Verma: /)).toBeVisible();
    }
    if (_ === 'reimbursement') {
      expect(
        await within(drawer).findByText(/Travel limit: ₹10,000.00 a claim, ₹25,000.00 a month/),
      ).toBeVisible();
      expect(within(drawer).getByText(/All claims in December 2025: 3 claims, ₹1,950.00/)).toBeVisible();
    }
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('bulk: the selected are decided, and one refused shows with its reason in words', async () => {
    serve('/requests/leaves', leave);
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: {
        data: {
          results: [{ id: 'l1', ok: false, status: null, message: 'This request is already approved' }],
          decided: 0,
          failed: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LeaveQueue mode="team" />
        <ConfirmHost />
      </>,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select leave of Priya Sharma' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    // Rejecting without a reason is stopped here, in words.
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    expect(screen.getByText('Give a reason for the rejection')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const ask = await screen.findByRole('dialog', { name: 'Approve 1 selected?' });
    await user.click(within(ask).getByRole('button', { name: 'Approve' }));
    const results = await screen.findByRole('list', { name: 'Results of the decision' });
    expect(results).toHaveTextContent('Not decided — Priya Sharma: This request is already approved');
    expect(post).toHaveBeenCalledWith(
      '/requests/leaves/bulk',
      { ids: ['l1'], decision: 'approve', comment: undefined },
      { silent: true },
    );
  });

  it('every Drawer and Modal names its close button through the theme, with no props of its own', () => {
    renderWithProviders(
      <>
        <Drawer opened onClose={() => {}} title="A drawer">
          Body
        </Drawer>
        <Modal opened onClose={() => {}} title="A dialog">
          Body
        </Modal>
      </>,
    );
    for (const name of ['A drawer', 'A dialog']) {
      const dialog = screen.getByRole('dialog', { name });
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    }
  });
});
