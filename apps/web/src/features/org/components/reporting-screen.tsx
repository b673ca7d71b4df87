import type { ReportingRole } from '@hr/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { ListState } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import {
  useDeleteReportingRole,
  useEmployeeOptions,
  useReportingManagers,
  useReportingRoles,
  useSaveReportingManagers,
  useSaveReportingRole,
} from '../api/org-api';

function RoleForm({ role, onClose }: { role?: ReportingRole; onClose: () => void }) {
  const save = useSaveReportingRole();
  const [name, setName] = useState(role?.name ?? '');
  const [priority, setPriority] = useState<number | string>(role?.priority ?? 1);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save.mutateAsync({ id: role?.id, name: name.trim(), priority: Number(priority) });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Role name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-autofocus
        />
        <NumberInput
          label="Priority (1 = first in line)"
          min={1}
          max={99}
          value={priority}
          onChange={setPriority}
          required
        />
        {save.error && (
          <Text c="red" size="sm">
            {save.error.message}
          </Text>
        )}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save
        </FormActions>
      </Stack>
    </form>
  );
}

function ManagersEditor({
  employeeId,
  roles,
  canEdit,
}: {
  employeeId: string;
  roles: ReportingRole[];
  canEdit: boolean;
}) {
  const current = useReportingManagers(employeeId);
  const options = useEmployeeOptions();
  const save = useSaveReportingManagers();
  const resetSave = save.reset;
  const [values, setValues] = useState<Record<string, string | null>>({});
  useEffect(() => {
    if (current.data) {
      setValues(Object.fromEntries(current.data.managers.map((m) => [m.reporting_role_id, m.manager_id])));
      resetSave();
    }
  }, [current.data, resetSave]);
  const data = (options.data ?? []).filter((o) => o.value !== employeeId);
  return (
    <ListState query={current} what="managers" empty={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const managers = roles
            .filter((r) => values[r.id])
            .map((r) => ({ reporting_role_id: r.id, manager_id: values[r.id]! }));
          save.mutate({ employeeId, managers });
        }}
      >
        <Stack>
          {roles.map((r) => (
            <Select
              key={r.id}
              label={`${r.name} (priority ${r.priority})`}
              placeholder="No manager for this role"
              data={data}
              value={values[r.id] ?? null}
              onChange={(v) => setValues((s) => ({ ...s, [r.id]: v }))}
              searchable
              clearable
              disabled={!canEdit}
              nothingFoundMessage="No employee matches"
            />
          ))}
          {save.error && (
            <Alert color="red" title="Not saved">
              {save.error.message}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            The manager of the first role in line is the employee's primary manager ("my team").
          </Text>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save managers
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </ListState>
  );
}

/** Admin organisation/reporting: reporting roles and each employee's manager per role. */
export function ReportingScreen() {
  const perms = useAppSelector(selectPermissions);
  const can = (a: string) => perms.includes(`reporting_structure.${a}`);
  const roles = useReportingRoles();
  const options = useEmployeeOptions();
  const del = useDeleteReportingRole();
  const [dialog, setDialog] = useState<{ role?: ReportingRole } | null>(null);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const list = roles.data ?? [];
  return (
    <>
      <PageHeader
        title="Reporting Structure"
        description="Reporting roles in priority order, and who each employee reports to."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Reporting roles
            </Title>
            {can('add') && (
              <Button size="xs" onClick={() => setDialog({})}>
                New reporting role
              </Button>
            )}
          </Group>
          <ListState query={roles} what="reporting roles" empty={list.length === 0}>
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Reporting roles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Priority</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Assignments</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.priority}</Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.assignment_count}</Table.Td>
                      <Table.Td>
                        <RowActions
                          edit={
                            can('edit') && { label: `Edit ${r.name}`, onClick: () => setDialog({ role: r }) }
                          }
                          remove={
                            can('delete') && {
                              label: `Delete ${r.name}`,
                              title: 'Delete reporting role',
                              message: `Delete ${r.name}? Its ${r.assignment_count} manager assignment(s) go with it.`,
                              onConfirm: () => del.mutate(r.id),
                            }
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListState>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Managers of an employee
          </Title>
          <Select
            label="Employee"
            placeholder={options.isPending ? 'Loading employees…' : 'Search by name'}
            data={options.data ?? []}
            value={employeeId}
            onChange={setEmployeeId}
            searchable
            clearable
            nothingFoundMessage="No employee matches"
            mb="md"
          />
          {employeeId ? (
            <ManagersEditor employeeId={employeeId} roles={list} canEdit={can('edit')} />
          ) : (
            <Text c="dimmed" size="sm">
              Choose an employee to see and change their managers.
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.role ? `Edit ${dialog.role.name}` : 'New reporting role'}
      >
        {dialog && <RoleForm role={dialog.role} onClose={() => setDialog(null)} />}
      </Modal>
    </>
  );
}
