import {
  EMPLOYMENT_TYPES,
  type EmployeeCreate,
  EmployeeCreateSchema,
  type EmployeeProfile,
  type EmployeeUpdate,
  EmployeeUpdateSchema,
  GENDERS,
} from '@hr/contract';
import { Alert, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { ApiError } from '../../../lib/api-client';
import { formErrors, maxLengthOf, serverFieldErrors } from '../../../lib/form-errors';
import { todayIn } from '../../../lib/format';
import { enumOptions, fieldLabel } from '../../../lib/labels';
import { selectPermissions, useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import {
  useCreateEmployee,
  useEmployeeDropdown,
  useRoleOptions,
  useSetUserRole,
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
type FieldName = (typeof FIELDS)[number];
/** Shown masked; sent only when typed anew. */
const SENSITIVE = new Set<string>(['pan', 'aadhaar', 'bank_account']);
/** Required by the API on create; never cleared on edit. */
const KEPT = new Set<string>(['employee_code', 'first_name', 'email', 'date_of_joining', 'employment_type']);
const UPPER = new Set<string>(['pan', 'bank_ifsc']);
const SHAPE = EmployeeCreateSchema.shape as unknown as Record<string, unknown>;

/** The body the API takes, from the form's text values. */
export function employeeBody(values: Values, isNew: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const raw = values[f]?.trim() ?? '';
    const value = UPPER.has(f) ? raw.toUpperCase() : raw;
    if (raw) body[f] = value;
    else if (!isNew && !SENSITIVE.has(f) && !KEPT.has(f)) body[f] = null;
  }
  return body;
}

/**
 * The contract's checks, in plain words, plus what the form can tell before the server does: a
 * date of birth is not in the future, and an existing employee keeps a code.
 */
export function validateEmployee(values: Values, isNew: boolean, today: string): Record<string, string> {
  const body = employeeBody(values, isNew);
  const errors = formErrors(isNew ? EmployeeCreateSchema : EmployeeUpdateSchema, body);
  if (!errors.date_of_birth && values.date_of_birth && values.date_of_birth > today)
    errors.date_of_birth = 'The date of birth cannot be in the future';
  if (!isNew && !values.employee_code?.trim()) errors.employee_code = 'This field is required';
  return errors;
}

function initialValues(p?: EmployeeProfile): Values {
  const v: Values = {};
  for (const f of FIELDS) {
    const raw = p ? (p as unknown as Record<string, unknown>)[f] : undefined;
    v[f] = SENSITIVE.has(f) || raw === null || raw === undefined ? '' : String(raw);
  }
  if (!p) v.employment_type = 'full_time';
  v.role_id = p?.role_id ?? '';
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
  const timeZone = useCompanyTimeZone();
  const perms = useAppSelector(selectPermissions);
  const [values, setValues] = useState<Values>(() => initialValues(employee));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [managerSearch, setManagerSearch] = useState('');
  const create = useCreateEmployee();
  const update = useUpdateEmployee(employee?.id ?? '');
  const setRole = useSetUserRole();
  const units = useUnitOptions();
  const roles = useRoleOptions();
  const managers = useEmployeeDropdown(managerSearch);
  const managerOptions = [
    ...(employee?.manager_id && employee.manager_name
      ? [{ value: employee.manager_id, label: `${employee.manager_name} (${employee.manager_code ?? ''})` }]
      : []),
    ...(managers.data ?? [])
      .filter((m) => m.id !== employee?.id && m.id !== employee?.manager_id)
      .map((m) => ({ value: m.id, label: `${m.name} (${m.employee_code})` })),
  ];
  // The roles the server lists are those this user may grant; none listed means no role choice.
  // Changing an existing employee's role is role management (its own permission).
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const showRole = roleOptions.length > 0 && (isNew || perms.includes('role_permissions.edit'));

  const set = (k: string) => (value: string | null) => setValues((v) => ({ ...v, [k]: value ?? '' }));
  const input = (
    k: FieldName,
    extra: { required?: boolean; placeholder?: string; type?: string; description?: string } = {},
  ) => (
    <TextInput
      label={fieldLabel(k)}
      name={k}
      value={values[k]}
      onChange={(e) => set(k)(e.currentTarget.value)}
      error={errors[k]}
      withAsterisk={extra.required}
      placeholder={extra.placeholder}
      description={extra.description}
      type={extra.type}
      maxLength={maxLengthOf(SHAPE, k)}
    />
  );
  const date = (k: FieldName, extra: { required?: boolean; maxDate?: string } = {}) => (
    <DateField
      label={fieldLabel(k)}
      name={k}
      value={values[k] ?? ''}
      onChange={set(k)}
      error={errors[k]}
      withAsterisk={extra.required}
      maxDate={extra.maxDate}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateEmployee(values, isNew, todayIn(timeZone));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = employeeBody(values, isNew);
    try {
      if (isNew) {
        if (values.role_id) body.role_id = values.role_id;
        const created = await create.mutateAsync(body as EmployeeCreate);
        toastSuccess(
          `Employee ${created.employee_code} added${created.invited ? '; an invitation to set a password was emailed' : ''}`,
        );
      } else {
        await update.mutateAsync(body as EmployeeUpdate);
        if (showRole && values.role_id && values.role_id !== (employee.role_id ?? ''))
          await setRole.mutateAsync({ employeeId: employee.id, roleId: values.role_id });
        toastSuccess('Employee updated');
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(serverFieldErrors(err.errors));
        setFormError(err.message);
      } else setFormError('Could not save the employee');
    }
  };

  const busy = create.isPending || update.isPending || setRole.isPending;
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
            {date('date_of_birth', { maxDate: todayIn(timeZone) })}
            <Select
              label="Gender"
              data={enumOptions(GENDERS)}
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
            {date('date_of_joining', { required: true })}
            <Select
              label="Employment type"
              data={enumOptions(EMPLOYMENT_TYPES)}
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
            {showRole && (
              <Select
                label="Role"
                description="What they may do in the app"
                placeholder={isNew ? 'Default role' : undefined}
                data={roleOptions}
                value={values.role_id || null}
                onChange={set('role_id')}
                clearable={isNew}
                allowDeselect={isNew}
                error={errors.role_id}
              />
            )}
          </SimpleGrid>
          <Title order={3} size="h5">
            Statutory IDs and bank
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input('pan', { placeholder: employee?.pan ?? 'ABCDE1234F' })}
            {input('aadhaar', { placeholder: employee?.aadhaar ?? '12 digits' })}
            {input('uan', { placeholder: '12 digits' })}
            {input('bank_name')}
            {input('bank_branch')}
            {input('bank_account', { placeholder: employee?.bank_account ?? undefined })}
            {input('bank_ifsc', { placeholder: 'HDFC0001234' })}
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
