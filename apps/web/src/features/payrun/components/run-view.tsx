import type { PayRun } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { confirm } from '../../../lib/confirm';
import { formatDate, formatDateTime, formatPaise } from '../../../lib/format';
import {
  errorText,
  useComputePayRun,
  useConfirmAttendance,
  useConfirmPayRun,
  useDeletePayRun,
  useRemoveAttendance,
} from '../api/payrun-api';
import { AnomaliesSection } from './anomalies-section';
import { AutomaticItems } from './automatic-items';
import { FilesSection, PayslipsSection } from './finish-section';
import { ReviewSection } from './review-section';
import type { RunView } from './run-list';
import { SheetPanel } from './sheet-panel';
import { monthLabel, runStatusText } from './words';

const days = (n: number | null) => (n === null ? '—' : String(n));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The steps of a run and which is current, from the run's own statuses. */
export function steps(run: PayRun) {
  const computed = run.status === 'computed' || run.status === 'confirmed';
  const list = [
    { label: 'Attendance', done: run.attendance_status === 'confirmed' },
    { label: 'Payouts and TDS', done: run.attendance_status === 'confirmed' },
    { label: 'Compute', done: computed },
    { label: 'Review', done: computed && run.anomalies.open === 0 },
    { label: 'Confirm', done: run.status === 'confirmed' },
    { label: 'Payslips and files', done: run.payslips_status === 'generated' },
  ];
  const active = list.findIndex((s) => !s.done);
  return { list, active: active === -1 ? list.length : active };
}

function AttendanceSection({ run }: { run: PayRun }) {
  const confirmAttendance = useConfirmAttendance();
  const removeAttendance = useRemoveAttendance();
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const confirmed = run.attendance_status === 'confirmed';
  return (
    <SheetPanel
      sheet="attendance"
      run={run}
      what="Attendance sheet"
      columns={[
        { label: 'Code', cell: (r) => r.employee_code },
        { label: 'Employee', cell: (r) => r.employee_name },
        { label: 'System LOP days', cell: (r) => days(r.system_lop_days) },
        { label: 'Sheet LOP days', cell: (r) => days(r.sheet_lop_days) },
        {
          label: 'Difference',
          cell: (r) =>
            r.difference_days === null || r.difference_days === 0
              ? r.difference_days === 0
                ? 'Same'
                : '—'
              : `${r.difference_days > 0 ? '+' : ''}${r.difference_days} days`,
        },
        {
          label: 'LOP paid back',
          cell: (r) =>
            r.lop_reversal_days
              ? `${r.lop_reversal_days} days of ${monthLabel(r.lop_reversal_month ?? '')}`
              : '—',
        },
      ]}
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          Attendance:{' '}
          <Badge color={confirmed ? 'green' : 'gray'}>{confirmed ? 'Confirmed' : 'Not confirmed yet'}</Badge>{' '}
          {!confirmed &&
            (run.sheets.attendance
              ? 'Confirming takes the uploaded sheet’s loss of pay.'
              : 'Confirming without a sheet takes the system’s loss of pay from leave and attendance.')}
        </Text>
        {run.abilities.edit_inputs && (
          <Group gap="xs">
            {confirmed ? (
              <Button
                variant="default"
                loading={removeAttendance.isPending}
                onClick={async () => {
                  const ok = await confirm({
                    title: 'Remove attendance',
                    message:
                      'Remove the confirmed attendance of this run? You will need to confirm it again before computing.',
                    acceptLabel: 'Remove',
                    danger: true,
                  });
                  if (ok) removeAttendance.mutate(run.id);
                }}
              >
                Remove attendance
              </Button>
            ) : (
              <Button
                loading={confirmAttendance.isPending}
                onClick={() => {
                  setFailure(null);
                  confirmAttendance.mutate(run.id, { onError: (e) => setFailure(errorText(e)) });
                }}
              >
                Confirm attendance
              </Button>
            )}
          </Group>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert" title={failure.message}>
          {failure.details.slice(0, 20).map((d) => (
            <Text size="sm" key={d}>
              {d}
            </Text>
          ))}
        </Alert>
      )}
    </SheetPanel>
  );
}

