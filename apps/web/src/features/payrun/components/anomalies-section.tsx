import type { Anomaly, PayRun } from '@hr/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { errorText, useAcknowledge, useReview } from '../api/payrun-api';
import { ANOMALY_LABELS } from './words';

function AnomalyItem({ run, anomaly }: { run: PayRun; anomaly: Anomaly }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ack = useAcknowledge();
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const who = anomaly.employee_name ? `${anomaly.employee_name} (${anomaly.employee_code})` : 'The run';
  const onAck = () => {
    const text = reason.trim();
    if (text.length < 3) {
      setError('Say why, in a few words');
      return;
    }
    setError(null);
    ack.mutate(
      { id: run.id, body: { ids: [anomaly.id], reason: text } },
      { onError: (e) => setError(errorText(e).details[0] ?? errorText(e).message) },
    );
  };
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color={anomaly.acknowledged_at ? 'gray' : 'orange'}>{ANOMALY_LABELS[anomaly.kind]}</Badge>
        <Text fw={600}>{who}</Text>
      </Group>
      <Text size="sm" mt={4}>
        {anomaly.message}
      </Text>
      {anomaly.acknowledged_at ? (
        <Text size="sm" c="dimmed" mt={4}>
          Acknowledged by {anomaly.acknowledged_by ?? 'an administrator'} on{' '}
          {formatDateTime(anomaly.acknowledged_at)}: “{anomaly.reason}”
        </Text>
      ) : (
        run.status === 'computed' &&
        canEdit && (
          <Group align="flex-end" mt="xs" wrap="wrap">
            <Textarea
              label="Reason"
              description="Why this is right, in words"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={error}
              maxLength={500}
              autosize
              minRows={1}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button onClick={onAck} loading={ack.isPending}>
              Acknowledge
            </Button>
          </Group>
        )
      )}
    </Paper>
  );
}

/** One reason for every open anomaly at once (the API takes many ids), e.g. bank details all changed. */
/** A list of anomalies, each with its acknowledgement. */
function AnomalyList({ run, anomalies, label }: { run: PayRun; anomalies: Anomaly[]; label: string }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {anomalies.map((a) => (
        <AnomalyItem key={a.id} run={run} anomaly={a} />
      ))}
    </Stack>
  );
}

function AcknowledgeAll({ run, ids }: { run: PayRun; ids: string[] }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ack = useAcknowledge();
  const onAck = () => {
    const text = reason.trim();
    if (text.length < 3) {
      setError('Say why, in a few words');
      return;
    }
    setError(null);
    ack.mutate(
      { id: run.id, body: { ids, reason: text } },
      {
        onSuccess: () => setReason(''),
        onError: (e) => setError(errorText(e).details[0] ?? errorText(e).message),
      },
    );
  };
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-label="Acknowledge all open anomalies"
      onSubmit={(e) => {
        e.preventDefault();
        onAck();
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <Textarea
          label="Reason for all open anomalies"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          maxLength={500}
          autosize
          minRows={1}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" variant="default" loading={ack.isPending}>
          Acknowledge all {ids.length} open
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The anomalies of a computed run: each with its kind and message, acknowledged with a reason
 * (one by one, or all open ones with one reason); the acknowledged ones are folded away.
 */
export function AnomaliesSection({ run }: { run: PayRun }) {
  const q = useReview(run.id, { page: 1, records: 10 });
  const [showDone, setShowDone] = useState(false);
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  if (q.isError && !q.data)
    return <LoadError what="the anomalies" message={q.error.message} onRetry={q.refetch} />;
  if (!q.data) return <PageLoader label="Loading the anomalies…" />;
  const list = q.data.anomalies;
  if (list.length === 0) return <Text size="sm">No anomalies found in this run.</Text>;
  const open = list.filter((a) => !a.acknowledged_at);
  const done = list.filter((a) => a.acknowledged_at);
  return (
    <Stack gap="xs">
      <Alert color={open.length ? 'orange' : 'green'} role="status">
        {open.length
          ? `${open.length} of ${list.length} anomal${list.length === 1 ? 'y is' : 'ies are'} not acknowledged yet.`
          : `All ${list.length} anomal${list.length === 1 ? 'y is' : 'ies are'} acknowledged.`}
      </Alert>
      {canEdit && run.status === 'computed' && open.length > 1 && (
        <AcknowledgeAll run={run} ids={open.map((a) => a.id)} />
      )}
      {open.length > 0 && <AnomalyList run={run} anomalies={open} label="Open anomalies" />}
      {done.length > 0 && (
        <>
          <Button
            variant="subtle"
            w="fit-content"
            onClick={() => setShowDone((v) => !v)}
            aria-expanded={showDone}
          >
            {showDone ? 'Hide' : 'Show'} the {done.length} acknowledged
          </Button>
          {showDone && <AnomalyList run={run} anomalies={done} label="Acknowledged anomalies" />}
        </>
      )}
    </Stack>
  );
}
