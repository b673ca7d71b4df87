import type { MyPayslipSummary } from '@hr/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  type Column,
  DataTable,
  FilterSelect,
  type ListSpec,
  useListParams,
} from '../../../components/data-table';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatPaise } from '../../../lib/format';
import { useMyPayslip, useMyPayslips } from '../api/payslips-api';
import { monthLabel, PAYSLIPS_PATH, payslipHref, payslipYears } from './payslip-format';
import { PayslipView } from './payslip-view';

// The API lists newest month first and offers no other order, so no column sorts.
const LIST: ListSpec<'month', 'year'> = {
  sortFields: ['month'],
  defaultSort: 'month',
  defaultOrder: 'desc',
  filters: ['year'],
};

function PayslipList() {
  const list = useListParams(LIST);
  const query = useMyPayslips({
    page: list.params.page,
    records: list.params.records,
    year: list.params.year,
  });
  const columns: Column<MyPayslipSummary, 'month'>[] = [
    {
      key: 'month',
      label: 'Month',
      cell: (p) => (
        <Anchor component={Link} to={payslipHref(p.id)} fw={500}>
          {monthLabel(p.month)}
        </Anchor>
      ),
    },
    // Net pay next to the month: what a phone shows without scrolling the table.
    { key: 'net', label: 'Net pay', cell: (p) => <Text fw={600}>{formatPaise(p.net_paise)}</Text> },
    { key: 'paid', label: 'Paid on', cell: (p) => formatDate(p.pay_date) },
    { key: 'gross', label: 'Gross', cell: (p) => formatPaise(p.gross_paise) },
    { key: 'deductions', label: 'Deductions', cell: (p) => formatPaise(p.deductions_paise) },
  ];
  return (
    <>
      <PageHeader
        title="Payslips"
        description="Your payslips of confirmed pay runs, newest first. Open one to see how each figure was worked out."
      />
      <Group mb="sm" align="flex-end">
        <FilterSelect list={list} field="year" label="Year" data={payslipYears()} w={120} />
      </Group>
      <DataTable
        label="Your payslips"
        noun="payslips"
        columns={columns}
        rowKey={(p) => p.id}
        query={query}
        list={list}
        minWidth={560}
        emptyText={
          list.params.year
            ? `No payslips in ${list.params.year}.`
            : 'No payslips yet: they appear here once HR confirms a pay run that includes you.'
        }
      />
    </>
  );
}

function OnePayslip({ id }: { id: string }) {
  const q = useMyPayslip(id);
  const slip = q.data;
  const back = (
    <Anchor component={Link} to={PAYSLIPS_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        All payslips
      </Group>
    </Anchor>
  );
  const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
  return (
    <>
      <PageHeader title={slip ? `Payslip for ${monthLabel(slip.month)}` : 'Payslip'} actions={back} />
      {q.isError && !slip ? (
        notFound ? (
          <Text>This payslip was not found. It may not be yours, or its pay run is not confirmed yet.</Text>
        ) : (
          <LoadError what="the payslip" message={q.error?.message ?? ''} onRetry={q.refetch} />
        )
      ) : !slip ? (
        <PageLoader label="Loading payslip…" />
      ) : (
        <PayslipView slip={slip} />
      )}
    </>
  );
}

/** user/documents/payslips: my payslips by month, and one opened from `?id=`. */
export function PayslipsScreen() {
  const [search] = useSearchParams();
  const id = search.get('id');
  return id ? <OnePayslip id={id} /> : <PayslipList />;
}
