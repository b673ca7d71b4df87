import {
  type HeadcountMonth,
  type JoinerLeaverRow,
  type JoinersLeaversQuery,
  JoinersLeaversQuerySchema,
  type ReportKey,
} from '@hr/contract';
import { Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  type ListState,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { BarChart } from '../../../components/ui/bar-chart';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { apiClient, unwrap } from '../../../lib/api-client';
import { formatDate, formatMonth, MONTH_NAMES, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { type HeadcountParams, useHeadcount, useJoinersLeavers, useReportCatalog } from '../api/reports-api';
import { AttendanceMusterView, LateMarksView } from './attendance-reports';
import { LeaveBalancesView, ReimbursementsView } from './claims-leave-reports';
import { ExportButtons } from './export-buttons';
import { PayrollReportsView } from './payroll-reports';

type Filter = 'report' | 'from' | 'to' | 'kind' | 'division_id';
const LIST = specFromContract<JoinersLeaversQuery['sortBy'], Filter>(JoinersLeaversQuerySchema, {
  filters: ['report', 'from', 'to', 'kind', 'division_id'],
});

/** The month `n` months before the month of `date` (YYYY-MM-DD), as YYYY-MM. */
function monthBefore(date: string, n: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** "2026-03" as "Mar 26", short enough to sit under a bar. */
function shortMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]?.slice(0, 3)} ${month.slice(2, 4)}`;
}

function useDivisionOptions() {
  return useQuery({
    queryKey: ['org', 'division-dropdown'],
    queryFn: () => unwrap<{ id: string; name: string }[]>(apiClient.get('/division/dropdown')),
    select: (rows) => rows.map((d) => ({ value: d.id, label: d.name })),
  });
}

function HeadcountReportView() {
  const today = todayIn(useCompanyTimeZone());
  const [params, setParams] = useState<HeadcountParams>({
    from: monthBefore(today, 11),
    to: today.slice(0, 7),
  });
  const divisions = useDivisionOptions();
  const valid =
    /^\d{4}-\d{2}$/.test(params.from) && /^\d{4}-\d{2}$/.test(params.to) && params.from <= params.to;
  const query = useHeadcount(params, valid);
  const months: HeadcountMonth[] = query.data?.months ?? [];
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="month"
            label="From month"
            value={params.from}
            onChange={(e) => setParams({ ...params, from: e.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="month"
            label="To month"
            value={params.to}
            onChange={(e) => setParams({ ...params, to: e.currentTarget.value })}
            error={params.from > params.to ? 'Must not be before the from month' : undefined}
            w={170}
          />
          <Select
            label="Division"
            placeholder="All divisions"
            clearable
            data={divisions.data ?? []}
            value={params.division_id ?? null}
            onChange={(v) => setParams({ ...params, division_id: v ?? undefined })}
            w={200}
          />
          <ExportButtons path="/reports/headcount/export" params={params} label="headcount report" />
        </Group>
      </Paper>
      {query.isError && !query.data ? (
        <LoadError what="the headcount report" message={query.error.message} onRetry={query.refetch} />
      ) : query.isPending && valid ? (
        <PageLoader label="Loading the headcount report…" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                Headcount at month end
              </Title>
              <BarChart
                title="Headcount at month end"
                bars={months.map((m) => ({ label: shortMonth(m.month), value: m.closing }))}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                By division, end of {formatMonth(params.to, 'short')}
              </Title>
              <BarChart
                title={`Headcount by division at the end of ${formatMonth(params.to, 'short')}`}
                bars={(query.data?.by_division ?? []).map((d) => ({
                  label: d.division_name.slice(0, 8),
                  value: d.headcount,
                }))}
              />
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="md">
            <section
              aria-label="Headcount by month table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users.
              tabIndex={0}
              style={{ overflowX: 'auto', maxWidth: '100%' }}
            >
              <Table striped aria-label="Headcount by month" miw={520}>
                <Table.Thead>
                  <Table.Tr>
                    {['Month', 'Opening', 'Joiners', 'Leavers', 'Closing', 'Attrition'].map((h) => (
                      <Table.Th key={h} scope="col" ta={h === 'Month' ? undefined : 'right'}>
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {months.map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>{formatMonth(m.month, 'short')}</Table.Td>
                      <Table.Td ta="right">{m.opening}</Table.Td>
                      <Table.Td ta="right">{m.joiners}</Table.Td>
                      <Table.Td ta="right">{m.leavers}</Table.Td>
                      <Table.Td ta="right">{m.closing}</Table.Td>
                      <Table.Td ta="right">{m.attrition_pct === null ? '—' : `${m.attrition_pct}%`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          </Paper>
          <Text size="sm" c="dimmed">
            Someone counts until the end of their exit date. Attrition is leavers over the month’s average
            headcount. Divisions are today’s: transfers keep no history yet.
          </Text>
        </>
      )}
    </Stack>
  );
}

function JoinersLeaversView({ list }: { list: ListState<JoinersLeaversQuery['sortBy'], Filter> }) {
  const today = todayIn(useCompanyTimeZone());
  const { params } = list;
  const from = params.from ?? `${today.slice(0, 4)}-01-01`;
  const to = params.to ?? today;
  const divisions = useDivisionOptions();
  const { report: _r, ...rest } = params;
  const apiQuery = { ...rest, from, to, kind: (params.kind ?? 'all') as JoinersLeaversQuery['kind'] };
  const query = useJoinersLeavers(apiQuery, from <= to);
  const columns: Column<JoinerLeaverRow, JoinersLeaversQuery['sortBy']>[] = [
    { key: 'date', label: 'Date', sort: 'date', cell: (r) => formatDate(r.date) },
    {
      key: 'event',
      label: 'Event',
      cell: (r) => (
        <Badge variant="light" color={r.event === 'joined' ? 'teal' : 'gray'}>
          {r.event === 'joined' ? 'Joined' : 'Left'}
        </Badge>
      ),
    },
    { key: 'code', label: 'Code', sort: 'employee_code', cell: (r) => r.employee_code },
    { key: 'name', label: 'Employee', sort: 'employee_name', cell: (r) => r.employee_name },
    { key: 'designation', label: 'Designation', cell: (r) => r.designation ?? '—' },
    { key: 'division', label: 'Division', sort: 'division_name', cell: (r) => r.division_name ?? '—' },
  ];
  const { page: _p, records: _rec, ...exportParams } = apiQuery;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => list.setFilters({ from: e.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(e) => list.setFilters({ to: e.currentTarget.value })}
            error={from > to ? 'Must not be before the from date' : undefined}
            w={170}
          />
          <FilterSelect
            list={list}
            field="kind"
            label="Show"
            placeholder="Joiners and leavers"
            data={[
              { value: 'joiners', label: 'Joiners' },
              { value: 'leavers', label: 'Leavers' },
            ]}
          />
          <FilterSelect
            list={list}
            field="division_id"
            label="Division"
            data={divisions.data ?? []}
            w={200}
          />
          <ExportButtons
            path="/reports/joiners-leavers/export"
            params={exportParams}
            label="joiners and leavers"
          />
        </Group>
      </Paper>
      <DataTable
        label="Joiners and leavers"
        noun="joiners and leavers"
        columns={columns}
        rowKey={(r) => `${r.employee_id}-${r.event}`}
        query={query}
        list={list}
        emptyText="Nobody joined or left in this period."
      />
    </Stack>
  );
}

/** Admin reports: each report with its filters, a chart where one helps, and CSV / .xlsx export. */
export function ReportsScreen() {
  const catalog = useReportCatalog();
  const list = useListParams(LIST);
  const selected = (list.params.report ?? 'headcount') as ReportKey;
  const item = catalog.data?.find((r) => r.key === selected);
  const divisions = useDivisionOptions();
  return (
    <>
      <PageHeader
        title="Reports"
        description="Headcount, joiners and leavers, attendance, leave, reimbursements and payroll."
      />
      {catalog.isError ? (
        <LoadError what="the reports" message={catalog.error.message} onRetry={catalog.refetch} />
      ) : catalog.isPending ? (
        <PageLoader label="Loading the reports…" />
      ) : (
        <Stack>
          <Select
            label="Report"
            data={catalog.data.map((r) => ({
              value: r.key,
              label: r.available ? r.title : `${r.title} (not available yet)`,
            }))}
            value={selected}
            onChange={(v) =>
              v && list.setFilters({ report: v, from: undefined, to: undefined, kind: undefined })
            }
            allowDeselect={false}
            maw={420}
          />
          {item && (
            <Text size="sm" c="dimmed">
              {item.description}
            </Text>
          )}
          {!item?.available ? (
            <Paper withBorder p="lg" radius="md">
              <Text fw={500}>This report is not available yet.</Text>
              <Text c="dimmed" size="sm" mt={4}>
                {item?.unavailable_reason ?? 'Choose a report above.'}
              </Text>
            </Paper>
          ) : selected === 'headcount' ? (
            <HeadcountReportView />
          ) : selected === 'attendance-muster' ? (
            <AttendanceMusterView divisions={divisions.data ?? []} ExportButtons={ExportButtons} />
          ) : selected === 'late-marks' ? (
            <LateMarksView divisions={divisions.data ?? []} ExportButtons={ExportButtons} />
          ) : selected === 'reimbursements' ? (
            <ReimbursementsView divisions={divisions.data ?? []} />
          ) : selected === 'leave-balances' ? (
            <LeaveBalancesView divisions={divisions.data ?? []} />
          ) : selected === 'payroll-register' ? (
            <PayrollReportsView divisions={divisions.data ?? []} />
          ) : (
            <JoinersLeaversView list={list} />
          )}
        </Stack>
      )}
    </>
  );
}
