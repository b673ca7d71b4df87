import { Button, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { signOut } from '../../../lib/session';
import { selectRole, selectUser, useAppSelector } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { changePassword } from '../../auth/api/auth-api';
import { validateConfirmation, validateNewPassword, validateRequired } from '../../auth/validation';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** Profile: the stored user data, a way out, and a password change. */
export function ProfileScreen() {
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  return (
    <>
      <PageHeader title="Profile" />
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            Your details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            <Field label="Name" value={user?.employee_name} />
            <Field label="Email" value={user?.email} />
            <Field label="Company" value={user?.company_name} />
            <Field label="Role" value={role} />
            <Field label="Employee code" value={user?.employee_code} />
            <Field label="Time zone" value={user?.time_zone} />
          </SimpleGrid>
        </Paper>
        <ChangePasswordForm />
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Session
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Leave this device signed out.
          </Text>
          <Button variant="default" color="red" onClick={() => void signOut()}>
            Log out of this device
          </Button>
        </Paper>
      </Stack>
    </>
  );
}

type Errors = { current?: string | null; next?: string | null; confirmation?: string | null };

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toastSuccess('Password changed');
      setCurrent('');
      setNext('');
      setConfirmation('');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      current: validateRequired(current, 'Current password'),
      next: validateNewPassword(next),
      confirmation: validateConfirmation(next, confirmation),
    };
    if (!found.next && next === current) found.next = 'Choose a password different from the current one';
    setErrors(found);
    if (found.current || found.next || found.confirmation) return;
    mutation.mutate({ current_password: current, new_password: next });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="change-password-title">
      <Title order={2} size="h4" mb="md" id="change-password-title">
        Change password
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={400}>
          {mutation.error && (
            <Text c="red" size="sm" role="alert">
              {mutation.error.message}
            </Text>
          )}
          <PasswordInput
            label="Current password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current}
            autoComplete="current-password"
            required
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters, with a letter and a digit"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.next}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label="Confirm password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.confirmation}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
