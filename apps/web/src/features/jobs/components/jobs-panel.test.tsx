import type { JobQueueStatus } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { JobsPanel, scheduleInWords } from './jobs-panel';

const failing: JobQueueStatus = {
  name: 'approval-sla',
  description: 'Approval SLAs: remind approvers',
  schedule: '*/15 * * * *',
  time_zone: 'UTC',
  retry_limit: 2,
  last_started_at: '2025-03-10T06:30:00.000Z',
  last_succeeded_at: '2025-03-10T06:00:00.000Z',
  last_failed_at: '2025-03-10T06:30:05.000Z',
  last_error: 'connection refused',
  runs: 5,
  errors: 3,
  failed: 1,
  waiting: 2,
};
const never: JobQueueStatus = {
  name: 'payslip-mail',
  description: 'Mails payslips',
  schedule: null,
  time_zone: null,
  retry_limit: 3,
  last_started_at: null,
  last_succeeded_at: null,
  last_failed_at: null,
  last_error: null,
  runs: 0,
  errors: 0,
  failed: 0,
  waiting: 0,
};

afterEach(() => vi.restoreAllMocks());

describe('JobsPanel', () => {
  it('shows a failing queue with its error and times in the company time zone, and a never-run queue', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [failing, never] } });
    renderWithProviders(<JobsPanel />);
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    expect(get).toHaveBeenCalledWith('/jobs', { silent: true });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const f = within(rows[1] as HTMLElement);
    expect(f.getByText('Approval SLAs: remind approvers')).toBeInTheDocument();
    expect(f.getByText('approval-sla')).toBeInTheDocument();
    expect(f.getByText('Failing')).toBeInTheDocument();
    expect(f.getByText('Every 15 minutes')).toBeInTheDocument();
    expect(f.getByText('Last error: connection refused')).toBeInTheDocument();
    // 06:30 UTC is 12:00 in Asia/Kolkata (the time zone when the company's is not known).
    const cells = f.getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('10 Mar 2025, 12:00');
    expect(cells[4]).toHaveTextContent('10 Mar 2025, 11:30');
    expect(cells[5]).toHaveTextContent('10 Mar 2025, 12:00');
    expect(cells.at(-2)).toHaveTextContent('1');
    expect(cells.at(-1)).toHaveTextContent('2');

    const n = within(rows[2] as HTMLElement);
    expect(n.getByText('Never run')).toBeInTheDocument();
    expect(n.getByText('When the application sends one')).toBeInTheDocument();
    expect(n.queryByText(/Last error/)).not.toBeInTheDocument();
    expect(n.getAllByText('—')).toHaveLength(3);
  });

  it('says so when no job is registered', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ data: { data: [] } });
    renderWithProviders(<JobsPanel />);
    expect(await screen.findByText('No background jobs are registered.')).toBeInTheDocument();
  });

  it('words simple schedules and keeps other cron text', () => {
    expect(scheduleInWords('0 * * * *', 'UTC')).toBe('Every hour');
    expect(scheduleInWords('30 2 * * *', 'Asia/Kolkata')).toBe('Daily at 02:30 (Asia/Kolkata)');
    expect(scheduleInWords('0 9 * * 1', 'UTC')).toBe('0 9 * * 1');
  });
});
