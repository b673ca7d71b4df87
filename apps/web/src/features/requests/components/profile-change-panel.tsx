import {
  PROFILE_CHANGE_FIELDS,
  PROFILE_CHANGE_LABELS,
  type ProfileChangeField,
  ProfileChangeRequestInputSchema,
} from '@hr/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useCancelProfileChange,
  useMyProfileChanges,
  useRequestProfileChange,
} from '../api/use-profile-changes';
import { ChangesTable, DecisionHistory, NextApprovers, StatusBadge } from './request-parts';

type Values = Record<ProfileChangeField | 'reason', string>;
const EMPTY: Values = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  bank_name: '',
  bank_ifsc: '',
  bank_account_number: '',
  bank_holder_name: '',
  pan: '',
  aadhaar: '',
  reason: '',
};

const HINTS: Partial<Record<ProfileChangeField, string>> = {
  bank_ifsc: 'e.g. HDFC0001234',
  pan: 'e.g. ABCDE1234F',
  aadhaar: '12 digits',
  bank_account_number: '6 to 18 digits',
};

/**
 * Self-service profile changes that need approval (name, date of birth, bank details, PAN,
 * Aadhaar): the request form, my pending request with who approves next, and my history.
 * Mounted on the user profile screen.
 */
export function ProfileChangePanel() {
  const timeZone = useCompanyTimeZone();
  const mine = useMyProfileChanges();
  const submit = useRequestProfileChange();
  const cancel = useCancelProfileChange();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const requests = mine.data ?? [];
  const pending = requests.find((r) => r.status === 'pending') ?? null;
  const past = requests.filter((r) => r.status !== 'pending');

  const set = (k: keyof Values) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: v }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const changes: Record<string, string> = {};
    for (const f of PROFILE_CHANGE_FIELDS) if (values[f].trim()) changes[f] = values[f].trim();
    const parsed = ProfileChangeRequestInputSchema.safeParse({ changes, reason: values.reason });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.length > 1 ? String(issue.path[1]) : String(issue.path[0] ?? 'changes');
        next[key] ??= issue.message;
      }
      setErrors(next);
      if (next.changes) setFormError('Fill in at least one field to change.');
      return;
    }
    setErrors({});
    try {
      await submit.mutateAsync(parsed.data);
      setValues(EMPTY);
      toastSuccess('Change requested');
    } catch (err) {
      if (err instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const e of err.errors) next[e.path.replace(/^changes\./, '')] = e.message;
        setErrors(next);
        setFormError(err.message);
      } else setFormError('Could not send the request');
    }
  };

  const onCancel = async (id: string) => {
    const ok = await confirm({
      title: 'Cancel this request?',
      message: 'Your profile stays as it is. You can send a new request afterwards.',
      acceptLabel: 'Cancel request',
      rejectLabel: 'Keep it',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await cancel.mutateAsync(id);
    toastSuccess('Request cancelled');
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Profile change requests
      </Title>
      {mine.isPending ? (
        <PageLoader label="Loading your requests…" />
      ) : mine.isError ? (
        <Alert color="red" title="Could not load your requests">
          <Button size="xs" variant="default" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : pending ? (
        <Card withBorder radius="md" aria-label="Pending request">
          <Group justify="space-between" mb="xs">
            <Group gap="xs">
              <Text fw={600}>Requested {formatDateTime(pending.created_at, timeZone)}</Text>
              <StatusBadge status={pending.status} />
            </Group>
            <Button color="red" variant="light" size="xs" onClick={() => void onCancel(pending.id)}>
              Cancel request
            </Button>
          </Group>
          <ChangesTable changes={pending.changes} label="Requested changes" />
          <Stack gap={4} mt="xs">
            <NextApprovers approval={pending.approval} />
            <DecisionHistory approval={pending.approval} timeZone={timeZone} />
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md">
          <form onSubmit={(e) => void onSubmit(e)} aria-label="Request a profile change" noValidate>
            <Text size="sm" c="dimmed" mb="sm">
              These details change only after approval. Fill in just what should change.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PROFILE_CHANGE_FIELDS.map((f) => (
                <TextInput
                  key={f}
                  label={PROFILE_CHANGE_LABELS[f]}
                  type={f === 'date_of_birth' ? 'date' : 'text'}
                  placeholder={HINTS[f]}
                  value={values[f]}
                  onChange={set(f)}
                  error={errors[f]}
                  autoComplete="off"
                />
              ))}
            </SimpleGrid>
            <Textarea
              mt="sm"
              label="Reason"
              required
              value={values.reason}
              onChange={set('reason')}
              error={errors.reason}
              rows={2}
            />
            {formError && (
              <Alert color="red" mt="sm" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end" mt="md">
              <Button type="submit" loading={submit.isPending}>
                Request change
              </Button>
            </Group>
          </form>
        </Card>
      )}
      {past.length > 0 && (
        <Stack gap="sm" aria-label="Request history">
          <Title order={3} size="h5">
            History
          </Title>
          {past.map((r) => (
            <Card key={r.id} withBorder radius="md">
              <Group gap="xs" mb="xs">
                <Text size="sm" fw={600}>
                  {formatDateTime(r.created_at, timeZone)}
                </Text>
                <StatusBadge status={r.status} />
                {r.applied_at && (
                  <Text size="sm" c="dimmed">
                    applied {formatDateTime(r.applied_at, timeZone)}
                  </Text>
                )}
              </Group>
              <ChangesTable changes={r.changes} label="Changes" />
              <DecisionHistory approval={r.approval} timeZone={timeZone} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
