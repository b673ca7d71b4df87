import {
  EXPENSE_STATUS_LABELS,
  type Expense,
  type ExpenseCategoryTotal,
  type ExpenseMonth,
  type ExpenseStatus,
  PAYOUT_MODE_LABELS,
} from '@hr/contract';
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, formatPaise } from '../../../lib/format';
import { toastError } from '../../../lib/toasts';
import { DecisionHistory, NextApprovers } from '../../requests/components/request-parts';
import { downloadFrom } from '../api/expenses-api';

const STATUS_COLOR: Record<ExpenseStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
  paid: 'blue',
};

/** "A", "A or B", "A, B or C". */
function orList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Who approves a pending claim next, with the level when there are several and today's delegates
 * of those approvers ("Asha Rao (level 2 of 2), or Ravi Kumar standing in"); "—" once decided.
 */
export function nextApproverText(x: Expense): string {
  const a = x.approval;
  if (x.status !== 'pending' || !a || a.status !== 'pending') return '—';
  const who = a.next_approvers.length ? a.next_approvers.map((n) => n.name).join(', ') : 'An administrator';
  const level = a.level_count > 1 ? `${who} (level ${a.current_level} of ${a.level_count})` : who;
  const standIns = [...new Set(a.next_approvers.flatMap((n) => n.delegates.map((d) => d.name)))].filter(
    (name) => !a.next_approvers.some((n) => n.name === name),
  );
  return standIns.length ? `${level}, or ${orList(standIns)} standing in` : level;
}

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {EXPENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Everything about one claim: its fields, receipt, payout and approval history. */
export function ExpenseDetails({ expense: x, timeZone }: { expense: Expense; timeZone: string }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Claimed {formatDateTime(x.created_at, timeZone)}</Text>
        <ExpenseStatusBadge status={x.status} />
      </Group>
      <Table withTableBorder aria-label="Claim details">
        <Table.Tbody>
          <Row label="Employee">
            {x.employee_name} {x.employee_code ? `(${x.employee_code})` : ''}
          </Row>
          <Row label="Category">{x.category_name}</Row>
          <Row label="Date">{formatDate(x.expense_date)}</Row>
          <Row label="Amount">{formatPaise(x.amount_paise)}</Row>
          {x.distance_km != null && <Row label="Distance">{x.distance_km} km</Row>}
          {(x.travel_from || x.travel_to) && (
            <Row label="From – to">
              {x.travel_from ?? '—'} – {x.travel_to ?? '—'}
            </Row>
          )}
          <Row label="Merchant">{x.merchant ?? '—'}</Row>
          <Row label="Bill number">{x.bill_number ?? '—'}</Row>
          <Row label="Description">{x.description ?? '—'}</Row>
          {x.status === 'paid' && (
            <Row label="Paid">
              {formatDate(x.paid_on)} · {x.payout_mode ? PAYOUT_MODE_LABELS[x.payout_mode] : ''} · Ref{' '}
              {x.payout_reference}
            </Row>
          )}
        </Table.Tbody>
      </Table>
      {x.receipt_url ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              downloadFrom(x.receipt_url!, `receipt-${x.expense_date}`).catch(() =>
                toastError('Could not download the receipt'),
              )
            }
          >
            Download receipt
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No receipt attached.
        </Text>
      )}
      <NextApprovers approval={x.approval} />
      <Title order={3} size="h5">
        History
      </Title>
      <DecisionHistory approval={x.approval} timeZone={timeZone} />
    </Stack>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Month-wise amounts as simple SVG bars (approved and paid, then pending, stacked), with the same
 * figures in a table for screen readers and anyone who prefers numbers.
 */
