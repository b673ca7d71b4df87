import type { Division } from '@hr/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconUserMinus, IconUsersPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { ListState } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { RowActions } from '../../../components/ui/row-actions';
import { SearchBar } from '../../../components/ui/search-bar';
import { can } from '../../../lib/abilities';
import { confirm } from '../../../lib/confirm';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import {
  useDeleteDivision,
  useDeleteUnit,
  useDivisions,
  useEmployeeOptions,
  useMoveEmployees,
  useRemoveFromUnit,
  useSaveDivision,
  useSaveUnit,
  useUnitMembers,
} from '../api/org-api';

type NameDialog =
  | { kind: 'division'; division?: Division }
  | { kind: 'unit'; division: Division; unit?: { id: string; name: string } }
  | null;

function NameForm({ dialog, onClose }: { dialog: NonNullable<NameDialog>; onClose: () => void }) {
  const saveDivision = useSaveDivision();
  const saveUnit = useSaveUnit();
  const initial = dialog.kind === 'division' ? dialog.division?.name : dialog.unit?.name;
  const [name, setName] = useState(initial ?? '');
  const [description, setDescription] = useState(
    dialog.kind === 'division' ? (dialog.division?.description ?? '') : '',
  );
  const [error, setError] = useState<string | null>(null);
  const pending = saveDivision.isPending || saveUnit.isPending;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name');
    try {
      if (dialog.kind === 'division')
        await saveDivision.mutateAsync({ id: dialog.division?.id, name: name.trim(), description });
      else
        await saveUnit.mutateAsync({
          divisionId: dialog.division.id,
          unitId: dialog.unit?.id,
          name: name.trim(),
        });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={dialog.kind === 'division' ? 'Division name' : 'Unit name'}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          required
          data-autofocus
        />
        {dialog.kind === 'division' && (
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        )}
        <FormActions onCancel={onClose} loading={pending}>
          Save
        </FormActions>
      </Stack>
    </form>
  );
}

function UnitMembers({
  division,
  unit,
  canEdit,
}: {
  division: Division;
  unit: { id: string; name: string };
  canEdit: boolean;
}) {
  const members = useUnitMembers(unit.id);
  const options = useEmployeeOptions();
  const move = useMoveEmployees();
  const remove = useRemoveFromUnit();
  const [chosen, setChosen] = useState<string[]>([]);
  const inUnit = new Set((members.data ?? []).map((m) => m.id));
  return (
    <Stack>
      {canEdit && (
        <Group align="flex-end">
          <MultiSelect
            label="Employees to move into this unit"
            placeholder={options.isPending ? 'Loading employees…' : 'Search by name'}
            data={(options.data ?? []).filter((o) => !inUnit.has(o.value))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            nothingFoundMessage="No employee matches"
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconUsersPlus size={16} aria-hidden="true" />}
            disabled={chosen.length === 0}
            loading={move.isPending}
            onClick={async () => {
              await move.mutateAsync({ divisionId: division.id, unitId: unit.id, employeeIds: chosen });
              setChosen([]);
            }}
          >
            Move into {unit.name}
          </Button>
        </Group>
      )}
      <ListState query={members} what="employees in this unit" empty={(members.data ?? []).length === 0}>
        {/* On a phone the table scrolls within itself, not the page. */}
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={`Employees in ${unit.name}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Designation</Table.Th>
                {canEdit && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(members.data ?? []).map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.employee_code}</Table.Td>
                  <Table.Td>{m.employee_name}</Table.Td>
                  <Table.Td>{m.designation ?? '—'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Tooltip label="Remove from unit">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${m.employee_name} from ${unit.name}`}
                          onClick={async () => {
                            const ok = await confirm({
                              title: 'Remove from unit',
                              message: `Remove ${m.employee_name} from ${unit.name}? They will have no unit until moved again.`,
                              acceptLabel: 'Remove',
                              danger: true,
                            });
                            if (ok)
                              remove.mutate({ divisionId: division.id, unitId: unit.id, employeeId: m.id });
                          }}
                        >
                          <IconUserMinus size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
    </Stack>
  );
}

