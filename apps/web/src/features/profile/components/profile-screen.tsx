import {
  BLOOD_GROUPS,
  EmployeeCreateSchema,
  type EmployeeProfile,
  MARITAL_STATUSES,
  type SelfProfileUpdate,
  SelfProfileUpdateSchema,
} from '@hr/contract';
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formErrors, maxLengthOf, serverFieldErrors } from '../../../lib/form-errors';
import { enumOptions } from '../../../lib/labels';
import { signOut } from '../../../lib/session';
import { selectRole, selectUser, useAppSelector } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { changePassword } from '../../auth/api/auth-api';
import { validateNewPassword } from '../../auth/password-rule';
import { validateConfirmation, validateRequired } from '../../auth/validation';
import { useEmployeeProfile, useUpdateOwnProfile } from '../../employees/api/employee-records-api';
import { AddressForm } from '../../employees/components/address-form';
import { EmployeeTabs } from '../../employees/components/employee-record-view';
import { ProfileChangePanel } from '../../requests/components/profile-change-panel';

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

const SHAPE = EmployeeCreateSchema.shape as unknown as Record<string, unknown>;

/** Profile: the employee's own record (self-service), the password change and sign-out. */
export function ProfileScreen() {
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const employeeId = user?.employee_id ?? null;
  const profile = useEmployeeProfile(employeeId);
  return (
    <>
      <PageHeader title="Profile" />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            Your details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Field label="Name" value={user?.employee_name} />
            <Field label="Email" value={user?.email} />
            <Field label="Company" value={user?.company_name} />
            <Field label="Role" value={role} />
            <Field label="Employee code" value={user?.employee_code} />
            <Field label="Time zone" value={user?.time_zone} />
          </SimpleGrid>
        </Paper>
        {employeeId &&
          (profile.isPending ? (
            <PageLoader label="Loading your record…" />
          ) : profile.isError ? (
            <Alert color="red" title="Could not load your record">
              {profile.error.message}
            </Alert>
          ) : (
            <EmployeeTabs
              p={profile.data}
              editableChildren
              profileExtra={
                <>
                  <ContactForm p={profile.data} />
                  <Paper withBorder p="lg" radius="md">
                    <Title order={2} size="h4" mb="xs">
                      Changes that need approval
                    </Title>
                    <Text size="sm" c="dimmed" mb="sm">
                      Name, date of birth, PAN, Aadhaar and bank details change through a request your
                      approvers review.
                    </Text>
                    <ProfileChangePanel />
                  </Paper>
                </>
              }
              self
              addressesEditor={<OwnAddresses p={profile.data} />}
            />
          ))}
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

function OwnAddresses({ p }: { p: EmployeeProfile }) {
  const save = useUpdateOwnProfile();
  return <AddressForm p={p} save={(addresses) => save.mutateAsync({ addresses })} saving={save.isPending} />;
}

/** The fields an employee changes directly: phone, personal email, blood group, marital status. */
function ContactForm({ p }: { p: EmployeeProfile }) {
  const [phone, setPhone] = useState(p.phone ?? '');
  const [personalEmail, setPersonalEmail] = useState(p.personal_email ?? '');
  const [bloodGroup, setBloodGroup] = useState<string | null>(p.blood_group);
  const [marital, setMarital] = useState<string | null>(p.marital_status);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateOwnProfile();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      phone: phone.trim() || null,
      personal_email: personalEmail.trim() || null,
      blood_group: (bloodGroup || null) as SelfProfileUpdate['blood_group'],
      marital_status: (marital || null) as SelfProfileUpdate['marital_status'],
    };
    const found = formErrors(SelfProfileUpdateSchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(body);
      toastSuccess('Profile updated');
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact details"
    >
      <Title order={2} size="h4" mb="md">
        Contact and personal details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Phone"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
          maxLength={maxLengthOf(SHAPE, 'phone')}
        />
        <TextInput
          label="Personal email"
          type="email"
          value={personalEmail}
          onChange={(e) => setPersonalEmail(e.currentTarget.value)}
          error={errors.personal_email}
          maxLength={maxLengthOf(SHAPE, 'personal_email')}
        />
        <Select
          label="Blood group"
          data={[...BLOOD_GROUPS]}
          value={bloodGroup}
          onChange={setBloodGroup}
          clearable
        />
        <Select
          label="Marital status"
          data={enumOptions(MARITAL_STATUSES)}
          value={marital}
          onChange={setMarital}
          clearable
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending}>
          Save details
        </Button>
      </Group>
    </Paper>
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