export function MonthWiseChart({ year, months }: { year: number; months: ExpenseMonth[] }) {
  const max = Math.max(1, ...months.map((m) => m.approved_paise + m.pending_paise));
  const W = 600;
  const H = 200;
  const pad = 24;
  const slot = (W - pad) / 12;
  const bar = slot * 0.6;
  const scale = (v: number) => (v / max) * (H - pad - 8);
  const total = months.reduce((s, m) => s + m.approved_paise + m.pending_paise, 0);
  // An empty axis says nothing: a year without claims says so in words.
  if (total === 0) return <Text size="sm">No claims in {year} to show by month.</Text>;
  return (
    <Stack gap="xs">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`Claims per month in ${year}: ${formatPaise(total)} in all; the table below has each month.`}
        style={{ maxHeight: 240 }}
      >
        <line x1={pad} y1={H - pad} x2={W} y2={H - pad} stroke="#868e96" />
        {months.map((m, i) => {
          const x = pad + i * slot + (slot - bar) / 2;
          const a = scale(m.approved_paise);
          const p = scale(m.pending_paise);
          return (
            <g key={m.month}>
              <rect x={x} y={H - pad - a} width={bar} height={a} fill="#2f9e44">
                <title>{`${MONTHS[i]}: approved ${formatPaise(m.approved_paise)}`}</title>
              </rect>
              <rect x={x} y={H - pad - a - p} width={bar} height={p} fill="#f08c00">
                <title>{`${MONTHS[i]}: pending ${formatPaise(m.pending_paise)}`}</title>
              </rect>
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#495057">
                {MONTHS[i]}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md">
        <Group gap={4}>
          <span
            aria-hidden
            style={{ width: 12, height: 12, background: '#2f9e44', display: 'inline-block' }}
          />
          <Text size="xs">Approved or paid</Text>
        </Group>
        <Group gap={4}>
          <span
            aria-hidden
            style={{ width: 12, height: 12, background: '#f08c00', display: 'inline-block' }}
          />
          <Text size="xs">Pending</Text>
        </Group>
      </Group>
      <details>
        <summary>
          <Text span size="sm">
            Show the figures as a table
          </Text>
        </summary>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={`Claims per month in ${year}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">Approved or paid</Table.Th>
                <Table.Th scope="col">Pending</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m, i) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{MONTHS[i]}</Table.Td>
                  <Table.Td>{formatPaise(m.approved_paise)}</Table.Td>
                  <Table.Td>{formatPaise(m.pending_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Stack>
  );
}

/** The year's claims by category: one bar each (approved or paid, then pending), with a table. */
export function CategoryChart({ year, categories }: { year: number; categories: ExpenseCategoryTotal[] }) {
  if (categories.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No claims in {year} to show by category.
      </Text>
    );
  }
  const max = Math.max(1, ...categories.map((c) => c.approved_paise + c.pending_paise));
  const W = 600;
  const label = 170;
  const row = 28;
  const H = categories.length * row + 8;
  const scale = (v: number) => (v / max) * (W - label - 110);
  return (
    <Stack gap="xs">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`Claims by category in ${year}: ${categories
          .map((c) => `${c.category_name} ${formatPaise(c.approved_paise + c.pending_paise)}`)
          .join(', ')}.`}
        style={{ maxHeight: 40 + H }}
      >
        {categories.map((c, i) => {
          const y = 4 + i * row;
          const a = scale(c.approved_paise);
          const p = scale(c.pending_paise);
          return (
            <g key={c.category_id}>
              <text x={label - 8} y={y + 16} textAnchor="end" fontSize="12" fill="#495057">
                {c.category_name.length > 24 ? `${c.category_name.slice(0, 23)}…` : c.category_name}
              </text>
              <rect x={label} y={y + 4} width={a} height={row - 10} fill="#2f9e44">
                <title>{`${c.category_name}: approved ${formatPaise(c.approved_paise)}`}</title>
              </rect>
              <rect x={label + a} y={y + 4} width={p} height={row - 10} fill="#f08c00">
                <title>{`${c.category_name}: pending ${formatPaise(c.pending_paise)}`}</title>
              </rect>
              <text x={label + a + p + 6} y={y + 16} fontSize="11" fill="#495057">
                {formatPaise(c.approved_paise + c.pending_paise)}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary>
          <Text span size="sm">
            Show the figures by category as a table
          </Text>
        </summary>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={`Claims by category in ${year}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Category</Table.Th>
                <Table.Th scope="col">Approved or paid</Table.Th>
                <Table.Th scope="col">Pending</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.map((c) => (
                <Table.Tr key={c.category_id}>
                  <Table.Td>{c.category_name}</Table.Td>
                  <Table.Td>{formatPaise(c.approved_paise)}</Table.Td>
                  <Table.Td>{formatPaise(c.pending_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Stack>
  );
}

/** Totals by status, as cards. */
export function SummaryCards({
  summary,
}: {
  summary: Record<'pending' | 'approved' | 'paid' | 'rejected', { count: number; amount_paise: number }>;
}) {
  const cards: { key: keyof typeof summary; label: string }[] = [
    { key: 'pending', label: 'Pending' },
    { key: 'approved', label: 'Approved, to be paid' },
    { key: 'paid', label: 'Paid' },
    { key: 'rejected', label: 'Rejected' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
      {cards.map((c) => (
        <section
          key={c.key}
          aria-label={c.label}
          data-testid={`summary-${c.key}`}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, padding: 12 }}
        >
          <Text size="xs" c="dimmed">
            {c.label}
          </Text>
          <Text fw={700} size="lg">
            {formatPaise(summary[c.key].amount_paise)}
          </Text>
          <Text size="xs" c="dimmed">
            {summary[c.key].count} {summary[c.key].count === 1 ? 'claim' : 'claims'}
          </Text>
        </section>
      ))}
    </SimpleGrid>
  );
}