/** Admin organisation/divisions: divisions with their units; create, rename, delete; move employees. */
export function DivisionsScreen() {
  const perms = useAppSelector(selectPermissions);
  const canAdd = perms.includes('division.add');
  const [params, setParams] = useState({ page: 1, records: 10, search: '' });
  const [search, setSearch] = useState('');
  const query = useDivisions({ ...params, search: params.search || undefined });
  const delDivision = useDeleteDivision();
  const delUnit = useDeleteUnit();
  const [dialog, setDialog] = useState<NameDialog>(null);
  const [open, setOpen] = useState<{ division: Division; unit: { id: string; name: string } } | null>(null);
  const items = query.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Divisions"
        description="Divisions and their units. A division or unit can be deleted once nobody is in it."
        actions={canAdd && <Button onClick={() => setDialog({ kind: 'division' })}>New division</Button>}
      />
      <SearchBar
        label="Search divisions"
        fieldLabel="Search divisions and units"
        value={search}
        onChange={setSearch}
        onSearch={() => setParams((p) => ({ ...p, page: 1, search: search.trim() }))}
      />
      <ListState query={query} what="divisions" empty={items.length === 0}>
        <Stack>
          {items.map((d) => (
            <Paper
              key={d.id}
              withBorder
              p="md"
              radius="md"
              aria-label={`Division ${d.name}`}
              component="section"
            >
              <Group justify="space-between" mb="xs">
                <div>
                  <Title order={2} size="h4">
                    {d.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {d.description || 'No description'} · {d.employee_count} employee(s)
                  </Text>
                </div>
                <RowActions
                  edit={
                    can(d, 'edit') && {
                      label: `Rename ${d.name}`,
                      onClick: () => setDialog({ kind: 'division', division: d }),
                    }
                  }
                  remove={
                    can(d, 'delete') && {
                      label: `Delete ${d.name}`,
                      title: 'Delete division',
                      message: `Delete ${d.name} and its ${d.units.length} unit(s)? This cannot be undone.`,
                      onConfirm: () => delDivision.mutate(d.id),
                    }
                  }
                >
                  {canAdd && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setDialog({ kind: 'unit', division: d })}
                    >
                      Add unit to {d.name}
                    </Button>
                  )}
                </RowActions>
              </Group>
              {d.units.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No units yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table aria-label={`Units of ${d.name}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Unit</Table.Th>
                        <Table.Th>Employees</Table.Th>
                        <Table.Th>Actions</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.units.map((u) => (
                        <Table.Tr key={u.id}>
                          <Table.Td>{u.name}</Table.Td>
                          <Table.Td>
                            <Badge variant="light">{u.employee_count}</Badge>
                          </Table.Td>
                          <Table.Td>
                            <RowActions
                              edit={
                                can(d, 'edit') && {
                                  label: `Rename unit ${u.name}`,
                                  onClick: () => setDialog({ kind: 'unit', division: d, unit: u }),
                                }
                              }
                              remove={
                                can(d, 'delete') && {
                                  label: `Delete unit ${u.name}`,
                                  title: 'Delete unit',
                                  message: `Delete the unit ${u.name} of ${d.name}?`,
                                  onConfirm: () => delUnit.mutate({ divisionId: d.id, unitId: u.id }),
                                }
                              }
                            >
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() => setOpen({ division: d, unit: u })}
                              >
                                Employees of {u.name}
                              </Button>
                            </RowActions>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          ))}
          <Pager
            total={query.data?.meta.totalCount ?? 0}
            page={params.page}
            records={params.records}
            noun="divisions"
            onPage={(page) => setParams((p) => ({ ...p, page }))}
          />
        </Stack>
      </ListState>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'division'
            ? dialog.division
              ? `Rename ${dialog.division.name}`
              : 'New division'
            : dialog?.unit
              ? `Rename unit ${dialog.unit.name}`
              : `New unit in ${dialog?.division.name ?? ''}`
        }
      >
        {dialog && <NameForm dialog={dialog} onClose={() => setDialog(null)} />}
      </Modal>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open ? `${open.division.name} / ${open.unit.name}` : ''}
      >
        {open && (
          <UnitMembers division={open.division} unit={open.unit} canEdit={can(open.division, 'edit')} />
        )}
      </Modal>
    </>
  );
}
