import {
  EMPLOYMENT_TYPES,
  type EmployeeCreate,
  type EmployeeProfile,
  type EmployeeUpdate,
  GENDERS,
} from '@hr/contract';
import { Alert, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toasts';
import {
  useCreateEmployee,
  useEmployeeDropdown,
  useUnitOptions,
  useUpdateEmployee,
} from '../api/employee-records-api';

type Values = Record<string, string>;
const FIELDS = [
  'employee_code',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'personal_email',
  'phone',
  'designation',
  'date_of_joining',
  'date_of_birth',
  'gender',
  'employment_type',
  'division_unit_id',
  'manager_id',
  'work_location',
  'pan',
  'aadhaar',
  'uan',
  'bank_name',
  'bank_branch',
  'bank_account',
  'bank_ifsc',
  'bank_holder_name',
] as const;
const SENSITIVE = new Set(['pan', 'aadhaar', 'bank_account']);

const label = (v: string) => v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Client-side checks mirroring the API's (the server still validates and names fields). */
export function validateEmployee(v: Values, isNew: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.first_name?.trim()) e.first_name = 'First name is required';
  if (!v.email?.trim()) e.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = 'Enter a valid email address';
  if (v.personal_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.personal_email))
    e.personal_email = 'Enter a valid email address';
  if (!v.date_of_joining) e.date_of_joining = 'Date of joining is required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date_of_joining)) e.date_of_joining = 'Use YYYY-MM-DD';
  if (v.date_of_birth && !/^\d{4}-\d{2}-\d{2}$/.test(v.date_of_birth)) e.date_of_birth = 'Use YYYY-MM-DD';
  if (v.phone && !/^\+?[0-9][0-9 -]{6,17}$/.test(v.phone)) e.phone = 'Enter a valid phone number';
  if (v.employee_code && !/^[A-Za-z0-9_-]{1,32}$/.test(v.employee_code))
    e.employee_code = 'Letters, digits, - and _ only';
  if (v.pan && !/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v.pan.toUpperCase())) e.pan = 'PAN looks like ABCDE1234F';
  if (v.aadhaar && !/^[0-9]{12}$/.test(v.aadhaar.replace(/\s/g, ''))) e.aadhaar = 'Aadhaar is 12 digits';
  if (v.uan && !/^[0-9]{12}$/.test(v.uan)) e.uan = 'UAN is 12 digits';
  if (v.bank_account && !/^[0-9]{6,18}$/.test(v.bank_account))
    e.bank_account = 'Account number is 6 to 18 digits';
  if (v.bank_ifsc && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(v.bank_ifsc.toUpperCase()))
    e.bank_ifsc = 'IFSC looks like HDFC0001234';
  if (!isNew && v.employee_code === '') e.employee_code = 'Employee code is required';
  return e;
}

function initialValues(p?: EmployeeProfile): Values {
  const v: Values = {};
  for (const f of FIELDS) {
    const raw = p ? (p as unknown as Record<string, unknown>)[f] : undefined;
    v[f] = SENSITIVE.has(f) || raw === null || raw === undefined ? '' : String(raw);
  }
  if (!p) v.employment_type = 'full_time';
  return v;
}

