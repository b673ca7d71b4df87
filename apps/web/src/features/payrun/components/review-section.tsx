import type { PayRun, PayRunReview, ReviewEmployee } from '@hr/contract';
import {
  Alert,
  Badge,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { type Column, DataTable, ListSearch } from '../../../components/data-table';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatPaise } from '../../../lib/format';
import { useReview, useRunPayslip } from '../api/payrun-api';
import type { RunView } from './run-list';
import { ANOMALY_LABELS, Difference, monthLabel, ScrollBox } from './words';

const ONLY = [
  { value: '', label: 'All employees' },
  { value: 'changed', label: 'Net changed' },
  { value: 'anomalies', label: 'With anomalies' },
  { value: 'failed', label: 'Failed to compute' },
];

function ComponentTotals({ review }: { review: PayRunReview }) {
  return (
    <ScrollBox label="Totals by component, scrolling">
      <Table striped aria-label="Totals by component" miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Component</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col" ta="right">
              This run
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Last run
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Difference
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {review.by_component.map((c) => (
            <Table.Tr key={`${c.kind}-${c.code}`}>
              <Table.Td>{c.label}</Table.Td>
              <Table.Td>
                {c.kind === 'employer' ? 'Employer' : c.kind === 'earning' ? 'Earning' : 'Deduction'}
              </Table.Td>
              <Table.Td ta="right">{formatPaise(c.amount_paise)}</Table.Td>
              <Table.Td ta="right">
                {c.previous_paise === null ? '—' : formatPaise(c.previous_paise)}
              </Table.Td>
              <Table.Td ta="right">
                <Difference paise={c.difference_paise} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

function DivisionTotals({ review }: { review: PayRunReview }) {
  return (
    <ScrollBox label="Totals by division, scrolling">
      <Table striped aria-label="Totals by division" miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Division</Table.Th>
            <Table.Th scope="col" ta="right">
              Employees
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Net
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Net, last run
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {review.by_division.map((d) => (
            <Table.Tr key={d.division}>
              <Table.Td>{d.division}</Table.Td>
              <Table.Td ta="right">{d.employees}</Table.Td>
              <Table.Td ta="right">{formatPaise(d.gross_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(d.net_paise)}</Table.Td>
              <Table.Td ta="right">
                {d.previous_net_paise === null ? '—' : formatPaise(d.previous_net_paise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

/** One employee's payslip lines with the engine's explanation of each and last run's figure. */
function PayslipDialog({
  run,
  employeeId,
  onClose,
}: {
  run: PayRun;
  employeeId: string | null;
  onClose: () => void;
}) {
  const q = useRunPayslip(run.id, employeeId);
  const slip = q.data;
  return (
    <Modal
      opened={!!employeeId}
      onClose={onClose}
      size="xl"
      title={slip ? `${slip.employee.name} (${slip.employee.code}), ${monthLabel(slip.month)}` : 'Payslip'}
    >
      {q.isError ? (
        <LoadError what="the payslip" message={q.error.message} onRetry={q.refetch} />
      ) : !slip ? (
        <PageLoader label="Loading the payslip…" />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {slip.days.payable} payable of {slip.days.basis} days; loss of pay {slip.days.lop} days
            {slip.days.outside_employment ? `; ${slip.days.outside_employment} days outside employment` : ''}.
          </Text>
          {slip.explanation_warning && <Alert color="yellow">{slip.explanation_warning}</Alert>}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {slip.lines
              .filter((l) => l.show || l.amount_paise !== 0)
              .map((l) => (
                <Paper component="li" withBorder p="sm" key={`${l.kind}-${l.code}`}>
                  <Group justify="space-between" wrap="wrap">
                    <Text fw={600}>
                      {l.label}{' '}
                      <Badge variant="light" size="sm" color={l.kind === 'deduction' ? 'red' : 'blue'}>
                        {l.kind}
                      </Badge>
                    </Text>
                    <Text fw={600}>{formatPaise(l.amount_paise)}</Text>
                  </Group>
                  {l.previous_paise !== null && (
                    <Text size="sm" c="dimmed">
                      Last run {formatPaise(l.previous_paise)}; difference{' '}
                      <Difference paise={l.amount_paise - l.previous_paise} />
                    </Text>
                  )}
                  <Text size="sm">{l.explain}</Text>
                  {l.rule && !l.explain.includes(l.rule) && (
                    <Text size="xs" c="dimmed">
                      {l.rule}
                    </Text>
                  )}
                </Paper>
              ))}
          </Stack>
          <Group justify="space-between">
            <Text>Gross {formatPaise(slip.gross_paise)}</Text>
            <Text>Deductions {formatPaise(slip.deductions_paise)}</Text>
            <Text fw={700}>Net {formatPaise(slip.net_paise)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {slip.net_in_words}
          </Text>
          {slip.notes.map((n) => (
            <Text size="sm" key={n}>
              {n}
            </Text>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The review of a computed (or confirmed) run: totals by component and by division beside the
 * last confirmed run's, then each employee's net and its difference, sortable and searchable.
 */
export function ReviewSection({ run, view }: { run: PayRun; view: RunView }) {
  const p = view.params;
  const [open, setOpen] = useState<string | null>(null);
  const q = useReview(run.id, {
    page: p.page,
    records: p.records,
    search: p.search,
    only: p.only,
    sortBy: p.sortBy,
    sortOrder: p.sortOrder,
  });
  if (q.isError && !q.data)
    return <LoadError what="the review" message={q.error.message} onRetry={q.refetch} />;
  if (!q.data) return <PageLoader label="Loading the review…" />;
  const review = q.data;
  const columns: Column<ReviewEmployee, (typeof p)['sortBy']>[] = [
    {
      key: 'code',
      label: 'Code',
      sort: 'code',
      cell: (e) => e.employee_code,
    },
    {
      key: 'name',
      label: 'Employee',
      sort: 'name',
      cell: (e) => (
        <UnstyledButton
          onClick={() => setOpen(e.employee_id)}
          style={{ textDecoration: 'underline' }}
          aria-label={`Open the payslip of ${e.employee_name}`}
        >
          {e.employee_name}
        </UnstyledButton>
      ),
    },
    { key: 'division', label: 'Division', cell: (e) => e.division ?? '—' },
    { key: 'days', label: 'Payable days', cell: (e) => e.payable_days ?? '—' },
    { key: 'lop', label: 'LOP days', cell: (e) => e.lop_days ?? '—' },
    { key: 'gross', label: 'Gross', sort: 'gross', cell: (e) => formatPaise(e.gross_paise) },
    {
      key: 'net',
      label: 'Net',
      sort: 'net',
      cell: (e) => (e.status === 'failed' ? <Badge color="red">Failed</Badge> : formatPaise(e.net_paise)),
    },
    {
      key: 'prev',
      label: 'Net, last run',
      cell: (e) => (e.previous_net_paise === null ? '—' : formatPaise(e.previous_net_paise)),
    },
    {
      key: 'change',
      label: 'Difference',
      sort: 'net_change',
      cell: (e) => <Difference paise={e.net_change_paise} />,
    },
    {
      key: 'flags',
      label: 'Anomalies',
      cell: (e) =>
        e.error ? (
          <Text size="sm" c="red">
            {e.error}
          </Text>
        ) : (
          e.anomalies.map((a) => (
            <Badge key={a} color="orange" variant="light" mr={4}>
              {ANOMALY_LABELS[a]}
            </Badge>
          ))
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        {review.previous_run
          ? `Differences are from the last confirmed run, ${monthLabel(review.previous_run.month)}.`
          : 'There is no earlier confirmed run: no differences to show.'}
      </Text>
      {run.totals && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(
            [
              ['Employees', String(run.totals.employees)],
              ['Gross', formatPaise(run.totals.gross_paise)],
              ['Deductions', formatPaise(run.totals.deductions_paise)],
              ['Net pay', formatPaise(run.totals.net_paise)],
            ] as const
          ).map(([k, v]) => (
            <Paper withBorder p="sm" key={k}>
              <Text size="xs" c="dimmed">
                {k}
              </Text>
              <Text fw={700}>{v}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Title order={3} size="h5">
        By component
      </Title>
      <ComponentTotals review={review} />
      <Title order={3} size="h5">
        By division
      </Title>
      <DivisionTotals review={review} />
      <Title order={3} size="h5">
        Employees
      </Title>
      <ListSearch list={view} field="search" label="Search employees" fieldLabel="Search by name or code">
        <NativeSelect
          label="Show"
          data={ONLY}
          value={p.only ?? ''}
          onChange={(e) => view.setFilters({ only: e.currentTarget.value || undefined })}
        />
      </ListSearch>
      <DataTable
        label="Employees of the run"
        noun="employees"
        columns={columns}
        rowKey={(e) => e.payslip_id}
        query={{
          ...q,
          data: {
            items: review.employees,
            meta: { totalCount: review.employees_total, page: p.page, records: p.records },
          },
        }}
        list={view}
        minWidth={1000}
        emptyText="No employees match."
      />
      <PayslipDialog run={run} employeeId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
