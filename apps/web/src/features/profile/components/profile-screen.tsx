import { BLOOD_GROUPS, type EmployeeProfile, MARITAL_STATUSES, type SelfProfileUpdate } from '@hr/contract';
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
import { signOut } from '../../../lib/session';
import { selectRole, selectUser, useAppSelector } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { changePassword } from '../../auth/api/auth-api';
import { validateNewPassword } from '../../auth/password-rule';
import { validateConfirmation, validateRequired } from '../../auth/validation';
import { useEmployeeProfile, useUpdateOwnProfile } from '../../employees/api/employee-records-api';
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
              addressesEditor={<AddressesForm p={profile.data} />}
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
    const found: Record<string, string> = {};
    if (phone && !/^\+?[0-9][0-9 -]{6,17}$/.test(phone)) found.phone = 'Enter a valid phone number';
    if (personalEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(personalEmail))
      found.personal_email = 'Enter a valid email address';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({
        phone: phone || null,
        personal_email: personalEmail || null,
        blood_group: (bloodGroup || null) as SelfProfileUpdate['blood_group'],
        marital_status: (marital || null) as SelfProfileUpdate['marital_status'],
      });
      toastSuccess('Profile updated');
    } catch (err) {
      if (err instanceof ApiError) {
        const server: Record<string, string> = {};
        for (const e of err.errors) server[e.path] = e.message;
        setErrors(server);
      }
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
        />
        <TextInput
          label="Personal email"
          type="email"
          value={personalEmail}
          onChange={(e) => setPersonalEmail(e.currentTarget.value)}
          error={errors.personal_email}
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
          data={MARITAL_STATUSES.map((m) => ({ value: m, label: m }))}
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

type AddressDraft = {
  kind: 'present' | 'permanent';
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

function AddressesForm({ p }: { p: EmployeeProfile }) {
  const draftOf = (kind: AddressDraft['kind']): AddressDraft => {
    const a = p.addresses.find((x) => x.kind === kind);
    return {
      kind,
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      postal_code: a?.postal_code ?? '',
      country: a?.country ?? 'India',
    };
  };
  const [drafts, setDrafts] = useState<AddressDraft[]>([draftOf('present'), draftOf('permanent')]);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateOwnProfile();
  const set = (i: number, k: keyof AddressDraft, v: string) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = drafts.filter((d) => d.line1 || d.city || d.state || d.postal_code);
    const incomplete = filled.find((d) => !d.line1 || !d.city || !d.state || !d.postal_code);
    if (incomplete) {
      setError(`The ${incomplete.kind} address needs line 1, city, state and postal code`);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ addresses: filled.map((d) => ({ ...d, line2: d.line2 || null })) });
      toastSuccess('Addresses saved');
    } catch (err) {
      if (err instanceof ApiError)
        setError(err.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || err.message);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Addresses">
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {drafts.map((d, i) => (
            <Paper withBorder p="md" key={d.kind}>
              <Title order={3} size="h5" mb="sm" tt="capitalize">
                {d.kind} address
              </Title>
              <Stack gap="xs">
                <TextInput
                  label={`${d.kind} address line 1`}
                  value={d.line1}
                  onChange={(e) => set(i, 'line1', e.currentTarget.value)}
                />
                <TextInput
                  label={`${d.kind} address line 2`}
                  value={d.line2}
                  onChange={(e) => set(i, 'line2', e.currentTarget.value)}
                />
                <TextInput
                  label={`${d.kind} city`}
                  value={d.city}
                  onChange={(e) => set(i, 'city', e.currentTarget.value)}
                />
                <TextInput
                  label={`${d.kind} state`}
                  value={d.state}
                  onChange={(e) => set(i, 'state', e.currentTarget.value)}
                />
                <TextInput
                  label={`${d.kind} postal code`}
                  value={d.postal_code}
                  onChange={(e) => set(i, 'postal_code', e.currentTarget.value)}
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save addresses
          </Button>
        </Group>
      </Stack>
    </form>
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