/** Add or edit an employee in a modal. PAN, Aadhaar and account are only sent when typed anew. */
export function EmployeeFormModal({
  opened,
  onClose,
  employee,
}: {
  opened: boolean;
  onClose: () => void;
  employee?: EmployeeProfile;
}) {
  const isNew = !employee;
  const [values, setValues] = useState<Values>(() => initialValues(employee));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [managerSearch, setManagerSearch] = useState('');
  const create = useCreateEmployee();
  const update = useUpdateEmployee(employee?.id ?? '');
  const units = useUnitOptions();
  const managers = useEmployeeDropdown(managerSearch);
  const managerOptions = [
    ...(employee?.manager_id && employee.manager_name
      ? [{ value: employee.manager_id, label: `${employee.manager_name} (${employee.manager_code ?? ''})` }]
      : []),
    ...(managers.data ?? [])
      .filter((m) => m.id !== employee?.id && m.id !== employee?.manager_id)
      .map((m) => ({ value: m.id, label: `${m.name} (${m.employee_code})` })),
  ];

  const set = (k: string) => (value: string | null) => setValues((v) => ({ ...v, [k]: value ?? '' }));
  const input = (
    k: (typeof FIELDS)[number],
    extra: { required?: boolean; placeholder?: string; type?: string } = {},
  ) => (
    <TextInput
      label={label(k)}
      name={k}
      value={values[k]}
      onChange={(e) => set(k)(e.currentTarget.value)}
      error={errors[k]}
      withAsterisk={extra.required}
      placeholder={extra.placeholder}
      type={extra.type}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateEmployee(values, isNew);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, unknown> = {};
    for (const f of FIELDS) {
      const raw = values[f]?.trim() ?? '';
      if (
        SENSITIVE.has(f) ||
        ['employee_code', 'first_name', 'email', 'date_of_joining', 'employment_type'].includes(f)
      ) {
        if (raw) body[f] = f === 'pan' || f === 'bank_ifsc' ? raw.toUpperCase() : raw;
      } else if (raw) body[f] = f === 'bank_ifsc' ? raw.toUpperCase() : raw;
      else if (!isNew) body[f] = null;
    }
    try {
      if (isNew) {
        const created = await create.mutateAsync(body as EmployeeCreate);
        toastSuccess(
          `Employee ${created.employee_code} added${created.invited ? '; an invitation to set a password was emailed' : ''}`,
        );
      } else {
        await update.mutateAsync(body as EmployeeUpdate);
        toastSuccess('Employee updated');
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const server: Record<string, string> = {};
        for (const e of err.errors) server[e.path] = e.message;
        setErrors(server);
        setFormError(err.message);
      } else setFormError('Could not save the employee');
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isNew ? 'Add employee' : `Edit ${employee.employee_name}`}
      size="xl"
    >
      <form onSubmit={onSubmit} noValidate aria-label={isNew ? 'Add employee' : 'Edit employee'}>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Title order={3} size="h5">
            Personal
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input('first_name', { required: true })}
            {input('middle_name')}
            {input('last_name')}
            {input('email', { required: true, type: 'email' })}
            {input('personal_email', { type: 'email' })}
            {input('phone')}
            {input('date_of_birth', { placeholder: 'YYYY-MM-DD' })}
            <Select
              label="Gender"
              data={GENDERS.map((g) => ({ value: g, label: label(g) }))}
              value={values.gender || null}
              onChange={set('gender')}
              clearable
              error={errors.gender}
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            Job
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input('employee_code', { placeholder: isNew ? 'Generated when empty' : undefined })}
            {input('designation')}
            {input('date_of_joining', { required: true, placeholder: 'YYYY-MM-DD' })}
            <Select
              label="Employment type"
              data={EMPLOYMENT_TYPES.map((g) => ({ value: g, label: label(g) }))}
              value={values.employment_type || null}
              onChange={set('employment_type')}
              allowDeselect={false}
            />
            <Select
              label="Division / unit"
              data={units.data ?? []}
              value={values.division_unit_id || null}
              onChange={set('division_unit_id')}
              clearable
              searchable
              error={errors.division_unit_id}
            />
            <Select
              label="Manager"
              data={managerOptions}
              value={values.manager_id || null}
              onChange={set('manager_id')}
              onSearchChange={setManagerSearch}
              searchValue={managerSearch}
              clearable
              searchable
              error={errors.manager_id}
            />
            {input('work_location')}
          </SimpleGrid>
          <Title order={3} size="h5">
            Statutory IDs and bank
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input('pan', { placeholder: employee?.pan ?? 'ABCDE1234F' })}
            {input('aadhaar', { placeholder: employee?.aadhaar ?? '12 digits' })}
            {input('uan')}
            {input('bank_name')}
            {input('bank_branch')}
            {input('bank_account', { placeholder: employee?.bank_account ?? undefined })}
            {input('bank_ifsc')}
            {input('bank_holder_name')}
          </SimpleGrid>
          <FormActions onCancel={onClose} loading={busy}>
            {isNew ? 'Add employee' : 'Save changes'}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
