import { EDUCATION_TYPES, type EmployeeProfile, RELATIONS } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ApiError, apiClient } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { enumLabel, enumOptions } from '../../../lib/labels';
import { toastSuccess } from '../../../lib/toasts';
import { EmployeeDocuments } from '../../files/components/employee-documents';
import { ProfilePhoto } from '../../files/components/profile-photo';
import { type ChildKind, useChildren, useRemoveChild, useSaveChild } from '../api/employee-records-api';

export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** Personal, job, statutory IDs and bank: read-only; sensitive ones masked unless revealed. */
export function ProfileDetails({ p, revealAction }: { p: EmployeeProfile; revealAction?: ReactNode }) {
  return (
    <Stack gap="lg">
      <Section title="Personal">
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Field label="Name" value={[p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ')} />
          <Field label="Official email" value={p.email} />
          <Field label="Personal email" value={p.personal_email} />
          <Field label="Phone" value={p.phone} />
          <Field label="Date of birth" value={formatDate(p.date_of_birth)} />
          <Field label="Gender" value={enumLabel(p.gender)} />
          <Field label="Blood group" value={p.blood_group} />
          <Field label="Marital status" value={enumLabel(p.marital_status)} />
          <Field label="Nationality" value={p.nationality} />
        </SimpleGrid>
      </Section>
      <Section title="Job">
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Field label="Employee code" value={p.employee_code} />
          <Field label="Designation" value={p.designation} />
          <Field label="Status" value={<Badge variant="light">{enumLabel(p.status)}</Badge>} />
          <Field label="Date of joining" value={formatDate(p.date_of_joining)} />
          <Field label="Exit date" value={formatDate(p.exit_date)} />
          <Field label="Employment type" value={enumLabel(p.employment_type)} />
          <Field label="Division / unit" value={[p.division_name, p.unit_name].filter(Boolean).join(' / ')} />
          <Field label="Manager" value={p.manager_name ? `${p.manager_name} (${p.manager_code})` : null} />
          <Field label="Work location" value={p.work_location} />
          <Field label="Role" value={p.role_name} />
        </SimpleGrid>
      </Section>
      <Section title="Statutory IDs and bank" actions={revealAction}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Field label="PAN" value={p.pan} />
          <Field label="Aadhaar" value={p.aadhaar} />
          <Field label="UAN" value={p.uan} />
          <Field label="ESI number" value={p.esi_number} />
          <Field label="Bank" value={[p.bank_name, p.bank_branch].filter(Boolean).join(', ')} />
          <Field label="Bank account number" value={p.bank_account} />
          <Field label="Bank IFSC" value={p.bank_ifsc} />
          <Field label="Account holder" value={p.bank_holder_name} />
          <Field label="Tax regime" value={enumLabel(p.tax_regime)} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

export function AddressList({ p }: { p: EmployeeProfile }) {
  if (p.addresses.length === 0) return <Text c="dimmed">No addresses recorded.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {p.addresses.map((a) => (
        <Paper withBorder p="md" key={a.id}>
          <Text fw={600}>{enumLabel(a.kind)} address</Text>
          <Text size="sm">{[a.line1, a.line2].filter(Boolean).join(', ')}</Text>
          <Text size="sm">
            {a.city}, {a.state} {a.postal_code}, {a.country}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type FieldDef = {
  key: string;
  label: string;
  required?: boolean;
  kind?: 'number' | 'select' | 'date';
  options?: readonly string[];
};
const CHILD_FIELDS: Record<ChildKind, FieldDef[]> = {
  experience: [
    { key: 'company_name', label: 'Company', required: true },
    { key: 'designation', label: 'Designation', required: true },
    { key: 'start_date', label: 'Start date', required: true, kind: 'date' },
    { key: 'end_date', label: 'End date', kind: 'date' },
    { key: 'location', label: 'Location' },
  ],
  education: [
    {
      key: 'education_type',
      label: 'Type',
      required: true,
      kind: 'select',
      options: [...EDUCATION_TYPES],
    },
    { key: 'institution', label: 'Institution', required: true },
    { key: 'degree', label: 'Degree' },
    { key: 'field_of_study', label: 'Field of study' },
    { key: 'year_of_passing', label: 'Year of passing', kind: 'number' },
    { key: 'score', label: 'Score' },
  ],
  family: [
    { key: 'name', label: 'Name', required: true },
    { key: 'relation', label: 'Relation', required: true, kind: 'select', options: RELATIONS },
    { key: 'date_of_birth', label: 'Date of birth', kind: 'date' },
    { key: 'occupation', label: 'Occupation' },
    { key: 'phone', label: 'Phone' },
    { key: 'nominee_share', label: 'Nominee share (%)', kind: 'number' },
  ],
};
/** A cell of a child row: dates as "23 Nov 2026", enum values as words. */
function cellText(f: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (f.kind === 'date') return formatDate(String(value));
  if (f.kind === 'select') return enumLabel(String(value));
  return String(value);
}

const TITLES: Record<ChildKind, string> = {
  experience: 'Experience',
  education: 'Education',
  family: 'Family members',
};

/** Experience, education or family of one employee: a table, and add/edit/remove when allowed. */
export function ChildSection({
  kind,
  employeeId,
  editable,
}: {
  kind: ChildKind;
  employeeId: string;
  editable: boolean;
}) {
  const list = useChildren(kind, employeeId);
  const save = useSaveChild(kind, employeeId);
  const remove = useRemoveChild(kind, employeeId);
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = CHILD_FIELDS[kind];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const found: Record<string, string> = {};
    for (const f of fields)
      if (f.required && !String(editing[f.key] ?? '').trim()) found[f.key] = 'This field is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: Record<string, unknown> = {};
    for (const f of fields) {
      const v = editing[f.key];
      body[f.key] = v === '' || v === undefined ? null : v;
    }
    try {
      await save.mutateAsync({ id: editing.id as string | undefined, body });
      toastSuccess(editing.id ? 'Updated' : 'Added');
      setEditing(null);
    } catch (err) {
      if (err instanceof ApiError) setErrors({ _: err.message, ...serverFieldErrors(err.errors) });
    }
  };
  const onRemove = async (row: { id: string }) => {
    if (
      !(await confirm({
        title: `Remove ${TITLES[kind].toLowerCase()} entry`,
        message: 'Remove this entry?',
        danger: true,
        acceptLabel: 'Remove',
      }))
    )
      return;
    await remove.mutateAsync(row.id);
    toastSuccess('Removed');
  };

  const rows = (list.data ?? []) as unknown as Record<string, unknown>[];
  return (
    <Section
      title={TITLES[kind]}
      actions={
        editable && (
          <Button
            size="xs"
            onClick={() => {
              setErrors({});
              setEditing({});
            }}
          >
            Add
          </Button>
        )
      }
    >
      {list.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : list.isError ? (
        <Alert color="red">Could not load {TITLES[kind].toLowerCase()}.</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">Nothing recorded yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label={TITLES[kind]}>
            <Table.Thead>
              <Table.Tr>
                {fields.map((f) => (
                  <Table.Th key={f.key} scope="col">
                    {f.label}
                  </Table.Th>
                ))}
                {editable && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={String(r.id)}>
                  {fields.map((f) => (
                    <Table.Td key={f.key}>{cellText(f, r[f.key])}</Table.Td>
                  ))}
                  {editable && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => {
                            setErrors({});
                            setEditing({ ...r });
                          }}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void onRemove(r as { id: string })}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={`${editing?.id ? 'Edit' : 'Add'} ${TITLES[kind].toLowerCase()}`}
      >
        {editing && (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              {errors._ && <Alert color="red">{errors._}</Alert>}
              {fields.map((f) =>
                f.kind === 'select' ? (
                  <Select
                    key={f.key}
                    label={f.label}
                    withAsterisk={f.required}
                    data={enumOptions(f.options ?? [])}
                    value={(editing[f.key] as string) ?? null}
                    onChange={(v) => setEditing((e) => ({ ...e, [f.key]: v }))}
                    error={errors[f.key]}
                  />
                ) : f.kind === 'date' ? (
                  <DateField
                    key={f.key}
                    label={f.label}
                    withAsterisk={f.required}
                    value={(editing[f.key] as string) ?? ''}
                    onChange={(v) => setEditing((e) => ({ ...e, [f.key]: v }))}
                    error={errors[f.key]}
                  />
                ) : f.kind === 'number' ? (
                  <NumberInput
                    key={f.key}
                    label={f.label}
                    value={(editing[f.key] as number) ?? ''}
                    onChange={(v) => setEditing((e) => ({ ...e, [f.key]: v === '' ? null : Number(v) }))}
                    error={errors[f.key]}
                  />
                ) : (
                  <TextInput
                    key={f.key}
                    label={f.label}
                    withAsterisk={f.required}
                    value={(editing[f.key] as string) ?? ''}
                    onChange={(ev) => {
                      const value = ev.currentTarget.value;
                      setEditing((e) => ({ ...e, [f.key]: value }));
                    }}
                    error={errors[f.key]}
                  />
                ),
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Section>
  );
}

/** Assets held: the organisation module's assignment list, if it is there. */
export function AssetsTab({ employeeId, self }: { employeeId: string; self: boolean }) {
  const q = useQuery({
    queryKey: ['employees', 'assets', employeeId, self],
    queryFn: async () =>
      (
        await apiClient.get<{
          data: {
            id: string;
            asset_code: string;
            asset_name: string;
            issued_on: string;
            returned_on: string | null;
          }[];
        }>(self ? '/asset-assignment/mine' : '/asset-assignment', {
          params: self ? { records: 100 } : { employee_id: employeeId, records: 100 },
          silent: true,
        })
      ).data.data,
    retry: false,
  });
  if (q.isPending) return <Text c="dimmed">Loading…</Text>;
  if (q.isError) return <Text c="dimmed">Assets are managed under Organisation → Assign assets.</Text>;
  if (q.data.length === 0) return <Text c="dimmed">No assets issued.</Text>;
  return (
    <Table striped aria-label="Assets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Code</Table.Th>
          <Table.Th scope="col">Asset</Table.Th>
          <Table.Th scope="col">Issued</Table.Th>
          <Table.Th scope="col">Returned</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{a.asset_code}</Table.Td>
            <Table.Td>{a.asset_name}</Table.Td>
            <Table.Td>{formatDate(a.issued_on)}</Table.Td>
            <Table.Td>{a.returned_on ? formatDate(a.returned_on) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The tabs of an employee record, for the admin page and the self-service profile. */
export function EmployeeTabs({
  p,
  editableChildren,
  profileExtra,
  revealAction,
  addressesEditor,
  salaryPanel,
  self = false,
}: {
  p: EmployeeProfile;
  editableChildren: boolean;
  profileExtra?: ReactNode;
  revealAction?: ReactNode;
  /** Replaces the read-only address list (the employee's own form, or an administrator's). */
  addressesEditor?: ReactNode;
  /** The payroll module's salary section, for those who may see it. */
  salaryPanel?: ReactNode;
  /** The signed-in employee's own record (self-service calls for photo and assets). */
  self?: boolean;
}) {
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="profile">Profile</Tabs.Tab>
        <Tabs.Tab value="experience">Experience</Tabs.Tab>
        <Tabs.Tab value="education">Education</Tabs.Tab>
        <Tabs.Tab value="family">Family</Tabs.Tab>
        <Tabs.Tab value="addresses">Addresses</Tabs.Tab>
        <Tabs.Tab value="assets">Assets</Tabs.Tab>
        <Tabs.Tab value="documents">Documents</Tabs.Tab>
        <Tabs.Tab value="salary">Salary</Tabs.Tab>
        <Tabs.Tab value="leave">Leave</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <Stack gap="lg">
          <ProfilePhoto
            employeeId={p.id}
            name={p.employee_name}
            hasPhoto={!!p.profile_image}
            canEdit={editableChildren}
            self={self}
          />
          {profileExtra}
          <ProfileDetails p={p} revealAction={revealAction} />
        </Stack>
      </Tabs.Panel>
      {(['experience', 'education', 'family'] as const).map((k) => (
        <Tabs.Panel value={k} key={k}>
          <ChildSection kind={k} employeeId={p.id} editable={editableChildren} />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="addresses">{addressesEditor ?? <AddressList p={p} />}</Tabs.Panel>
      <Tabs.Panel value="assets">
        <AssetsTab employeeId={p.id} self={self} />
      </Tabs.Panel>
      <Tabs.Panel value="documents">
        <EmployeeDocuments employeeId={p.id} canEdit={editableChildren} />
      </Tabs.Panel>
      <Tabs.Panel value="salary">
        {salaryPanel ?? <Text c="dimmed">Salary details come with payroll.</Text>}
      </Tabs.Panel>
      <Tabs.Panel value="leave">
        <Text c="dimmed">Leave balances and history come with leave management.</Text>
      </Tabs.Panel>
    </Tabs>
  );
}
