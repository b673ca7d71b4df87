import type { PayRun } from '@hr/contract';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type Column, DataTable, useListParams } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate, formatDateTime, formatPaise } from '../../../lib/format';
import { usePayRuns } from '../api/payrun-api';
import { monthLabel } from './words';

const LIST = { sortFields: ['month'] as const, defaultSort: 'month' as const, defaultOrder: 'desc' as const };

/** Pay run history (payroll/payrun/history): confirmed runs, newest first; open one to its review and files. */
export function PayRunHistoryScreen() {
  const navigate = useNavigate();
  const list = useListParams(LIST);
  const { page, records } = list.params;
  const query = usePayRuns({ page, records, status: 'completed' });
  const columns: Column<PayRun, 'month'>[] = [
    { key: 'month', label: 'Month', cell: (r) => monthLabel(r.month) },
    { key: 'pay_date', label: 'Pay date', cell: (r) => formatDate(r.pay_date) },
    { key: 'employees', label: 'Employees', cell: (r) => r.totals?.employees ?? r.progress.employees },
    { key: 'gross', label: 'Gross', cell: (r) => formatPaise(r.totals?.gross_paise ?? null) },
    { key: 'net', label: 'Net', cell: (r) => formatPaise(r.totals?.net_paise ?? null) },
    {
      key: 'confirmed',
      label: 'Confirmed',
      cell: (r) => `${r.confirmed_by ?? ''}${r.confirmed_by ? ', ' : ''}${formatDateTime(r.confirmed_at)}`,
    },
    {
      key: 'open',
      label: 'Open',
      hideLabel: true,
      cell: (r) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => navigate(`/payroll/payrun?run=${r.id}`)}
          aria-label={`Open the pay run of ${monthLabel(r.month)}`}
        >
          Open
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Pay run history" description="Confirmed pay runs, newest first." />
      <DataTable
        label="Confirmed pay runs"
        noun="pay runs"
        columns={columns}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        emptyText="No confirmed pay runs yet."
        minWidth={820}
      />
    </>
  );
}
