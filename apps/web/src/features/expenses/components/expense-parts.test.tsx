import type { Expense } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { CategoryChart, MonthWiseChart, nextApproverText, SummaryCards } from './expense-parts';

const months = Array.from({ length: 12 }, (_, i) => ({
  month: i + 1,
  approved_paise: i === 2 ? 12_345_600 : 0,
  pending_paise: i === 3 ? 50_000 : 0,
}));

describe('MonthWiseChart', () => {
  it('says in words that a year has no claims, instead of an empty axis', () => {
    const none = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      approved_paise: 0,
      pending_paise: 0,
    }));
    renderWithProviders(<MonthWiseChart year={2025} months={none} />);
    expect(screen.getByText('No claims in 2025 to show by month.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws one bar pair a month and gives the same figures as a table, in ₹ with en-IN grouping', () => {
    renderWithProviders(<MonthWiseChart year={2026} months={months} />);
    const chart = screen.getByRole('img', { name: /Claims per month in 2026: ₹1,23,956.00 in all/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(24);
    const table = screen.getByRole('table', { name: 'Claims per month in 2026', hidden: true });
    const march = within(table).getAllByRole('row', { hidden: true })[3]!;
    expect(march).toHaveTextContent('Mar₹1,23,456.00₹0.00');
    const april = within(table).getAllByRole('row', { hidden: true })[4]!;
    expect(april).toHaveTextContent('Apr₹0.00₹500.00');
  });
});

describe('CategoryChart', () => {
  it('draws one bar pair per category and the same figures as a table, in ₹ with en-IN grouping', () => {
    renderWithProviders(
      <CategoryChart
        year={2026}
        categories={[
          { category_id: 'c1', category_name: 'Travel', approved_paise: 12_345_600, pending_paise: 50_000 },
          { category_id: 'c2', category_name: 'Food', approved_paise: 0, pending_paise: 25_000 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', {
      name: 'Claims by category in 2026: Travel ₹1,23,956.00, Food ₹250.00.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    const table = screen.getByRole('table', { name: 'Claims by category in 2026', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows[1]).toHaveTextContent('Travel₹1,23,456.00₹500.00');
    expect(rows[2]).toHaveTextContent('Food₹0.00₹250.00');
  });

  it('says so when the year has no claims', () => {
    renderWithProviders(<CategoryChart year={2025} categories={[]} />);
    expect(screen.getByText('No claims in 2025 to show by category.')).toBeInTheDocument();
  });
});

describe('SummaryCards', () => {
  it('shows each status total and count', () => {
    renderWithProviders(
      <SummaryCards
        summary={{
          pending: { count: 2, amount_paise: 150_000 },
          approved: { count: 1, amount_paise: 10_000_000 },
          paid: { count: 0, amount_paise: 0 },
          rejected: { count: 1, amount_paise: 999 },
        }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Pending' })).toHaveTextContent('₹1,500.002 claims');
    expect(screen.getByRole('region', { name: 'Approved, to be paid' })).toHaveTextContent(
      '₹1,00,000.001 claim',
    );
    expect(screen.getByRole('region', { name: 'Rejected' })).toHaveTextContent('₹9.99');
  });
});

describe('nextApproverText', () => {
  const claim = (status: Expense['status'], approval: Partial<NonNullable<Expense['approval']>> | null) =>
    ({
      status,
      approval: approval && {
        status: 'pending',
        current_level: 1,
        level_count: 1,
        next_approvers: [],
        ...approval,
      },
    }) as Expense;
  const person = (name: string) => ({ level: 2, id: name, name, delegates: [] });

  it('names who approves a pending claim next, with the level when there are several', () => {
    expect(nextApproverText(claim('pending', { next_approvers: [person('Rahul')] }))).toBe('Rahul');
    expect(
      nextApproverText(
        claim('pending', { current_level: 2, level_count: 2, next_approvers: [person('Anita Rao')] }),
      ),
    ).toBe('Anita Rao (level 2 of 2)');
    expect(nextApproverText(claim('pending', {}))).toBe('An administrator');
    expect(nextApproverText(claim('approved', { status: 'approved' }))).toBe('—');
    expect(nextApproverText(claim('pending', null))).toBe('—');
  });

  it("names today's delegates of the next approvers as standing in", () => {
    const standIn = (name: string, ...delegates: string[]) => ({
      ...person(name),
      delegates: delegates.map((d) => ({ id: d, name: d })),
    });
    expect(
      nextApproverText(
        claim('pending', {
          current_level: 2,
          level_count: 2,
          next_approvers: [standIn('Asha Rao', 'Ravi Kumar')],
        }),
      ),
    ).toBe('Asha Rao (level 2 of 2), or Ravi Kumar standing in');
    // Two approvers with delegates: each delegate named once, and an approver standing in for
    // another is already named.
    expect(
      nextApproverText(
        claim('pending', {
          next_approvers: [
            standIn('Asha Rao', 'Ravi Kumar', 'Meena Iyer'),
            standIn('Dev Shah', 'Ravi Kumar', 'Asha Rao'),
          ],
        }),
      ),
    ).toBe('Asha Rao, Dev Shah, or Ravi Kumar or Meena Iyer standing in');
  });
});
