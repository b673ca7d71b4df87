import { PERMISSION_GROUPS, type Role } from '@hr/contract';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { can } from '../../../lib/abilities';
import { confirm } from '../../../lib/confirm';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from '../api/access-api';

const ACTIONS = ['view', 'edit', 'add', 'delete'] as const;
const SECTIONS = [
  ['user', 'Self-service'],
  ['team', 'Team'],
  ['admin', 'Admin'],
] as const;
const label = (area: string) => area.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Areas of a section, in catalogue order, with the actions each has. */
function areasOf(section: keyof typeof PERMISSION_GROUPS) {
  const out = new Map<string, Set<string>>();
  for (const p of PERMISSION_GROUPS[section]) {
    const [area, action] = p.split('.') as [string, string];
    if (!out.has(area)) out.set(area, new Set());
    out.get(area)!.add(action);
  }
  return [...out.entries()];
}

function Matrix({
  value,
  onChange,
  disabled,
}: {
  value: Set<string>;
  onChange: (v: Set<string>) => void;
  disabled: boolean;
}) {
  const toggle = (p: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(p);
    else next.delete(p);
    onChange(next);
  };
  return (
    <Stack>
      {SECTIONS.map(([section, title]) => (
        <div key={section}>
          <Title order={3} size="h5" mb="xs">
            {title}
          </Title>
          {/* On a phone the table scrolls within itself, not the page. */}
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={`${title} permissions`} withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Area</Table.Th>
                  {ACTIONS.map((a) => (
                    <Table.Th key={a} ta="center">
                      {label(a)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {areasOf(section).map(([area, actions]) => (
                  <Table.Tr key={area}>
                    <Table.Td>{label(area)}</Table.Td>
                    {ACTIONS.map((a) => {
                      const p = `${area}.${a}`;
                      return (
                        <Table.Td key={a} ta="center">
                          {actions.has(a) ? (
                            <Checkbox
                              aria-label={`${label(area)}: ${a}`}
                              checked={value.has(p)}
                              onChange={(e) => toggle(p, e.currentTarget.checked)}
                              disabled={disabled}
                              style={{ display: 'inline-block' }}
                            />
                          ) : (
                            <Text c="dimmed" size="xs">
                              —
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      ))}
    </Stack>
  );
}

function RoleEditor({
  role,
  canEdit,
  canDelete,
  onDeleted,
}: {
  role: Role;
  canEdit: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const update = useUpdateRole();
  const del = useDeleteRole();
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description);
  const [perms, setPerms] = useState(new Set(role.permissions));
  useEffect(() => {
    setName(role.name);
    setDescription(role.description);
    setPerms(new Set(role.permissions));
  }, [role]);
  const dirty =
    name !== role.name ||
    description !== role.description ||
    perms.size !== role.permissions.length ||
    role.permissions.some((p) => !perms.has(p));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: role.id, name: name.trim(), description, permissions: [...perms] });
      }}
    >
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h4">
              {role.name}
            </Title>
            {role.is_system && (
              <Badge leftSection={<IconLock size={12} />} variant="light">
                Built-in
              </Badge>
            )}
            <Badge variant="outline">{role.user_count} user(s)</Badge>
          </Group>
          {canDelete && !role.is_system && (
            <Button
              color="red"
              variant="light"
              loading={del.isPending}
              onClick={async () => {
                const ok = await confirm({
                  title: 'Delete role',
                  message:
                    role.user_count > 0
                      ? `${role.name} is held by ${role.user_count} user(s); give them another role first.`
                      : `Delete the role ${role.name}?`,
                  acceptLabel: 'Delete',
                  danger: true,
                });
                if (ok) {
                  await del.mutateAsync(role.id);
                  onDeleted();
                }
              }}
            >
              Delete role
            </Button>
          )}
        </Group>
        <Group grow>
          <TextInput
            label="Role name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={!canEdit}
            required
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            disabled={!canEdit}
          />
        </Group>
        <Matrix value={perms} onChange={setPerms} disabled={!canEdit} />
        {canEdit && (
          <Group justify="flex-end" style={{ position: 'sticky', bottom: 0 }}>
            <Text size="sm" c="dimmed">
              Changes reach users at their next token refresh.
            </Text>
            <Button type="submit" disabled={!dirty} loading={update.isPending}>
              Save {role.name}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function CreateRoleForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const create = useCreateRole();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await create.mutateAsync({
      name: name.trim(),
      description: description.trim(),
      permissions: [],
    });
    onCreated((res.data as unknown as { data: Role }).data.id);
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
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Text size="sm" c="dimmed">
          Tick its permissions in the matrix after creating it.
        </Text>
        <FormActions onCancel={onClose} loading={create.isPending}>
          Create role
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin organisation/permissions: access roles and their permission matrix. */
export function PermissionsScreen() {
  const my = useAppSelector(selectPermissions);
  const roles = useRoles();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = roles.data ?? [];
  const role = useMemo(() => list.find((r) => r.id === selected) ?? list[0], [list, selected]);
  return (
    <>
      <PageHeader
        title="Roles & Permissions"
        description="Access roles and what each may do. Built-in roles cannot be deleted."
        actions={
          my.includes('role_permissions.add') && <Button onClick={() => setCreating(true)}>New role</Button>
        }
      />
      {roles.isPending ? (
        <PageLoader label="Loading roles…" />
      ) : roles.isError ? (
        <Text c="red">Could not load roles: {roles.error.message}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Paper withBorder p="xs" radius="md" component="nav" aria-label="Roles">
            {list.map((r) => (
              <NavLink
                key={r.id}
                label={r.name}
                description={`${r.permissions.length} permission(s) · ${r.user_count} user(s)`}
                active={r.id === role?.id}
                onClick={() => setSelected(r.id)}
                rightSection={r.is_system ? <IconLock size={14} aria-label="Built-in" /> : undefined}
              />
            ))}
          </Paper>
          <Paper withBorder p="md" radius="md" style={{ gridColumn: 'span 3' }}>
            {role ? (
              <RoleEditor
                role={role}
                canEdit={can(role, 'edit')}
                canDelete={can(role, 'delete')}
                onDeleted={() => setSelected(null)}
              />
            ) : (
              <Text c="dimmed">No roles yet.</Text>
            )}
          </Paper>
        </SimpleGrid>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New role">
        {creating && <CreateRoleForm onClose={() => setCreating(false)} onCreated={setSelected} />}
      </Modal>
    </>
  );
}
