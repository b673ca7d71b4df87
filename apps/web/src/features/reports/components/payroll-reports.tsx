import type { PayrollRegister, PayrollStatutory, RegisterColumn, RegisterRow } from '@hr/contract';
import {
  Alert,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { BarChart } from '../../../components/ui/bar-chart';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatMonth, formatPaise, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { type PayrollParams, usePayrollRegister, usePayrollStatutory } from '../api/reports-api';
import { ExportButtons } from './export-buttons';

type Option = { value: string; label: string };
const MONTH = /^\d{4}-\d{2}$/;
const PAGE_SIZE = 25;
/** "2026-11" as "Nov 2026". */
const monthName = (month: string) => formatMonth(month, 'short');

/** The month before that of `date` (YYYY-MM-DD): the latest a run is usually confirmed for. */
function previousMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Whole rupees under a bar; the tables beside give the paise. */
const wholeRupees = (paise: number) => formatPaise(Math.round(paise / 100) * 100).replace(/\.00$/, '');
const money = (paise: number | undefined) => (paise === undefined ? '—' : formatPaise(paise));
const days = (n: number | null) => (n === null ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(1));

function MissingMonths({ months }: { months: string[] }) {
  if (months.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Months without a confirmed pay run">
      {months.map(monthName).join(', ')}: not counted here. A run counts once it is confirmed.
    </Alert>
  );
}

/** Payroll register and statutory summaries of confirmed pay runs, by month range. */
export function PayrollReportsView({ divisions }: { divisions: Option[] }) {
  const today = todayIn(useCompanyTimeZone());
  const last = previousMonth(today);
  const [params, setParams] = useState<PayrollParams>({ from: last, to: last });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const valid = MONTH.test(params.from) && MONTH.test(params.to) && params.from <= params.to;
  const change = (next: Partial<PayrollParams>) => {
    setParams({ ...params, ...next });
    setPage(1);
  };
  const filter = { ...params, search: debounced || undefined };

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="month"
            label="From month"
            value={params.from}
            onChange={(e) => change({ from: e.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="month"
            label="To month"
            value={params.to}
            onChange={(e) => change({ to: e.currentTarget.value })}
            error={params.from > params.to ? 'Must not be before the from month' : undefined}
            w={170}
          />
          <Select
            label="Division"
            placeholder="All divisions"
            clearable
            data={divisions}
            value={params.division_id ?? null}
            onChange={(v) => change({ division_id: v ?? undefined })}
            w={200}
          />
          <TextInput
            label="Search employees"
            placeholder="Code or name"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={200}
          />
          <ExportButtons path="/reports/payroll-register/export" params={filter} label="payroll register" />
        </Group>
      </Paper>
      {!valid ? (
        <Text c="dimmed">Choose a from and a to month, the from month first.</Text>
      ) : (
        <Tabs defaultValue="register" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="register">Register</Tabs.Tab>
            <Tabs.Tab value="statutory">Statutory summaries</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="register" pt="md">
            <RegisterView params={filter} page={page} setPage={setPage} />
          </Tabs.Panel>
          <Tabs.Panel value="statutory" pt="md">
            <StatutoryView params={params} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function RegisterView({
  params,
  page,
  setPage,
}: {
  params: PayrollParams;
  page: number;
  setPage: (p: number) => void;
}) {
  const query = usePayrollRegister({ ...params, page, records: PAGE_SIZE }, true);
  if (query.isError && !query.data) {
    return <LoadError what="the payroll register" message={query.error.message} onRetry={query.refetch} />;
  }
  if (query.isPending || !query.data) return <PageLoader label="Loading the payroll register…" />;
  const data = query.data;
  const pages = Math.max(1, Math.ceil(data.meta.totalCount / PAGE_SIZE));
  return (
    <Stack>
      <MissingMonths months={data.months_without_run} />
      {data.rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>No payslips of a confirmed pay run for these months and filters.</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <RegisterTable data={data} showMonth={params.from !== params.to} />
          <Group justify="space-between" p="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              {data.meta.totalCount} payslips; the totals row covers them all.
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            )}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

type Fixed = {
  key: string;
  label: string;
  value: (r: RegisterRow) => string;
  total: (d: PayrollRegister) => string;
};

function RegisterTable({ data, showMonth }: { data: PayrollRegister; showMonth: boolean }) {
  const of = (kind: RegisterColumn['kind']) => data.columns.filter((c) => c.kind === kind);
  const line = (c: RegisterColumn): Fixed => ({
    key: c.code,
    label: c.label,
    value: (r) => money(r.amounts[c.code]),
    total: (d) => money(d.totals.amounts[c.code]),
  });
  const figures: Fixed[] = [
    { key: '_days', label: 'Payable days', value: (r) => days(r.payable_days), total: () => '' },
    ...of('earning').map(line),
    {
      key: '_gross',
      label: 'Gross',
      value: (r) => money(r.gross_paise),
      total: (d) => money(d.totals.gross_paise),
    },
    ...of('deduction').map(line),
    {
      key: '_deductions',
      label: 'Total deductions',
      value: (r) => money(r.deductions_paise),
      total: (d) => money(d.totals.deductions_paise),
    },
    {
      key: '_net',
      label: 'Net pay',
      value: (r) => money(r.net_paise),
      total: (d) => money(d.totals.net_paise),
    },
    ...of('employer').map(line),
    {
      key: '_employer',
      label: 'Employer contributions',
      value: (r) => money(r.employer_paise),
      total: (d) => money(d.totals.employer_paise),
    },
  ];
  const lead = showMonth ? 4 : 3;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Payroll register" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {showMonth && <Table.Th scope="col">Month</Table.Th>}
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Employee</Table.Th>
            <Table.Th scope="col">Division</Table.Th>
            {figures.map((f) => (
              <Table.Th key={f.key} scope="col" ta="right">
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((r) => (
            <Table.Tr key={r.payslip_id}>
              {showMonth && <Table.Td>{monthName(r.month)}</Table.Td>}
              <Table.Td>{r.employee_code}</Table.Td>
              <Table.Th scope="row" fw={400}>
                {r.employee_name}
              </Table.Th>
              <Table.Td>{r.division_name ?? '—'}</Table.Td>
              {figures.map((f) => (
                <Table.Td key={f.key} ta="right">
                  {f.value(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={600}>
            <Table.Th scope="row" colSpan={lead}>
              Total ({data.totals.payslips} payslips)
            </Table.Th>
            {figures.map((f) => (
              <Table.Td key={f.key} ta="right">
                {f.total(data)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figures({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Table aria-label={title}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function StatutoryView({ params }: { params: PayrollParams }) {
  const { search: _s, ...rest } = params;
  const query = usePayrollStatutory(rest, true);
  if (query.isError && !query.data) {
    return <LoadError what="the statutory summaries" message={query.error.message} onRetry={query.refetch} />;
  }
  if (query.isPending || !query.data) return <PageLoader label="Loading the statutory summaries…" />;
  const s: PayrollStatutory = query.data;
  if (s.months.length === 0) {
    return (
      <Stack>
        <MissingMonths months={s.months_without_run} />
        <Paper withBorder p="lg" radius="md">
          <Text>No payslips of a confirmed pay run for these months and filters.</Text>
        </Paper>
      </Stack>
    );
  }
  const sum = (f: (m: PayrollStatutory['months'][number]) => number) =>
    s.months.reduce((n, m) => n + f(m), 0);
  const statutory = [
    { label: 'EPF', value: sum((m) => m.epf_paise) },
    { label: 'ESI', value: sum((m) => m.esi_paise) },
    { label: 'PT', value: sum((m) => m.pt_paise) },
    { label: 'LWF', value: sum((m) => m.lwf_paise) },
    { label: 'TDS', value: sum((m) => m.tds_paise) },
  ];
  return (
    <Stack>
      <MissingMonths months={s.months_without_run} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Gross and net pay by month
          </Title>
          <BarChart
            title="Gross and net pay by month"
            bars={s.months.flatMap((m) => [
              { label: `${monthName(m.month)} gross`, value: m.gross_paise },
              { label: `${monthName(m.month)} net`, value: m.net_paise },
            ])}
            format={wholeRupees}
            slot={130}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Statutory totals
          </Title>
          <BarChart
            title="Statutory totals, employee and employer shares"
            bars={statutory}
            format={wholeRupees}
            slot={84}
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Pay and statutory totals by month">
            <Table.Thead>
              <Table.Tr>
                {['Month', 'Employees', 'Gross', 'Net', 'EPF', 'ESI', 'PT', 'LWF', 'TDS'].map((h) => (
                  <Table.Th key={h} scope="col" ta={h === 'Month' ? undefined : 'right'}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row" fw={400}>
                    {monthName(m.month)}
                  </Table.Th>
                  <Table.Td ta="right">{m.employees}</Table.Td>
                  {[
                    m.gross_paise,
                    m.net_paise,
                    m.epf_paise,
                    m.esi_paise,
                    m.pt_paise,
                    m.lwf_paise,
                    m.tds_paise,
                  ].map((v, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                    <Table.Td key={i} ta="right">
                      {formatPaise(v)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Figures
          title="EPF"
          rows={[
            ['Members', String(s.epf.members)],
            ['EPF wages', formatPaise(s.epf.wages_paise)],
            ['Employee share', formatPaise(s.epf.employee_paise)],
            ['Voluntary PF', formatPaise(s.epf.vpf_paise)],
            ['Employer EPF (A/c 1)', formatPaise(s.epf.employer_epf_paise)],
            ['EPS (A/c 10)', formatPaise(s.epf.eps_paise)],
            ['EDLI (A/c 21)', formatPaise(s.epf.edli_paise)],
            ['Admin charges (A/c 2)', formatPaise(s.epf.admin_paise)],
          ]}
        />
        <Figures
          title="ESI"
          rows={[
            ['Insured persons', String(s.esi.ips)],
            ['ESI wages', formatPaise(s.esi.wages_paise)],
            ['Employee share', formatPaise(s.esi.employee_paise)],
            ['Employer share', formatPaise(s.esi.employer_paise)],
          ]}
        />
        <Figures
          title="TDS"
          rows={[
            ['Employees with tax deducted', String(s.tds.employees)],
            ['Total deducted', formatPaise(s.tds.amount_paise)],
          ]}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StateTable
          title="Professional tax by state"
          empty="No professional tax in these months."
          head={['State', 'Employees', 'Amount']}
          rows={s.pt.map((p) => [p.state, String(p.employees), formatPaise(p.amount_paise)])}
        />
        <StateTable
          title="Labour welfare fund by state"
          empty="No labour welfare fund in these months (deducted in the states’ LWF months only)."
          head={['State', 'Employees', 'Employee', 'Employer']}
          rows={s.lwf.map((l) => [
            l.state,
            String(l.employees),
            formatPaise(l.employee_paise),
            formatPaise(l.employer_paise),
          ])}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        From the confirmed payslips’ lines as they were paid; nothing is recomputed. Members, insured persons
        and employees are counted once across the months. The division is the one on the payslip.
      </Text>
    </Stack>
  );
}

function StateTable({
  title,
  empty,
  head,
  rows,
}: {
  title: string;
  empty: string;
  head: string[];
  rows: string[][];
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h, i) => (
                <Table.Th key={h} scope="col" ta={i === 0 ? undefined : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([state, ...rest]) => (
              <Table.Tr key={state}>
                <Table.Th scope="row" fw={400}>
                  {state}
                </Table.Th>
                {rest.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                  <Table.Td key={i} ta="right">
                    {v}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
