import type { EmployeeProfile } from '@hr/contract';
import { Alert, Anchor, Badge, Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { can } from '../../../lib/abilities';
import { enumLabel } from '../../../lib/labels';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useEmployeeProfile, useUpdateEmployee } from '../api/employee-records-api';
import { AddressForm } from './address-form';
import { EmployeeFormModal } from './employee-form';
import { EmployeeTabs } from './employee-record-view';

// Loaded only when the Salary tab is opened by someone who may see payroll.
const EmployeeSalarySection = lazy(() =>
  import('../../payroll/components/salary-section').then((m) => ({ default: m.EmployeeSalarySection })),
);

/** admin/employees/:employeeId — the employee's record with tabs; admins reveal masked IDs. */
export function EmployeePageScreen() {
  const { employeeId = '' } = useParams();
  const [reveal, setReveal] = useState(false);
  const [editing, setEditing] = useState(false);
  const seesPayroll = useAppSelector(selectPermissions).includes('admin_dashboard.view');
  const q = useEmployeeProfile(employeeId, reveal);
  if (q.isPending) return <PageLoader label="Loading employee…" />;
  if (q.isError)
    return (
      <Alert color="red" title="Could not load the employee">
        {q.error.message}{' '}
        <Anchor component={Link} to="/admin/employees">
          Back to employees
        </Anchor>
      </Alert>
    );
  const p = q.data;
  const editable = can(p, 'edit');
  return (
    <>
      <PageHeader
        title={p.employee_name}
        description={
          <Group gap="xs">
            <span>
              {p.employee_code} · {p.designation ?? 'No designation'}
            </span>
            <Badge variant="light">{enumLabel(p.status)}</Badge>
          </Group>
        }
        actions={
          <Group>
            <Button variant="default" component={Link} to="/admin/employees">
              Back to list
            </Button>
            {editable && <Button onClick={() => setEditing(true)}>Edit</Button>}
          </Group>
        }
      />
      {editing && <EmployeeFormModal opened onClose={() => setEditing(false)} employee={p} />}
      <EmployeeTabs
        p={p}
        editableChildren={editable}
        addressesEditor={editable ? <AdminAddresses p={p} /> : undefined}
        salaryPanel={
          seesPayroll ? (
            <Suspense fallback={<PageLoader label="Loading salary…" />}>
              <EmployeeSalarySection employeeId={p.id} />
            </Suspense>
          ) : undefined
        }
        revealAction={
          p.can_reveal && (
            <Button size="xs" variant="light" onClick={() => setReveal((r) => !r)}>
              {reveal ? 'Hide' : 'Reveal'}
            </Button>
          )
        }
      />
    </>
  );
}

/** An administrator enters the employee's addresses through the record's update (PUT employee/{id}). */
function AdminAddresses({ p }: { p: EmployeeProfile }) {
  const update = useUpdateEmployee(p.id);
  return (
    <AddressForm p={p} save={(addresses) => update.mutateAsync({ addresses })} saving={update.isPending} />
  );
}
