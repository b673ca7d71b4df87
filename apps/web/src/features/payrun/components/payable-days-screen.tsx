import type { PayableDaysRow } from '@hr/contract';
import { Alert, List, Modal, NativeSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { type Column, DataTable, ListSearch, useListParams } from '../../../components/data-table';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate, MONTH_NAMES, todayIn } from '../../../lib/format';
import { usePayableDays, usePayableDetail } from '../api/payrun-api';

const today = todayIn();
const LIST = {
  sortFields: ['code'] as const,
  defaultSort: 'code' as const,
  filters: ['month', 'year', 'search'] as const,
  filterDefaults: { month: String(Number(today.slice(5, 7))), year: today.slice(0, 4) },
};

const dates = (list: string[]) => (list.length ? list.map((d) => formatDate(d)).join(', ') : 'None');

function DetailDialog({
  row,
  month,
  year,
  onClose,
}: {
  row: PayableDaysRow | null;
  month: number;
  year: number;
  onClose: () => void;
}) {
  const q = usePayableDetail(row?.employee_id ?? null, month, year);
  const d = q.data;
  return (
    <Modal
      opened={!!row}
      onClose={onClose}
      size="lg"
      title={row ? `${row.employee_name} (${row.employee_code})` : ''}
    >
      {q.isError ? (
        <LoadError what="the days" message={q.error.message} onRetry={q.refetch} />
      ) : !d ? (
        <PageLoader label="Loading the days…" />
      ) : (
        <Stack gap="sm">
          {d.locked && (
            <Alert color="blue">A confirmed pay run has taken these days: they no longer change.</Alert>
          )}
          <Text size="sm">
            {d.payable_days} payable days of {d.basis_days} ({d.method} basis, {d.calendar_days} calendar
            days).
          </Text>
          <dl style={{ margin: 0 }}>
            <Text component="dt" fw={600} size="sm">
              Outside employment: {d.outside_employment_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {dates(d.outside_employment_dates)}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Weekly-offs: {d.weekly_off_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {dates(d.weekly_off_dates)}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Holidays: {d.holiday_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {d.holidays.length
                ? d.holidays.map((h) => `${formatDate(h.date)} (${h.name})`).join(', ')
                : 'None'}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Unpaid leave: {d.leave_lop_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {d.leave_lop.length
                ? d.leave_lop
                    .map(
                      (l) =>
                        `${formatDate(l.date)} (${l.leave_type}${l.days !== 1 ? `, ${l.days} day` : ''})`,
                    )
                    .join(', ')
                : 'None'}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Penalty loss of pay: {d.penalty_lop_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {d.penalties.length ? (
                <List size="sm">
                  {d.penalties.map((p) => (
                    <List.Item key={p.kind}>
                      {p.kind}: {p.days} days, from {dates(p.dates)}
                    </List.Item>
                  ))}
                </List>
              ) : (
                'None'
              )}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Absences: {d.absent_lop_days}
            </Text>
            <Text component="dd" size="sm" ml={0} mb="xs">
              {dates(d.absent_dates)}
            </Text>
          </dl>
          <Text fw={600}>
            Loss of pay {d.lop_days} days; payable {d.payable_days} days.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** Payable days (payroll/payrun/payable-days): each employee's month, and the dates behind each figure. */
export function PayableDaysScreen() {
  const list = useListParams(LIST);
  const p = list.params;
  const month = Number(p.month) || Number(LIST.filterDefaults.month);
  const year = Number(p.year) || Number(LIST.filterDefaults.year);
  const [open, setOpen] = useState<PayableDaysRow | null>(null);
  const query = usePayableDays({ page: p.page, records: p.records, month, year, search: p.search });
  const thisYear = Number(today.slice(0, 4));
  const columns: Column<PayableDaysRow, 'code'>[] = [
    { key: 'code', label: 'Code', cell: (r) => r.employee_code },
    {
      key: 'name',
      label: 'Employee',
      cell: (r) => (
        <UnstyledButton
          onClick={() => setOpen(r)}
          style={{ textDecoration: 'underline' }}
          aria-label={`Days of ${r.employee_name}`}
        >
          {r.employee_name}
        </UnstyledButton>
      ),
    },
    { key: 'calendar', label: 'Calendar days', cell: (r) => r.calendar_days },
    { key: 'outside', label: 'Outside employment', cell: (r) => r.outside_employment_days },
    { key: 'offs', label: 'Weekly-offs and holidays', cell: (r) => r.weekly_off_days + r.holiday_days },
    { key: 'leave', label: 'LOP leave', cell: (r) => r.leave_lop_days },
    { key: 'penalty', label: 'Penalty LOP', cell: (r) => r.penalty_lop_days },
    { key: 'absent', label: 'Absences', cell: (r) => r.absent_lop_days },
    { key: 'payable', label: 'Payable', cell: (r) => <strong>{r.payable_days}</strong> },
  ];
  return (
    <>
      <PageHeader
        title="Payable days"
        description="Each employee's days in the month, as the pay run counts them."
      />
      <ListSearch
        list={list}
        field="search"
        label="Search employees"
        fieldLabel="Search by name or code"
        before={
          <>
            <NativeSelect
              label="Month"
              data={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
              value={String(month)}
              onChange={(e) => list.setFilters({ month: e.currentTarget.value })}
            />
            <NativeSelect
              label="Year"
              data={[thisYear - 1, thisYear, thisYear + 1].map(String)}
              value={String(year)}
              onChange={(e) => list.setFilters({ year: e.currentTarget.value })}
            />
          </>
        }
      />
      <DataTable
        label="Payable days"
        noun="employees"
        columns={columns}
        rowKey={(r) => r.employee_id}
        query={query}
        list={list}
        minWidth={980}
        emptyText="No employees in this month."
      />
      <DetailDialog row={open} month={month} year={year} onClose={() => setOpen(null)} />
    </>
  );
}
