import { ATTENDANCE_STATUS_LABELS, type AttendanceDayStatus, hasAllPermissions } from '@hr/contract';
import {
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { BarChart } from '../../../components/ui/bar-chart';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatMonth, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { type MusterRow, useMuster } from '../../attendance/api/use-attendance';
import { PunchUploadPanel } from '../../attendance/components/punch-upload-panel';

/** Short codes so a month fits on a screen; the legend under the grid spells each one out. */
const CODE: Record<AttendanceDayStatus, string> = {
  present: 'P',
  late: 'LT',
  half_day: 'HD',
  absent: 'A',
  on_leave: 'LV',
  holiday: 'H',
  weekly_off: 'WO',
};
const PAGE_SIZE = 50;

export type MusterFilter = { month: string; division_id?: string };

const parseMonth = (m: string) => ({ year: Number(m.slice(0, 4)), month: Number(m.slice(5, 7)) });
const leaveDays = (r: MusterRow) => r.days.filter((s) => s === 'on_leave').length;

function MusterFilters({
  filter,
  onChange,
  divisions,
  exportButtons,
}: {
  filter: MusterFilter;
  onChange: (f: MusterFilter) => void;
  divisions: { value: string; label: string }[];
  exportButtons: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="month"
          label="Month"
          value={filter.month}
          onChange={(e) => onChange({ ...filter, month: e.currentTarget.value })}
          error={/^\d{4}-\d{2}$/.test(filter.month) ? undefined : 'Choose a month'}
          w={170}
        />
        <Select
          label="Division"
          placeholder="All divisions"
          clearable
          data={divisions}
          value={filter.division_id ?? null}
          onChange={(v) => onChange({ ...filter, division_id: v ?? undefined })}
          w={200}
        />
        {exportButtons}
      </Group>
    </Paper>
  );
}

export function useMusterFilter() {
  const today = todayIn(useCompanyTimeZone());
  return useState<MusterFilter>({ month: today.slice(0, 7) });
}

/** The month × employee grid with totals, paged by employee. */
export function AttendanceMusterView({
  divisions,
  ExportButtons,
}: {
  divisions: { value: string; label: string }[];
  ExportButtons: (p: { path: string; params: Record<string, unknown>; label: string }) => React.ReactNode;
}) {
  const [filter, setFilter] = useMusterFilter();
  const [page, setPage] = useState(1);
  const valid = /^\d{4}-\d{2}$/.test(filter.month);
  const { year, month } = parseMonth(filter.month);
  const query = useMuster({ year, month, division_id: filter.division_id, page, records: PAGE_SIZE });
  const rows = query.data?.items ?? [];
  const total = query.data?.meta.totalCount ?? 0;
  const daysInMonth = valid ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  const dayNumbers = Array.from({ length: daysInMonth }, (_, i) => i + 1);
  const canUpload = hasAllPermissions(useAppSelector(selectPermissions), ['attendance_policies.edit']);
  return (
    <Stack>
      {canUpload && <PunchUploadPanel />}
      <MusterFilters
        filter={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        divisions={divisions}
        exportButtons={
          valid && (
            <ExportButtons
              path="/attendance/muster/export"
              params={{ year, month, division_id: filter.division_id }}
              label="attendance muster"
            />
          )
        }
      />
      {!valid ? null : query.isError && !query.data ? (
        <LoadError what="the attendance muster" message={query.error.message} onRetry={query.refetch} />
      ) : query.isPending ? (
        <PageLoader label="Loading the attendance muster…" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">No employees in this month and division.</Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md">
            <section
              aria-label="Attendance muster grid"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users.
              tabIndex={0}
              style={{ overflowX: 'auto', maxWidth: '100%' }}
            >
              <Table
                aria-label={`Attendance muster, ${formatMonth(filter.month, 'short')}`}
                striped
                withColumnBorders
                horizontalSpacing={6}
                verticalSpacing={4}
                fz="xs"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Employee</Table.Th>
                    {dayNumbers.map((d) => {
                      const locked = !!rows[0]?.locked_days[d - 1];
                      return (
                        <Table.Th
                          key={d}
                          scope="col"
                          ta="center"
                          title={locked ? 'Locked: in a confirmed pay run' : undefined}
                          bg={locked ? 'gray.1' : undefined}
                        >
                          {d}
                          {locked && (
                            <>
                              <Text span size="xs" c="gray.8" display="block" fw={400} aria-hidden>
                                L
                              </Text>
                              <VisuallyHidden>locked</VisuallyHidden>
                            </>
                          )}
                        </Table.Th>
                      );
                    })}
                    {['Present', 'Absent', 'Leave', 'Late', 'Penalty LOP'].map((h) => (
                      <Table.Th key={h} scope="col" ta="right">
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.employee_id}>
                      <Table.Th scope="row" style={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                        {r.employee_name}{' '}
                        <Text span size="xs" c="dimmed">
                          {r.employee_code}
                        </Text>
                      </Table.Th>
                      {r.days.map((s, i) => (
                        <Table.Td
                          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the day of the month.
                          key={i}
                          ta="center"
                          title={s ? ATTENDANCE_STATUS_LABELS[s] : 'No record'}
                        >
                          {s ? CODE[s] : '–'}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{r.present}</Table.Td>
                      <Table.Td ta="right">{r.absent}</Table.Td>
                      <Table.Td ta="right">{leaveDays(r)}</Table.Td>
                      <Table.Td ta="right">{r.late_marks}</Table.Td>
                      <Table.Td ta="right">{r.penalty_lop_days || '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          </Paper>
          {total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
          <Text size="sm" c="dimmed" component="div">
            <Text span fw={500}>
              Legend:
            </Text>{' '}
            {(Object.keys(CODE) as AttendanceDayStatus[])
              .map((s) => `${CODE[s]} ${ATTENDANCE_STATUS_LABELS[s]}`)
              .join(' · ')}{' '}
            · – no record
            {rows.some((r) => r.locked_days.some(Boolean))
              ? ' · L under a day: locked (in a confirmed pay run; re-derivation, regularisation and leave leave it as it is)'
              : ''}
            . Present counts late days and half a day for each half day. Penalty LOP: days of loss of pay from
            late marks and early exits under the attendance policy.
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Late marks per employee for a month: a chart of who is late most, and the figures in a table. */
export function LateMarksView({
  divisions,
  ExportButtons,
}: {
  divisions: { value: string; label: string }[];
  ExportButtons: (p: { path: string; params: Record<string, unknown>; label: string }) => React.ReactNode;
}) {
  const [filter, setFilter] = useMusterFilter();
  const valid = /^\d{4}-\d{2}$/.test(filter.month);
  const { year, month } = parseMonth(filter.month);
  // The largest page the muster serves; beyond it the screen says so and the export has everyone.
  const query = useMuster({ year, month, division_id: filter.division_id, page: 1, records: 100 });
  const late = (query.data?.items ?? [])
    .filter((r) => r.late_marks > 0)
    .sort((a, b) => b.late_marks - a.late_marks || a.employee_name.localeCompare(b.employee_name));
  const total = query.data?.meta.totalCount ?? 0;
  return (
    <Stack>
      <MusterFilters
        filter={filter}
        onChange={setFilter}
        divisions={divisions}
        exportButtons={
          valid && (
            <ExportButtons
              path="/attendance/muster/export"
              params={{ year, month, division_id: filter.division_id }}
              label="attendance muster with late marks"
            />
          )
        }
      />
      {!valid ? null : query.isError && !query.data ? (
        <LoadError what="the late marks" message={query.error.message} onRetry={query.refetch} />
      ) : query.isPending ? (
        <PageLoader label="Loading the late marks…" />
      ) : late.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">Nobody was late in this month and division.</Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Late marks, {formatMonth(filter.month, 'short')}
            </Title>
            <BarChart
              title={`Late marks by employee, ${formatMonth(filter.month, 'short')}`}
              bars={late.slice(0, 20).map((r) => ({ label: r.employee_code, value: r.late_marks }))}
            />
          </Paper>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={360}>
              <Table striped aria-label={`Late marks, ${formatMonth(filter.month, 'short')}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Code</Table.Th>
                    <Table.Th scope="col">Employee</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Late marks
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Days present
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {late.map((r) => (
                    <Table.Tr key={r.employee_id}>
                      <Table.Td>{r.employee_code}</Table.Td>
                      <Table.Td>{r.employee_name}</Table.Td>
                      <Table.Td ta="right">{r.late_marks}</Table.Td>
                      <Table.Td ta="right">{r.present}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {total > 100 && (
            <Text size="sm" c="dimmed">
              Showing the first 100 of {total} employees by code; the export has everyone.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
