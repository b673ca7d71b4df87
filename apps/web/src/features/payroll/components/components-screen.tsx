import type { Benefit, Deduction, Earning } from '@hr/contract';
import { Badge, Button, Group, Switch, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import {
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  useListParams,
} from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { RowActions } from '../../../components/ui/row-actions';
import { enumLabel } from '../../../lib/labels';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import {
  useBenefitStatus,
  useBenefits,
  useDeductionStatus,
  useDeductions,
  useDeleteBenefit,
  useDeleteDeduction,
  useDeleteEarning,
  useEarningStatus,
  useEarnings,
} from '../api/payroll-api';
import { calculationText } from './payroll-format';

const BASE = '/payroll/settings/components';
const LIST = {
  sortFields: ['name'] as const,
  defaultSort: 'name' as const,
  filters: ['search', 'active'] as const,
};
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

function useListParamsFor() {
  const list = useListParams(LIST);
  const { page, records, search, active } = list.params;
  return { list, params: { page, records, search, active } };
}

function EarningsTab({ canEdit }: { canEdit: boolean }) {
  const navigate = useNavigate();
  const { list, params } = useListParamsFor();
  const query = useEarnings(params);
  const status = useEarningStatus();
  const del = useDeleteEarning();
  const columns: Column<Earning, 'name'>[] = [
    { key: 'name', label: 'Name', cell: (e) => e.name },
    { key: 'type', label: 'Earning type', cell: (e) => enumLabel(e.earning_type) },
    { key: 'calc', label: 'Calculation', cell: (e) => calculationText(e) },
    {
      key: 'flags',
      label: 'Counts for',
      cell: (e) => (
        <Group gap={4}>
          {e.taxable && <Badge variant="light">Taxable</Badge>}
          {e.epf_wage && <Badge variant="light">EPF</Badge>}
          {e.esi_wage && <Badge variant="light">ESI</Badge>}
          {e.prorated && (
            <Badge variant="light" color="gray">
              Pro-rated
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'active',
      label: 'Status',
      cell: (e) => (
        <Switch
          checked={e.active}
          disabled={!canEdit || status.isPending}
          aria-label={`${e.name} active`}
          label={e.active ? 'Active' : 'Inactive'}
          onChange={(ev) => status.mutate({ id: e.id, active: ev.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (e) => (
        <RowActions
          edit={canEdit && { label: `Edit ${e.name}`, onClick: () => navigate(`${BASE}/earning/${e.id}`) }}
          remove={
            canEdit &&
            e.template_count === 0 && {
              label: `Delete ${e.name}`,
              title: 'Delete earning',
              message: `Delete the earning "${e.name}"?`,
              onConfirm: () => del.mutate(e.id),
            }
          }
        />
      ),
    },
  ];
  return (
    <>
      <Group justify="space-between" my="md">
        <ListSearch list={list} field="search" label="Search earnings" fieldLabel="Search earnings by name">
          <FilterSelect list={list} field="active" label="Status" data={ACTIVE_OPTIONS} />
        </ListSearch>
        {canEdit && <Button onClick={() => navigate(`${BASE}/earning/new`)}>Add earning</Button>}
      </Group>
      <DataTable
        label="Earnings"
        noun="earnings"
        columns={columns}
        rowKey={(e) => e.id}
        query={query}
        list={list}
        minWidth={880}
      />
    </>
  );
}

/** The few pre-tax benefits, unpaged, with the list's loading, error and empty states. */
function BenefitsTable({
  query,
  columns,
}: {
  query: ReturnType<typeof useBenefits>;
  columns: Column<Benefit, 'name'>[];
}) {
  if (query.isLoading) return <PageLoader label="Loading benefits…" />;
  if (query.error) return <LoadError what="benefits" message={query.error.message} onRetry={query.refetch} />;
  const rows = query.data?.items ?? [];
  if (rows.length === 0) return <EmptyState>No pre-tax benefits yet.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <VisuallyHidden>Pre-tax benefits</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.cell(b)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeductionsTab({ canEdit }: { canEdit: boolean }) {
  const navigate = useNavigate();
  const { list, params } = useListParamsFor();
  const query = useDeductions(params);
  const status = useDeductionStatus();
  const del = useDeleteDeduction();
  const benefitQuery = useBenefits({ page: 1, records: 100 }, canEdit);
  const benefitStatus = useBenefitStatus();
  const delBenefit = useDeleteBenefit();
  const columns: Column<Deduction, 'name'>[] = [
    { key: 'name', label: 'Name', cell: (d) => d.name },
    { key: 'payslip', label: 'Name on payslip', cell: (d) => d.payslip_name },
    { key: 'frequency', label: 'Frequency', cell: (d) => enumLabel(d.frequency) },
    {
      key: 'active',
      label: 'Status',
      cell: (d) => (
        <Switch
          checked={d.active}
          disabled={!canEdit || status.isPending}
          aria-label={`${d.name} active`}
          label={d.active ? 'Active' : 'Inactive'}
          onChange={(ev) => status.mutate({ id: d.id, active: ev.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (d) => (
        <RowActions
          edit={
            canEdit && {
              label: `Edit ${d.name}`,
              onClick: () => navigate(`${BASE}/deductions/post-tax-deductions/${d.id}`),
            }
          }
          remove={
            canEdit && {
              label: `Delete ${d.name}`,
              title: 'Delete deduction',
              message: `Delete the deduction "${d.name}"?`,
              onConfirm: () => del.mutate(d.id),
            }
          }
        />
      ),
    },
  ];
  const benefitColumns: Column<Benefit, 'name'>[] = [
    { key: 'name', label: 'Name', cell: (b) => b.name },
    { key: 'plan', label: 'Plan', cell: (b) => enumLabel(b.benefit_plan) },
    { key: 'exemption', label: 'Exemption section', cell: (b) => b.tax_exemption },
    { key: 'calc', label: 'Calculation', cell: (b) => calculationText(b) },
    {
      key: 'active',
      label: 'Status',
      cell: (b) => (
        <Switch
          checked={b.active}
          disabled={benefitStatus.isPending}
          aria-label={`${b.name} active`}
          label={b.active ? 'Active' : 'Inactive'}
          onChange={(ev) => benefitStatus.mutate({ id: b.id, active: ev.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      cell: (b) => (
        <RowActions
          edit={{
            label: `Edit ${b.name}`,
            onClick: () => navigate(`${BASE}/deductions/pre-tax-deductions/${b.id}`),
          }}
          remove={
            b.template_count === 0 && {
              label: `Delete ${b.name}`,
              title: 'Delete benefit',
              message: `Delete the benefit "${b.name}"?`,
              onConfirm: () => delBenefit.mutate(b.id),
            }
          }
        />
      ),
    },
  ];
  return (
    <>
      <Group justify="space-between" my="md">
        <Title order={2} size="h4">
          Post-tax deductions
        </Title>
        {canEdit && (
          <Button onClick={() => navigate(`${BASE}/deductions/post-tax-deductions/new`)}>
            Add deduction
          </Button>
        )}
      </Group>
      <ListSearch list={list} field="search" label="Search deductions" fieldLabel="Search deductions by name">
        <FilterSelect list={list} field="active" label="Status" data={ACTIVE_OPTIONS} />
      </ListSearch>
      <DataTable
        label="Post-tax deductions"
        noun="deductions"
        columns={columns}
        rowKey={(d) => d.id}
        query={query}
        list={list}
        minWidth={700}
      />
      {canEdit && (
        <>
          <Group justify="space-between" mt="xl" mb="md">
            <Title order={2} size="h4">
              Pre-tax benefits
            </Title>
            <Button onClick={() => navigate(`${BASE}/deductions/pre-tax-deductions/new`)}>Add benefit</Button>
          </Group>
          <BenefitsTable query={benefitQuery} columns={benefitColumns} />
        </>
      )}
    </>
  );
}

/** Payroll settings/components/earnings and /deductions: the company's salary components. */
export function ComponentsScreen() {
  const perms = useAppSelector(selectPermissions);
  const canEdit = perms.includes('admin_dashboard.edit');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.endsWith('/deductions') ? 'deductions' : 'earnings';
  return (
    <>
      <PageHeader
        title="Salary Components"
        description="Earnings, post-tax deductions and pre-tax benefits that salary templates are built from. A component a template uses cannot be deleted; mark it inactive."
      />
      <Tabs value={tab} onChange={(v) => v && navigate(`${BASE}/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="earnings">Earnings</Tabs.Tab>
          <Tabs.Tab value="deductions">Deductions and benefits</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'earnings' ? <EarningsTab canEdit={canEdit} /> : <DeductionsTab canEdit={canEdit} />}
      {!canEdit && (
        <Text size="sm" c="dimmed" mt="md">
          You can view the components; changing them needs the admin dashboard edit permission.
        </Text>
      )}
    </>
  );
}
