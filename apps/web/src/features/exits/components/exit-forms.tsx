import type { Exit } from '@hr/contract';
import { Alert, Card, Checkbox, Group, NumberInput, Select, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormErrors } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toasts';
import { useAgreeLastDay, useEmployeeOptions, useRecordTermination } from '../api/use-exits';

const TERMINATION_FIELDS = [
  'employee_id',
  'reason',
  'notice_given_on',
  'last_working_day',
  'fixed_term',
] as const;

/** The administrator records a termination: agreed when recorded. */
export function TerminationForm({ onDone }: { onDone?: (exit: Exit) => void }) {
  const record = useRecordTermination();
  const [search, setSearch] = useState('');
  const people = useEmployeeOptions(search);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [noticeOn, setNoticeOn] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [fixedTerm, setFixedTerm] = useState(false);
  const errs = useFormErrors(TERMINATION_FIELDS);
  const missing = !employeeId
    ? 'Choose the employee'
    : !reason.trim()
      ? 'Give the reason'
      : !noticeOn
        ? 'Give the day notice was given'
        : !lastDay
          ? 'Give the last working day'
          : null;

  const onSubmit = async () => {
    try {
      const exit = await record.mutateAsync({
        employee_id: employeeId ?? '',
        reason: reason.trim(),
        notice_given_on: noticeOn,
        last_working_day: lastDay,
        fixed_term: fixedTerm,
      });
      toastSuccess('Termination recorded');
      setEmployeeId(null);
      setReason('');
      setNoticeOn('');
      setLastDay('');
      setFixedTerm(false);
      onDone?.(exit);
    } catch (e) {
      errs.fromServer(e);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="terminate-title">
      <Title order={2} size="h4" id="terminate-title" mb="sm">
        Record a termination
      </Title>
      <Stack gap="sm">
        <Select
          label="Employee"
          required
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.employee_code})` }))}
          value={employeeId}
          error={errs.of('employee_id')}
          onChange={(v) => {
            setEmployeeId(v);
            errs.clear('employee_id');
          }}
          nothingFoundMessage="No employee by that name or code"
        />
        <Textarea
          label="Reason"
          required
          rows={2}
          maxLength={2000}
          value={reason}
          error={errs.of('reason')}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            errs.clear('reason');
          }}
        />
        <Group grow align="flex-start">
          <DateField
            label="Notice given on"
            required
            value={noticeOn}
            error={errs.of('notice_given_on')}
            onChange={(v) => {
              setNoticeOn(v);
              errs.clear('notice_given_on', 'last_working_day');
            }}
          />
          <DateField
            label="Last working day"
            required
            value={lastDay}
            error={errs.of('last_working_day')}
            onChange={(v) => {
              setLastDay(v);
              errs.clear('last_working_day');
            }}
          />
        </Group>
        <Checkbox
          label="Fixed-term employment (gratuity after one year)"
          checked={fixedTerm}
          onChange={(e) => setFixedTerm(e.currentTarget.checked)}
        />
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        <Group justify="flex-end">
          <SubmitButton
            blockedBy={missing ?? (errs.has ? 'Correct the highlighted fields' : null)}
            loading={record.isPending}
            onClick={() => void onSubmit()}
          >
            Record termination
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

const AGREE_FIELDS = ['agreed_last_day', 'waived_days', 'fixed_term'] as const;

/** The administrator changes an agreed exit's last day, the notice days waived and the fixed-term flag. */
export function AgreeLastDayForm({ exit }: { exit: Exit }) {
  const agree = useAgreeLastDay();
  const [day, setDay] = useState(exit.agreed_last_day ?? exit.requested_last_day);
  const [waived, setWaived] = useState<number | string>(exit.waived_days);
  const [fixedTerm, setFixedTerm] = useState(exit.fixed_term);
  const errs = useFormErrors(AGREE_FIELDS);
  const missing = !day
    ? 'Give the last working day'
    : typeof waived !== 'number'
      ? 'Give the days waived (0 for none)'
      : null;
  const onSubmit = async () => {
    try {
      await agree.mutateAsync({
        id: exit.id,
        input: { agreed_last_day: day, waived_days: Number(waived), fixed_term: fixedTerm },
      });
      toastSuccess('Last working day saved');
    } catch (e) {
      errs.fromServer(e);
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="agree-title">
      <Title order={2} size="h4" id="agree-title" mb="sm">
        Agreed terms of {exit.employee_name}'s exit
      </Title>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DateField
            label="Agreed last working day"
            required
            value={day}
            error={errs.of('agreed_last_day')}
            onChange={(v) => {
              setDay(v);
              errs.clear('agreed_last_day');
            }}
          />
          <NumberInput
            label="Notice days waived"
            min={0}
            max={365}
            allowDecimal={false}
            value={waived}
            error={errs.of('waived_days')}
            onChange={(v) => {
              setWaived(v);
              errs.clear('waived_days');
            }}
          />
        </Group>
        <Checkbox
          label="Fixed-term employment (gratuity after one year)"
          checked={fixedTerm}
          onChange={(e) => setFixedTerm(e.currentTarget.checked)}
        />
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        <Group justify="flex-end">
          <SubmitButton
            blockedBy={missing ?? (errs.has ? 'Correct the highlighted fields' : null)}
            loading={agree.isPending}
            onClick={() => void onSubmit()}
          >
            Save
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}
