import {
  ASSET_CONDITIONS,
  type Asset,
  AssetBodySchema,
  type AssetCondition,
  type AssetListQuery,
  AssetListQuerySchema,
} from '@hr/contract';
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { formErrors, maxLengthOf, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatPaise } from '../../../lib/format';
import { enumLabel, enumOptions } from '../../../lib/labels';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useAssets, useDeleteAsset, useSaveAsset } from '../api/org-api';

export const CONDITION_OPTIONS = enumOptions(ASSET_CONDITIONS);
export const CONDITION_COLOR: Record<AssetCondition, string> = {
  new: 'teal',
  good: 'green',
  fair: 'yellow',
  damaged: 'orange',
  lost: 'red',
  retired: 'gray',
};
const SHAPE = AssetBodySchema.shape as unknown as Record<string, unknown>;

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f) => (v: string) => setF((s) => ({ ...s, [k]: v }));
  const text = (k: 'code' | 'name' | 'category' | 'serial_number', label: string, required = false) => (
    <TextInput
      label={label}
      value={f[k]}
      onChange={(e) => set(k)(e.currentTarget.value)}
      withAsterisk={required}
      maxLength={maxLengthOf(SHAPE, k)}
      error={errors[k]}
      data-autofocus={k === 'code' || undefined}
    />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      code: f.code.trim(),
      name: f.name.trim(),
      category: f.category.trim(),
      serial_number: f.serial_number.trim() || null,
      purchase_date: f.purchase_date || null,
      cost_paise: f.cost === '' ? null : Math.round(Number(f.cost) * 100),
      condition: f.condition,
    };
    const found = formErrors(AssetBodySchema, body);
    if (found.cost_paise) found.cost = found.cost_paise;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: asset?.id, ...body });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group grow>
          {text('code', 'Asset code', true)}
          {text('category', 'Category', true)}
        </Group>
        {text('name', 'Name', true)}
        <Group grow>
          {text('serial_number', 'Serial number')}
          <DateField
            label="Purchase date"
            value={f.purchase_date}
            onChange={set('purchase_date')}
            error={errors.purchase_date}
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
            error={errors.cost}
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

const ASSET_LIST = specFromContract<AssetListQuery['sortBy'], 'search' | 'condition'>(AssetListQuerySchema, {
  filters: ['search', 'condition'],
});

/** Admin organisation/manage-assets: the asset catalogue. */
export function ManageAssetsScreen() {
  const perms = useAppSelector(selectPermissions);
  const list = useListParams(ASSET_LIST);
  const query = useAssets({ ...list.params, condition: list.params.condition as AssetCondition | undefined });
  const del = useDeleteAsset();
  const [dialog, setDialog] = useState<{ asset?: Asset } | null>(null);
  const columns: Column<Asset, AssetListQuery['sortBy']>[] = [
    { key: 'code', label: 'Code', sort: 'code', cell: (a) => a.code },
    { key: 'name', label: 'Name', sort: 'name', cell: (a) => a.name },
    { key: 'category', label: 'Category', sort: 'category', cell: (a) => a.category },
    {
      key: 'purchased',
      label: 'Purchased',
      sort: 'purchase_date',
      cell: (a) => (a.purchase_date ? formatDate(a.purchase_date) : '—'),
    },
    { key: 'cost', label: 'Cost', cell: (a) => (a.cost_paise == null ? '—' : formatPaise(a.cost_paise)) },
    {
      key: 'condition',
      label: 'Condition',
      cell: (a) => (
        <Badge variant="light" color={CONDITION_COLOR[a.condition]}>
          {enumLabel(a.condition)}
        </Badge>
      ),
    },
    { key: 'holder', label: 'Held by', cell: (a) => a.holder_name ?? 'Available' },
    {
      key: 'actions',
      label: 'Actions',
      cell: (a) => (
        <RowActions
          edit={can(a, 'edit') && { label: `Edit ${a.code}`, onClick: () => setDialog({ asset: a }) }}
          remove={
            can(a, 'delete') && {
              label: `Delete ${a.code}`,
              title: 'Delete asset',
              message: `Delete ${a.code} (${a.name})?`,
              onConfirm: () => del.mutate(a.id),
            }
          }
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Manage assets"
        description="The company's asset catalogue. An asset that was ever issued cannot be deleted; mark it retired."
        actions={
          perms.includes('manage_assets.add') && <Button onClick={() => setDialog({})}>New asset</Button>
        }
      />
      <ListSearch list={list} field="search" label="Search assets" fieldLabel="Search code, name or serial">
        <FilterSelect list={list} field="condition" label="Condition" data={CONDITION_OPTIONS} />
      </ListSearch>
      <DataTable
        label="Assets"
        noun="assets"
        columns={columns}
        rowKey={(a) => a.id}
        query={query}
        list={list}
        minWidth={900}
        emptyText={list.params.search ? `No assets match “${list.params.search}”.` : undefined}
      />
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
