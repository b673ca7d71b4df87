import type { Exit, ExitStatus } from '@hr/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { SubmitButton } from '../../../components/ui/submit-button';
import { confirm } from '../../../lib/confirm';
import { useFormErrors } from '../../../lib/form-errors';
import { formatDate, todayIn } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useMyExit, useMySettlement, useResign, useWithdrawResignation } from '../api/use-exits';
import { SettlementView } from './settlement-view';

const FIELDS = ['reason', 'requested_last_day'] as const;
export const STATUS: Record<ExitStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting for approval', color: 'yellow' },
  approved: { label: 'Agreed', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/** The employee's resignation form (house form pattern). */
function ResignationForm() {
  const resign = useResign();
  const zone = useCompanyTimeZone();
  const today = todayIn(zone);
  const [reason, setReason] = useState('');
  const [day, setDay] = useState('');
  const errs = useFormErrors(FIELDS);
  const missing = !reason.trim()
    ? 'Give the reason'
    : !day
      ? 'Choose the last working day you ask for'
      : null;

  const onSubmit = async () => {
    try {
      await resign.mutateAsync({ reason: reason.trim(), requested_last_day: day });
      toastSuccess('Resignation sent for approval');
      setReason('');
      setDay('');
    } catch (e) {
      errs.fromServer(e);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="resign-title">
      <Title order={2} size="h4" id="resign-title" mb="sm">
        Resign
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Your notice period comes from your policy; your approvers agree the last working day. The notice
          counts from today.
        </Text>
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={2000}
          value={reason}
          error={errs.of('reason')}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            errs.clear('reason');
          }}
        />
        <DateField
          label="Last working day you ask for"
          required
          minDate={today}
          minDateMessage="The last working day cannot be before today"
          value={day}
          error={errs.of('requested_last_day')}
          onChange={(v) => {
            setDay(v);
            errs.clear('requested_last_day');
          }}
        />
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        <Group justify="flex-end">
          <SubmitButton
            blockedBy={missing ?? (errs.has ? 'Correct the highlighted fields' : null)}
            loading={resign.isPending}
            onClick={() => void onSubmit()}
          >
            Send resignation
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

function ExitStatusCard({ exit }: { exit: Exit }) {
  const withdraw = useWithdrawResignation();
  const onWithdraw = async () => {
    const ok = await confirm({
      title: 'Withdraw your resignation?',
      message: 'Your approvers no longer see it.',
      acceptLabel: 'Withdraw',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await withdraw.mutateAsync(exit.id);
    toastSuccess('Resignation withdrawn');
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="exit-status-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="exit-status-title">
            Your {exit.kind === 'resignation' ? 'resignation' : 'exit'}
          </Title>
          <Badge color={STATUS[exit.status].color} variant="light">
            {STATUS[exit.status].label}
          </Badge>
        </Group>
        <Text size="sm">
          Notice given on {formatDate(exit.notice_given_on)}; notice period {exit.notice_days} days; last
          working day asked {formatDate(exit.requested_last_day)}
          {exit.agreed_last_day ? `; agreed ${formatDate(exit.agreed_last_day)}` : ''}.
        </Text>
        {exit.abilities.withdraw && (
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              loading={withdraw.isPending}
              onClick={() => void onWithdraw()}
            >
              Withdraw resignation
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The employee's exit: the resignation form, its status, and the settlement once agreed. */
export function MyExitScreen() {
  const mine = useMyExit();
  const exit = mine.data ?? null;
  const agreed = exit?.status === 'approved';
  const settlement = useMySettlement(agreed);
  const open = exit && (exit.status === 'pending' || exit.status === 'approved');
  return (
    <Stack>
      <PageHeader
        title="Resignation and settlement"
        description="Resign, follow the approval, and see your full and final settlement."
      />
      {mine.isPending ? (
        <PageLoader label="Loading…" />
      ) : mine.isError ? (
        <LoadError what="your exit" onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {exit && <ExitStatusCard exit={exit} />}
          {!open && <ResignationForm />}
          {agreed &&
            (settlement.data ? (
              <SettlementView settlement={settlement.data} title="Your full and final settlement" />
            ) : settlement.isError ? (
              <Alert color="yellow">{settlement.error.message}</Alert>
            ) : (
              <PageLoader label="Working out the settlement…" />
            ))}
        </>
      )}
    </Stack>
  );
}
