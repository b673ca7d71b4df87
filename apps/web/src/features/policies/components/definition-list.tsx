import { PolicyListQuerySchema } from '@hr/contract';
import { Button, Group, Modal } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  type Column,
  DataTable,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { can } from '../../../lib/abilities';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { type Kind, type Kinds, useDeletePolicy, usePolicyList } from '../api/policies-api';

const LIST = specFromContract<'name' | 'created_at', 'search'>(PolicyListQuerySchema, {
  filters: ['search'],
});

/**
 * One definition list (attendance policies, shifts, weekly-offs, ...): search, sort, paging, edit
 * and delete (asks first), and the add/edit form in a dialog.
 */
export function DefinitionList<K extends Kind>({
  kind,
  area,
  noun,
  columns,
  form,
  extra,
  plural = `${noun}s`,
}: {
  kind: K;
  area: string;
  noun: string;
  columns: Column<Kinds[K], 'name' | 'created_at'>[];
  form: (row: Kinds[K] | undefined, close: () => void) => ReactNode;
  extra?: (row: Kinds[K]) => ReactNode;
  plural?: string;
}) {
  const perms = useAppSelector(selectPermissions);
  const list = useListParams(LIST);
  const query = usePolicyList(kind, list.params);
  const del = useDeletePolicy(kind);
  const [dialog, setDialog] = useState<{ row?: Kinds[K] } | null>(null);
  const all: Column<Kinds[K], 'name' | 'created_at'>[] = [
    { key: 'name', label: 'Name', sort: 'name', cell: (r) => r.name },
    ...columns,
    {
      key: 'actions',
      label: 'Actions',
      cell: (r) => (
        <RowActions
          edit={can(r, 'edit') && { label: `Edit ${r.name}`, onClick: () => setDialog({ row: r }) }}
          remove={
            can(r, 'delete') && {
              label: `Delete ${r.name}`,
              title: `Delete ${noun}`,
              message: `Delete ${r.name}? This cannot be undone.`,
              onConfirm: () => del.mutate(r.id),
            }
          }
        >
          {extra?.(r)}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm">
        <ListSearch
          list={list}
          field="search"
          label={`Search ${noun}s`}
          fieldLabel={`Search ${noun}s by name`}
        />
        {perms.includes(`${area}.add`) && <Button onClick={() => setDialog({})}>New {noun}</Button>}
      </Group>
      <DataTable
        label={`${plural.charAt(0).toUpperCase()}${plural.slice(1)}`}
        noun={plural}
        columns={all}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        minWidth={720}
        emptyText={list.params.search ? `No ${noun} matches “${list.params.search}”.` : undefined}
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.row ? `Edit ${dialog.row.name}` : `New ${noun}`}
        size="lg"
      >
        {dialog && form(dialog.row, () => setDialog(null))}
      </Modal>
    </>
  );
}