function ComputeSection({ run }: { run: PayRun }) {
  const compute = useComputePayRun();
  const { employees, computed, failed } = run.progress;
  return (
    <Stack gap="xs">
      {run.status === 'computing' ? (
        <>
          <Text size="sm" role="status">
            Computing: {computed} of {employees} employees
            {failed ? ` (${failed} failed)` : ''}
          </Text>
          <Progress
            value={employees ? ((computed + failed) / employees) * 100 : 0}
            aria-label="Employees computed"
            animated
          />
        </>
      ) : run.computed_at ? (
        <Text size="sm">
          Computed {formatDateTime(run.computed_at)}
          {run.computed_by ? ` by ${run.computed_by}` : ''}: {computed} of {employees} employees
          {failed ? `, ${failed} failed` : ''}.
        </Text>
      ) : (
        <Text size="sm">
          {run.attendance_status === 'confirmed'
            ? 'Ready to compute.'
            : 'Confirm the attendance first: the run computes with the confirmed loss of pay.'}
        </Text>
      )}
      {run.abilities.compute && (
        <Group>
          <Button onClick={() => compute.mutate(run.id)} loading={compute.isPending}>
            {run.status === 'computed' ? 'Compute again' : 'Compute'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function ConfirmSection({ run }: { run: PayRun }) {
  const confirmRun = useConfirmPayRun();
  if (run.status === 'confirmed') {
    return (
      <Text size="sm">
        Confirmed {formatDateTime(run.confirmed_at)}
        {run.confirmed_by ? ` by ${run.confirmed_by}` : ''}. A confirmed run does not change; corrections go
        into a later month.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {run.confirm_blockers.length > 0 && (
        <Alert color="yellow" title="The run cannot be confirmed yet" role="status">
          <List size="sm">
            {run.confirm_blockers.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group>
        <Button
          color="green"
          disabled={!run.abilities.confirm}
          loading={confirmRun.isPending}
          onClick={async () => {
            const ok = await confirm({
              title: `Confirm the pay run of ${monthLabel(run.month)}`,
              message: `Confirm ${run.totals?.employees ?? run.progress.employees} employees' pay, net ${formatPaise(
                run.totals?.net_paise ?? 0,
              )}, to be paid on ${formatDate(run.pay_date)}? A confirmed run cannot be changed.`,
              acceptLabel: 'Confirm pay run',
            });
            if (ok) confirmRun.mutate(run.id);
          }}
        >
          Confirm pay run
        </Button>
      </Group>
    </Stack>
  );
}

/** One pay run: its steps with their status, then each step's section in order. */
export function PayRunView({ run, view }: { run: PayRun; view: RunView }) {
  const narrow = useMediaQuery('(max-width: 48em)', false);
  const del = useDeletePayRun();
  const { list, active } = steps(run);
  const computed = run.status === 'computed' || run.status === 'confirmed';
  const readOnly = run.status === 'confirmed';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            Pay run of {monthLabel(run.month)}
          </Title>
          <Text size="sm" c="dimmed">
            Pay date {formatDate(run.pay_date)} · {runStatusText(run)}
            {run.progress.employees > 0 ? ` · ${run.progress.employees} employees` : ''}
          </Text>
        </div>
        {run.abilities.delete && (
          <Button
            variant="default"
            color="red"
            loading={del.isPending}
            onClick={async () => {
              const ok = await confirm({
                title: 'Delete the pay run',
                message: `Delete the pay run of ${monthLabel(run.month)} with its sheets and computed figures?`,
                acceptLabel: 'Delete',
                danger: true,
              });
              if (ok) del.mutate(run.id, { onSuccess: () => view.setFilters({ run: undefined }) });
            }}
          >
            Delete pay run
          </Button>
        )}
      </Group>
      <Stepper
        active={active}
        orientation={narrow ? 'vertical' : 'horizontal'}
        size="sm"
        aria-label="Pay run steps"
      >
        {list.map((s, i) => (
          <Stepper.Step
            key={s.label}
            label={s.label}
            description={s.done ? 'Done' : i === active ? 'Current' : 'To do'}
          />
        ))}
      </Stepper>
      {!readOnly && (
        <>
          <Section title="Attendance">
            <AttendanceSection run={run} />
          </Section>
          <Section title="One-time payouts">
            <SheetPanel
              sheet="onetime"
              run={run}
              what="One-time payout sheet"
              columns={[
                { label: 'Code', cell: (r) => r.employee_code },
                { label: 'Employee', cell: (r) => r.employee_name },
                { label: 'Type', cell: (r) => r.payout_type.replace('_', ' ') },
                { label: 'On the payslip', cell: (r) => r.label },
                { label: 'Amount', cell: (r) => formatPaise(r.amount_paise) },
                {
                  label: 'Counts for',
                  cell: (r) =>
                    [r.taxable && 'Tax', r.epf_wage && 'EPF', r.esi_wage && 'ESI']
                      .filter(Boolean)
                      .join(', ') || '—',
                },
              ]}
            >
              <AutomaticItems run={run} />
            </SheetPanel>
          </Section>
          <Section title="TDS overrides">
            <SheetPanel
              sheet="tds"
              run={run}
              what="TDS sheet"
              columns={[
                { label: 'Code', cell: (r) => r.employee_code },
                { label: 'Employee', cell: (r) => r.employee_name },
                { label: 'TDS for the month', cell: (r) => formatPaise(r.tds_paise) },
                { label: 'Reason', cell: (r) => r.reason },
              ]}
            />
          </Section>
          <Section title="Compute">
            <ComputeSection run={run} />
          </Section>
        </>
      )}
      {computed && (
        <>
          <Section title="Review">
            <ReviewSection run={run} view={view} />
          </Section>
          <Section title="Anomalies">
            <AnomaliesSection run={run} />
          </Section>
        </>
      )}
      {(run.status === 'computed' || readOnly) && (
        <Section title="Confirm">
          <ConfirmSection run={run} />
        </Section>
      )}
      {readOnly && (
        <>
          <Section title="Payslips">
            <PayslipsSection run={run} />
          </Section>
          <Section title="Files">
            <FilesSection run={run} />
          </Section>
        </>
      )}
    </Stack>
  );
}
