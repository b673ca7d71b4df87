import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_QUEUE_STATUSES as EXPENSE_STATUSES,
  type ExpenseStatus,
} from '@hr/contract';
import { Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { BarChart } from '../../../components/ui/bar-chart';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatPaise, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import {
  type LeaveBalancesParams,
  type ReimbursementsParams,
  useFilterOptions,
  useLeaveBalancesReport,
  useReimbursementsReport,
} from '../api/reports-api';
import { ExportButtons } from './export-buttons';

type Option = { value: string; label: string };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const monthStart = (date: string) => `${date.slice(0, 8)}01`;
const validRange = (from: string, to: string) => DATE.test(from) && DATE.test(to) && from <= to;
const days = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} d`;
/** Whole rupees under a bar ("₹26,500"); the table beside gives the paise. */
const wholeRupees = (paise: number) => formatPaise(Math.round(paise / 100) * 100).replace(/\.00$/, '');
/** A bar wide enough for its name and figure (about 7 px a character at 12 px), within reason. */
const slotFor = (labels: string[]) => Math.min(150, Math.max(72, ...labels.map((l) => l.length * 7 + 16)));
const short = (label: string) => (label.length > 20 ? `${label.slice(0, 19)}…` : label);

function DateRange({
  from,
  to,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={fromLabel}
        value={from}
        onChange={(e) => onChange({ from: e.currentTarget.value, to })}
        w={170}
      />
      <TextInput
        type="date"
        label={toLabel}
        value={to}
        onChange={(e) => onChange({ from, to: e.currentTarget.value })}
        error={from && to && from > to ? 'Must not be before the start' : undefined}
        w={170}
      />
    </>
  );
}

/** Claims by category and status for a period: a chart of amounts by category and the table. */
export function ReimbursementsView({ divisions }: { divisions: Option[] }) {
  const today = todayIn(useCompanyTimeZone());
  const [params, setParams] = useState<ReimbursementsParams>({ from: monthStart(today), to: today });
  const categories = useFilterOptions('/expenses/categories');
  const valid = validRange(params.from, params.to);
  const query = useReimbursementsReport(params, valid);
  const groups = query.data?.groups ?? [];
  const byCategory = new Map<string, { label: string; amount: number; count: number }>();
  for (const g of groups) {
    const c = byCategory.get(g.category_id) ?? { label: g.category_name, amount: 0, count: 0 };
    c.amount += g.amount_paise;
    c.count += g.count;
    byCategory.set(g.category_id, c);
  }
  const statuses = EXPENSE_STATUSES.filter((s) => groups.some((g) => g.status === s));
  const cell = (categoryId: string, status: ExpenseStatus) =>
    groups.find((g) => g.category_id === categoryId && g.status === status);
  const total = groups.reduce((n, g) => n + g.amount_paise, 0);

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <DateRange
            from={params.from}
            to={params.to}
            fromLabel="Expense date from"
            toLabel="Expense date to"
            onChange={(r) => setParams({ ...params, ...r })}
          />
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            data={categories.data ?? []}
            value={params.category_id ?? null}
            onChange={(v) => setParams({ ...params, category_id: v ?? undefined })}
            w={180}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={EXPENSE_STATUSES.map((s) => ({ value: s, label: EXPENSE_STATUS_LABELS[s] }))}
            value={params.status ?? null}
            onChange={(v) => setParams({ ...params, status: v ?? undefined })}
            w={160}
          />
          <Select
            label="Division"
            placeholder="All divisions"
            clearable
            data={divisions}
            value={params.division_id ?? null}
            onChange={(v) => setParams({ ...params, division_id: v ?? undefined })}
            w={200}
          />
          <ExportButtons
            path="/reports/reimbursements/export"
            params={params}
            label="reimbursements report"
          />
        </Group>
      </Paper>
      {!valid ? (
        <Text c="dimmed">Choose a start and an end date, the start first.</Text>
      ) : query.isError && !query.data ? (
        <LoadError what="the reimbursements report" message={query.error.message} onRetry={query.refetch} />
      ) : query.isPending ? (
        <PageLoader label="Loading the reimbursements report…" />
      ) : groups.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>No claims in this period for these filters.</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Amount by category
            </Title>
            <BarChart
              title="Claimed amount by category"
              bars={[...byCategory.values()].map((c) => ({ label: short(c.label), value: c.amount }))}
              format={wholeRupees}
              slot={slotFor([...byCategory.values()].map((c) => short(c.label)))}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              By category and status
            </Title>
            <Table.ScrollContainer minWidth={360}>
              <Table aria-label="Claims by category and status">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Category</Table.Th>
                    {statuses.map((s) => (
                      <Table.Th key={s} scope="col">
                        {EXPENSE_STATUS_LABELS[s]}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...byCategory.entries()].map(([id, c]) => (
                    <Table.Tr key={id}>
                      <Table.Th scope="row">{c.label}</Table.Th>
                      {statuses.map((s) => {
                        const g = cell(id, s);
                        return (
                          <Table.Td key={s}>
                            {g ? `${formatPaise(g.amount_paise)} (${g.count})` : '—'}
                          </Table.Td>
                        );
                      })}
                      <Table.Td>
                        {formatPaise(c.amount)} ({c.count})
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" mt="xs">
              Total claimed: {formatPaise(total)}. Figures in brackets are the number of claims.
            </Text>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Balances on a date and days used in a period, by employee and leave type; usage charted by type. */
export function LeaveBalancesView({ divisions }: { divisions: Option[] }) {
  const today = todayIn(useCompanyTimeZone());
  const [params, setParams] = useState<LeaveBalancesParams>({
    as_of: today,
    from: `${today.slice(0, 4)}-01-01`,
    to: today,
  });
  const types = useFilterOptions('/leave/types');
  const valid = validRange(params.from, params.to) && DATE.test(params.as_of);
  const query = useLeaveBalancesReport(params, valid);
  const data = query.data;

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Balance on"
            value={params.as_of}
            onChange={(e) => setParams({ ...params, as_of: e.currentTarget.value })}
            w={170}
          />
          <DateRange
            from={params.from}
            to={params.to}
            fromLabel="Used from"
            toLabel="Used to"
            onChange={(r) => setParams({ ...params, ...r })}
          />
          <Select
            label="Leave type"
            placeholder="All leave types"
            clearable
            data={types.data ?? []}
            value={params.leave_type_id ?? null}
            onChange={(v) => setParams({ ...params, leave_type_id: v ?? undefined })}
            w={180}
          />
          <Select
            label="Division"
            placeholder="All divisions"
            clearable
            data={divisions}
            value={params.division_id ?? null}
            onChange={(v) => setParams({ ...params, division_id: v ?? undefined })}
            w={200}
          />
          <ExportButtons
            path="/reports/leave-balances/export"
            params={params}
            label="leave balances report"
          />
        </Group>
      </Paper>
      {!valid ? (
        <Text c="dimmed">Choose the balance date and a period, the start first.</Text>
      ) : query.isError && !data ? (
        <LoadError what="the leave balances report" message={query.error.message} onRetry={query.refetch} />
      ) : query.isPending || !data ? (
        <PageLoader label="Loading the leave balances report…" />
      ) : data.rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>No leave balances for these filters.</Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Days used by leave type
            </Title>
            <BarChart
              title="Days used by leave type"
              bars={data.by_type.map((t) => ({ label: short(t.leave_type_name), value: t.used }))}
              format={days}
              slot={slotFor(data.by_type.map((t) => short(t.leave_type_name)))}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Balances and usage
            </Title>
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label="Leave balances and usage">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Employee</Table.Th>
                    <Table.Th scope="col">Division</Table.Th>
                    <Table.Th scope="col">Leave type</Table.Th>
                    <Table.Th scope="col">Balance on {params.as_of}</Table.Th>
                    <Table.Th scope="col">Used in period</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={`${r.employee_id}-${r.leave_type_id}`}>
                      <Table.Td>
                        {r.employee_name}
                        {r.employee_code ? ` (${r.employee_code})` : ''}
                      </Table.Td>
                      <Table.Td>{r.division_name ?? '—'}</Table.Td>
                      <Table.Td>{r.leave_type_name}</Table.Td>
                      <Table.Td>{days(r.balance)}</Table.Td>
                      <Table.Td>{days(r.used)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total_rows > data.rows.length && (
              <Text size="sm" c="dimmed" mt="xs">
                Showing the first {data.rows.length} of {data.total_rows} rows; the export has them all.
              </Text>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
