import { ASSET_CONDITIONS, type Asset, type AssetCondition } from '@hr/contract';
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Table, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DataTableFrame } from '../../../components/ui/data-table-frame';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { SearchBar } from '../../../components/ui/search-bar';
import { formatDate, formatPaise } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useAssets, useDeleteAsset, useSaveAsset } from '../api/org-api';

export const CONDITION_OPTIONS = ASSET_CONDITIONS.map((c) => ({
  value: c,
  label: c[0]!.toUpperCase() + c.slice(1),
}));
export const CONDITION_COLOR: Record<AssetCondition, string> = {
  new: 'teal',
  good: 'green',
  fair: 'yellow',
  damaged: 'orange',
  lost: 'red',
  retired: 'gray',
};

function AssetForm({ asset, onClose }: { asset?: Asset; onClose: () => void }) {
  const save = useSaveAsset();
  const [f, setF] = useState({
    code: asset?.code ?? '',
    name: asset?.name ?? '',
    category: asset?.category ?? '',
    serial_number: asset?.serial_number ?? '',
    purchase_date: asset?.purchase_date ?? '',
    cost: asset?.cost_paise == null ? '' : String(asset.cost_paise / 100),
    condition: (asset?.condition ?? 'good') as AssetCondition,
  });
  const set = (k: keyof typeof f) => (v: string) => setF((s) => ({ ...s, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save.mutateAsync({
      id: asset?.id,
      code: f.code.trim(),
      name: f.name.trim(),
      category: f.category.trim(),
      serial_number: f.serial_number.trim() || null,
      purchase_date: f.purchase_date || null,
      cost_paise: f.cost === '' ? null : Math.round(Number(f.cost) * 100),
      condition: f.condition,
    });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Group grow>
          <TextInput
            label="Asset code"
            value={f.code}
            onChange={(e) => set('code')(e.currentTarget.value)}
            required
            data-autofocus
          />
          <TextInput
            label="Category"
            value={f.category}
            onChange={(e) => set('category')(e.currentTarget.value)}
            required
          />
        </Group>
        <TextInput
          label="Name"
          value={f.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          required
        />
        <Group grow>
          <TextInput
            label="Serial number"
            value={f.serial_number}
            onChange={(e) => set('serial_number')(e.currentTarget.value)}
          />
          <TextInput
            label="Purchase date"
            type="date"
            value={f.purchase_date}
            onChange={(e) => set('purchase_date')(e.currentTarget.value)}
          />
        </Group>
        <Group grow>
          <NumberInput
            label="Cost (₹)"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            value={f.cost}
            onChange={(v) => set('cost')(String(v))}
          />
          <Select
            label="Condition"
            data={CONDITION_OPTIONS}
            value={f.condition}
            onChange={(v) => v && set('condition')(v)}
            allowDeselect={false}
          />
        </Group>
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save asset
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin organisation/manage-assets: the asset catalogue. */
export function ManageAssetsScreen() {
  const perms = useAppSelector(selectPermissions);
  const can = (a: string) => perms.includes(`manage_assets.${a}`);
  const [params, setParams] = useState<{
    page: number;
    records: number;
    search?: string;
    condition?: string;
    category?: string;
  }>({
    page: 1,
    records: 10,
  });
  const [search, setSearch] = useState('');
  const query = useAssets(params);
  const del = useDeleteAsset();
  const [dialog, setDialog] = useState<{ asset?: Asset } | null>(null);
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Manage assets"
        description="The company's asset catalogue. An asset that was ever issued cannot be deleted; mark it retired."
        actions={can('add') && <Button onClick={() => setDialog({})}>New asset</Button>}
      />
      <SearchBar
        label="Search assets"
        fieldLabel="Search code, name or serial"
        value={search}
        onChange={setSearch}
        onSearch={() => setParams((p) => ({ ...p, page: 1, search: search.trim() || undefined }))}
      >
        <Select
          label="Condition"
          placeholder="Any"
          data={CONDITION_OPTIONS}
          value={params.condition ?? null}
          onChange={(v) => setParams((p) => ({ ...p, page: 1, condition: v ?? undefined }))}
          clearable
          w={160}
        />
      </SearchBar>
      <DataTableFrame query={query} what="assets" params={params} setParams={setParams}>
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Assets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Purchased</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>Held by</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.code}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{a.category}</Table.Td>
                  <Table.Td>{a.purchase_date ? formatDate(a.purchase_date) : '—'}</Table.Td>
                  <Table.Td>{a.cost_paise == null ? '—' : formatPaise(a.cost_paise)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={CONDITION_COLOR[a.condition]}>
                      {a.condition}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{a.holder_name ?? 'Available'}</Table.Td>
                  <Table.Td>
                    <RowActions
                      edit={
                        can('edit') && { label: `Edit ${a.code}`, onClick: () => setDialog({ asset: a }) }
                      }
                      remove={
                        can('delete') && {
                          label: `Delete ${a.code}`,
                          title: 'Delete asset',
                          message: `Delete ${a.code} (${a.name})?`,
                          onConfirm: () => del.mutate(a.id),
                        }
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DataTableFrame>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.asset ? `Edit ${dialog.asset.code}` : 'New asset'}
        size="lg"
      >
        {dialog && <AssetForm asset={dialog.asset} onClose={() => setDialog(null)} />}
      </Modal>
    </>
  );
}
