import type { ProofStatus, TaxDeclaration, TaxDeclarationItem } from '@hr/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatPaise } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toasts';
import { downloadProof, useReviewProof, useSendProof } from '../api/tax-api';

const STATUS: Record<ProofStatus, { words: string; color: string }> = {
  none: { words: 'No proof yet', color: 'gray' },
  pending: { words: 'Awaiting review', color: 'yellow' },
  verified: { words: 'Verified', color: 'green' },
  rejected: { words: 'Rejected', color: 'red' },
};

export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return (
    <Badge variant="light" color={STATUS[status].color}>
      {STATUS[status].words}
    </Badge>
  );
}

/** The server's words; for a refused field its own message (never the field's name). */
const errorWords = (e: unknown) =>
  e instanceof ApiError
    ? e.errors.map((x) => x.message).join('; ') || e.message
    : 'Something went wrong: try again in a moment.';
const fieldError = (e: unknown, field: string) =>
  e instanceof ApiError ? e.errors.find((x) => x.path === field)?.message : undefined;

/** Status, the amount verified and the reviewer's reason, in words. */
function Review({ item }: { item: TaxDeclarationItem }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <ProofStatusBadge status={item.proof_status} />
        {item.proof_status === 'verified' && item.verified_paise !== null && (
          <Text size="sm">{formatPaise(item.verified_paise)} verified</Text>
        )}
      </Group>
      {item.review_reason && (
        <Text size="sm" data-testid="proof-reason">
          Reason: {item.review_reason}
        </Text>
      )}
      {item.reviewed_at && (
        <Text size="xs" c="dimmed">
          By {item.reviewed_by_name ?? 'an administrator'} on {formatDateTime(item.reviewed_at)}
        </Text>
      )}
    </Stack>
  );
}

function Files({ item, own }: { item: TaxDeclarationItem; own: boolean }) {
  if (item.proofs.length === 0) return null;
  return (
    <Group gap="xs">
      {item.proofs.map((p) => (
        <Anchor
          key={p.id}
          component="button"
          type="button"
          size="sm"
          onClick={() => void downloadProof(p.id, p.file_name, own)}
        >
          {p.file_name}
        </Anchor>
      ))}
    </Group>
  );
}

function SendProof({ item, employeeId }: { item: TaxDeclarationItem; employeeId: string }) {
  const send = useSendProof(employeeId);
  const [file, setFile] = useState<File | null>(null);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <FileInput
        label={`Proof of ${item.label}`}
        // A description, not a placeholder: Mantine's placeholder grey is below AA contrast.
        description="PDF, PNG or JPEG"
        accept="application/pdf,image/png,image/jpeg"
        value={file}
        onChange={setFile}
        clearable
        error={send.isError ? errorWords(send.error) : undefined}
        w={260}
      />
      <Button
        variant="light"
        disabled={!file}
        loading={send.isPending}
        onClick={() =>
          file &&
          send.mutate(
            { itemId: item.id, label: item.label, file },
            {
              onSuccess: () => {
                setFile(null);
                toastSuccess('Proof sent');
              },
            },
          )
        }
      >
        Send proof
      </Button>
    </Group>
  );
}

/** The employee's proofs: per item its status and reason, and a file to send in the proof window. */
export function MyProofs({ d }: { d: TaxDeclaration }) {
  const claims = d.items.filter((i) => i.needs_proof);
  if (d.status !== 'submitted' || claims.length === 0) return null;
  return (
    <section aria-labelledby="proofs-title">
      <Card withBorder padding="md">
        <Title order={2} size="h3" id="proofs-title" mb="xs">
          Proofs
        </Title>
        <Text size="sm" mb="sm" data-testid="proof-window-message">
          {d.proof_window_message}. After the proof window closes, your TDS uses only the amounts verified.
        </Text>
        <Stack gap="md">
          {claims.map((item) => (
            <Stack key={item.id} gap={6} data-testid="proof-item">
              <Text fw={500}>
                {item.label}: {formatPaise(item.amount_paise)}
              </Text>
              <Review item={item} />
              <Files item={item} own />
              {d.abilities.send_proofs && item.proof_status !== 'verified' && (
                <SendProof item={item} employeeId={d.employee_id} />
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
    </section>
  );
}

function Decide({ item, employeeName }: { item: TaxDeclarationItem; employeeName: string }) {
  const review = useReviewProof();
  const [amount, setAmount] = useState<number | string>(item.amount_paise / 100);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonError = fieldError(review.error, 'reason');
  const error = review.isError && !reasonError ? errorWords(review.error) : null;
  const done = (what: string) => () => toastSuccess(`${what}: ${item.label} of ${employeeName}`);
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          label={`Amount verified for ${item.label}`}
          value={amount}
          onChange={setAmount}
          min={0}
          max={item.amount_paise / 100}
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          prefix="₹"
          w={200}
        />
        <Button
          loading={review.isPending && review.variables?.body.decision === 'verify'}
          onClick={() =>
            review.mutate(
              {
                itemId: item.id,
                body: { decision: 'verify', verified_paise: Math.round(Number(amount || 0) * 100) },
              },
              { onSuccess: done('Proof verified') },
            )
          }
        >
          Verify
        </Button>
        {!rejecting && (
          <Button variant="light" color="red" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        )}
      </Group>
      {rejecting && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Textarea
            label={`Why is the proof of ${item.label} rejected?`}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            error={reasonError}
            rows={2}
            w={320}
          />
          <Button
            color="red"
            loading={review.isPending && review.variables?.body.decision === 'reject'}
            onClick={() =>
              review.mutate(
                { itemId: item.id, body: { decision: 'reject', reason } },
                { onSuccess: done('Proof rejected') },
              )
            }
          >
            Reject proof
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** The administrator's review of an employee's proofs: Verify or Reject (with a reason) per item. */
export function ReviewProofs({ d }: { d: TaxDeclaration }) {
  const claims = d.items.filter((i) => i.needs_proof);
  if (claims.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="review-title">
      <Title order={2} size="h3" id="review-title" mb="xs">
        Proofs
      </Title>
      <Text size="sm" mb="sm">
        {d.proof_window_message}.
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table aria-label={`Proofs of ${d.employee_name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Declared</Table.Th>
              <Table.Th>Proof</Table.Th>
              <Table.Th>Review</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claims.map((item) => (
              <Table.Tr key={item.id} data-testid="review-item">
                <Table.Td>{item.label}</Table.Td>
                <Table.Td>{formatPaise(item.amount_paise)}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Files item={item} own={false} />
                    <Review item={item} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {item.proof_status === 'pending' ? (
                    <Decide item={item} employeeName={d.employee_name} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {item.proof_status === 'none' ? 'Nothing to review yet' : 'Decided'}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
