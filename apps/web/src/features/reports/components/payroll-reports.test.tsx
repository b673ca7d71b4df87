import type { PayrollRegister, PayrollStatutory } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PayrollReportsView } from './payroll-reports';

const register: PayrollRegister = {
  columns: [
    { code: 'BASIC', label: 'Basic', kind: 'earning' },
    { code: 'HRA', label: 'House rent allowance', kind: 'earning' },
    { code: 'EPF_EE', label: 'EPF (employee)', kind: 'deduction' },
    { code: 'PT', label: 'Professional tax', kind: 'deduction' },
    { code: 'EPF_ER', label: 'EPF (employer, A/c 1)', kind: 'employer' },
  ],
  rows: [
    {
      payslip_id: 'p1',
      employee_id: 'e1',
      month: '2026-11',
      employee_code: 'ACM0003',
      employee_name: 'Priya Sharma',
      division_name: 'Engineering',
      payable_days: 30,
      lop_days: 0,
      amounts: { BASIC: 50_000_00, HRA: 20_000_00, EPF_EE: 1_800_00, PT: 200_00, EPF_ER: 550_00 },
      gross_paise: 70_000_00,
      deductions_paise: 2_000_00,
      net_paise: 68_000_00,
      employer_paise: 550_00,
    },
    {
      payslip_id: 'p2',
      employee_id: 'e2',
      month: '2026-11',
      employee_code: 'ACM0004',
      employee_name: 'Ravi Kumar',
      division_name: null,
      payable_days: 28.5,
      lop_days: 1.5,
      amounts: { BASIC: 10_000_00, EPF_EE: 1_200_00 },
      gross_paise: 10_000_00,
      deductions_paise: 1_200_00,
      net_paise: 8_800_00,
      employer_paise: 0,
    },
  ],
  totals: {
    payslips: 2,
    employees: 2,
    amounts: { BASIC: 60_000_00, HRA: 20_000_00, EPF_EE: 3_000_00, PT: 200_00, EPF_ER: 550_00 },
    gross_paise: 80_000_00,
    deductions_paise: 3_200_00,
    net_paise: 76_800_00,
    employer_paise: 550_00,
  },
  months_without_run: [],
};

const statutory: PayrollStatutory = {
  months: [
    {
      month: '2026-11',
      employees: 2,
      gross_paise: 80_000_00,
      net_paise: 76_800_00,
      epf_paise: 3_550_00,
      esi_paise: 0,
      pt_paise: 200_00,
      lwf_paise: 0,
      tds_paise: 0,
    },
  ],
  months_without_run: ['2026-12'],
  epf: {
    members: 2,
    wages_paise: 25_000_00,
    employee_paise: 3_000_00,
    vpf_paise: 0,
    employer_epf_paise: 550_00,
    eps_paise: 1_250_00,
    edli_paise: 75_00,
    admin_paise: 75_00,
  },
  esi: { ips: 0, wages_paise: 0, employee_paise: 0, employer_paise: 0 },
  pt: [{ state: 'Karnataka', employees: 1, amount_paise: 200_00 }],
  lwf: [],
  tds: { employees: 0, amount_paise: 0 },
};

afterEach(() => vi.restoreAllMocks());

function serve() {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
    if (url === '/reports/payroll-register') {
      return { data: { data: register, meta: { totalCount: 2, page: 1, records: 25 } } };
    }
    if (url === '/reports/payroll-statutory') return { data: { data: statutory } };
    throw new Error(`unexpected ${url}`);
  });
}

describe('PayrollReportsView', () => {
  it('shows the register: a column per line code, each figure in rupees and the totals row', async () => {
    const get = serve();
    renderWithProviders(<PayrollReportsView divisions={[{ value: 'd1', label: 'Engineering' }]} />);
    const table = await screen.findByRole('table', { name: 'Payroll register' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual([
      'Code',
      'Employee',
      'Division',
      'Payable days',
      'Basic',
      'House rent allowance',
      'Gross',
      'EPF (employee)',
      'Professional tax',
      'Total deductions',
      'Net pay',
      'EPF (employer, A/c 1)',
      'Employer contributions',
    ]);
    // Header, two payslips, totals (role queries by name are slow on a wide table in jsdom).
    const [, priya, ravi, total] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(priya).toHaveTextContent('Priya Sharma');
    expect(priya).toHaveTextContent('₹50,000.00');
    expect(priya).toHaveTextContent('₹68,000.00');
    expect(ravi).toHaveTextContent('Ravi Kumar');
    // A line the payslip does not have is a dash, not ₹0; half days show as such.
    expect(
      within(ravi)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'ACM0004',
      '—',
      '28.5',
      '₹10,000.00',
      '—',
      '₹10,000.00',
      '₹1,200.00',
      '—',
      '₹1,200.00',
      '₹8,800.00',
      '—',
      '₹0.00',
    ]);
    expect(total).toHaveTextContent('Total (2 payslips)');
    expect(total).toHaveTextContent('₹76,800.00');
    expect(total).toHaveTextContent('₹80,000.00');
    expect(get).toHaveBeenCalledWith('/reports/payroll-register', {
      params: expect.objectContaining({ page: 1, records: 25 }),
    });
  }, 30_000);

  it('shows the statutory summaries, the months without a confirmed run and a chart', async () => {
    serve();
    renderWithProviders(<PayrollReportsView divisions={[]} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Statutory summaries' }));
    const epf = await screen.findByRole('table', { name: 'EPF' });
    expect(within(epf).getByRole('row', { name: /Members/ })).toHaveTextContent('2');
    expect(within(epf).getByRole('row', { name: /EPS \(A\/c 10\)/ })).toHaveTextContent('₹1,250.00');
    expect(screen.getByRole('table', { name: 'Professional tax by state' })).toHaveTextContent(
      'Karnataka1₹200.00',
    );
    expect(screen.getByText(/No labour welfare fund in these months/)).toBeInTheDocument();
    expect(screen.getByText(/Dec 2026: not counted here/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Gross and net pay by month\. Nov 2026 gross: ₹80,000/ }),
    ).toBeInTheDocument();
    const byMonth = screen.getByRole('table', { name: 'Pay and statutory totals by month' });
    expect(within(byMonth).getByRole('row', { name: /Nov 2026/ })).toHaveTextContent('₹3,550.00');
  }, 30_000);

  it('says so when no confirmed run falls in the months', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: {
        data: {
          ...register,
          rows: [],
          totals: { ...register.totals, payslips: 0 },
          months_without_run: ['2026-10'],
        },
        meta: { totalCount: 0, page: 1, records: 25 },
      },
    });
    renderWithProviders(<PayrollReportsView divisions={[]} />);
    expect(await screen.findByText(/No payslips of a confirmed pay run/)).toBeInTheDocument();
    expect(screen.getByText(/Oct 2026: not counted here/)).toBeInTheDocument();
  });
});
