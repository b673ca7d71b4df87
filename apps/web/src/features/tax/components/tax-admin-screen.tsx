import {
  DECLARATION_STATUSES,
  type TaxDeclarationListQuery,
  TaxDeclarationListQuerySchema,
  type TaxDeclarationRow,
  TaxWindowBodySchema,
} from '@hr/contract';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  apiParams,
  type Column,
  DataTable,
  FilterSelect,
  ListSearch,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { formErrors, useFormErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime, formatPaise, todayIn } from '../../../lib/format';
import { enumOptions } from '../../../lib/labels';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { toastSuccess } from '../../../lib/toasts';
import { useEmployeeDeclaration, useSetTaxWindow, useTaxDeclarations, useTaxWindow } from '../api/tax-api';
import { ReviewProofs } from './proof-items';

/** The financial year of a date: '2026-27' for 1 Apr 2026 to 31 Mar 2027. */
export function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const WINDOW_FIELDS = ['opens_on', 'closes_on', 'proof_opens_on', 'proof_closes_on'] as const;

function WindowForm({ fy }: { fy: string }) {
  const current = useTaxWindow(fy);
  const setWindow = useSetTaxWindow(fy);
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const [w, setW] = useState({ opens_on: '', closes_on: '', proof_opens_on: '', proof_closes_on: '' });
  useEffect(() => {
    const c = current.data;
    if (c)
      setW({
        opens_on: c.opens_on,
        closes_on: c.closes_on,
        proof_opens_on: c.proof_opens_on ?? '',
        proof_closes_on: c.proof_closes_on ?? '',
      });
  }, [current.data]);
  const errs = useFormErrors(WINDOW_FIELDS);
  const body = () => ({
    opens_on: w.opens_on,
    closes_on: w.closes_on,
    proof_opens_on: w.proof_opens_on || null,
    proof_closes_on: w.proof_closes_on || null,
  });
  const onSave = async () => {
    if (!errs.set(formErrors(TaxWindowBodySchema, body()))) return;
    try {
      await setWindow.mutateAsync(body());
      toastSuccess(`Declaration window for ${fy} saved`);
    } catch (e) {
      errs.fromServer(e);
    }
  };
  const field = (k: (typeof WINDOW_FIELDS)[number], label: string, required = false) => (
    <DateField
      label={label}
      value={w[k]}
      required={required}
      disabled={!canEdit}
      // The optional proof dates show a clear button once set: it needs a name of its own.
      clearButtonProps={{ 'aria-label': `Clear the ${label.toLowerCase()}` }}
      onChange={(v) => {
        setW((prev) => ({ ...prev, [k]: v }));
        errs.clear(k);
      }}
      error={errs.of(k)}
    />
  );
  return (
    <Card withBorder padding="md" mb="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Declaration window for {fy}
        </Title>
        {!current.isLoading && !current.data && (
          <Text size="sm" c="dimmed">
            Not set yet: employees cannot declare for {fy} until it is.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {field('opens_on', 'Declarations open on', true)}
          {field('closes_on', 'Declarations close on', true)}
          {field('proof_opens_on', 'Proofs open on')}
          {field('proof_closes_on', 'Proofs close on')}
        </SimpleGrid>
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        <Group justify="flex-end">
          <SubmitButton
            blockedBy={
              !canEdit
                ? 'Changing the window needs the admin dashboard edit permission'
                : !w.opens_on || !w.closes_on
                  ? 'Choose the opening and closing dates'
                  : errs.has
                    ? 'Correct the highlighted fields'
                    : null
            }
            loading={setWindow.isPending}
            onClick={() => void onSave()}
          >
            Save window
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

const LIST = specFromContract<TaxDeclarationListQuery['sortBy'], 'search' | 'status' | 'regime'>(
  TaxDeclarationListQuerySchema,
  { filters: ['search', 'status', 'regime'] },
);
const STATUS_WORDS = { not_started: 'Not started', draft: 'Draft', submitted: 'Submitted' } as const;

const YES_NO = (b: boolean) => (b ? ' (senior citizen)' : '');

/** One employee's declaration, read only: every item declared with its amount. */
function EmployeeDeclaration({ employeeId, fy }: { employeeId: string; fy: string }) {
  const q = useEmployeeDeclaration(employeeId, fy);
  const d = q.data;
  const back = (
    <Anchor component={Link} to="/payroll/tax/declarations" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        All declarations
      </Group>
    </Anchor>
  );
  if (q.isError && !d) {
    return (
      <>
        <PageHeader title="Tax declaration" actions={back} />
        {q.error instanceof ApiError && q.error.status === 404 ? (
          <Text>This employee was not found.</Text>
        ) : (
          <LoadError what="the declaration" message={q.error?.message ?? ''} onRetry={q.refetch} />
        )}
      </>
    );
  }
  if (!d) return <PageLoader label="Loading the declaration…" />;
  const rows: [string, string][] = [
    ['Status', STATUS_WORDS[d.status]],
    ['Regime', d.regime === 'new' ? 'New regime' : 'Old regime'],
    ['Submitted', d.submitted_at ? formatDateTime(d.submitted_at) : ''],
    ...d.section_80c.map((i): [string, string] => [`80C: ${i.label}`, formatPaise(i.amount_paise)]),
    ['Own NPS, 80CCD(1B)', formatPaise(d.nps_80ccd1b_paise)],
    [`Health insurance, self and family${YES_NO(d.self_senior)}`, formatPaise(d.health_self_paise)],
    [`Health insurance, parents${YES_NO(d.parents_senior)}`, formatPaise(d.health_parents_paise)],
    [
      'Rent (HRA)',
      d.rent
        ? `${formatPaise(d.rent.monthly_rent_paise)} a month for ${d.rent.months} month(s) in ${d.rent.city}; landlord ${d.rent.landlord_name}${d.rent.landlord_pan ? `, PAN ${d.rent.landlord_pan}` : ''}`
        : 'None',
    ],
    ['Home-loan interest, s.24(b)', formatPaise(d.home_loan_interest_paise)],
    ['Leave travel (LTA)', formatPaise(d.lta_paise)],
    ['Other income', formatPaise(d.other_income_paise)],
    [
      'Previous employer (Form 12B)',
      d.previous_employer
        ? `${d.previous_employer.employer_name}: salary ${formatPaise(d.previous_employer.salary_paise)}, TDS ${formatPaise(d.previous_employer.tds_paise)}`
        : 'None',
    ],
  ];
  return (
    <>
      <PageHeader
        title={`Tax declaration of ${d.employee_name}`}
        description={`Financial year ${fy}`}
        actions={back}
      />
      <Card withBorder padding="md">
        <Table aria-label={`Declaration of ${d.employee_name}`}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <ReviewProofs d={d} />
    </>
  );
}

/** payroll/tax/declarations: the year's window and every employee's declaration; one from `?employee=`. */
export function TaxDeclarationsAdminScreen() {
  const fy = financialYearOf(todayIn());
  const [search] = useSearchParams();
  const employeeId = search.get('employee');
  return employeeId ? <EmployeeDeclaration employeeId={employeeId} fy={fy} /> : <DeclarationList fy={fy} />;
}

function DeclarationList({ fy }: { fy: string }) {
  const list = useListParams(LIST);
  const query = useTaxDeclarations({ ...apiParams(list.params), financial_year: fy } as Parameters<
    typeof useTaxDeclarations
  >[0]);
  const columns: Column<TaxDeclarationRow, TaxDeclarationListQuery['sortBy']>[] = [
    { key: 'employee_code', label: 'Code', sort: 'employee_code', cell: (r) => r.employee_code },
    {
      key: 'employee_name',
      label: 'Employee',
      sort: 'employee_name',
      cell: (r) => (
        <Anchor component={Link} to={`?employee=${r.employee_id}`} fw={500}>
          {r.employee_name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      cell: (r) => (
        <Badge variant="light" color={r.status === 'submitted' ? 'green' : 'gray'}>
          {STATUS_WORDS[r.status]}
        </Badge>
      ),
    },
    {
      key: 'regime',
      label: 'Regime',
      cell: (r) => (r.regime ? `${r.regime === 'new' ? 'New' : 'Old'}` : ''),
    },
    { key: 'declared', label: 'Declared (old regime)', cell: (r) => formatPaise(r.declared_paise) },
    {
      key: 'submitted_at',
      label: 'Submitted',
      sort: 'submitted_at',
      cell: (r) => (r.submitted_at ? formatDateTime(r.submitted_at) : ''),
    },
  ];
  return (
    <>
      <PageHeader
        title="Tax declarations"
        description={`Employees' tax regime and declarations for ${fy} (today ${formatDate(todayIn())}). The pay run uses submitted declarations.`}
      />
      <WindowForm fy={fy} />
      <ListSearch
        list={list}
        field="search"
        label="Search declarations"
        fieldLabel="Search"
        placeholder="Employee name or code"
      >
        <FilterSelect
          list={list}
          field="status"
          label="Status"
          data={enumOptions(DECLARATION_STATUSES)}
          w={150}
        />
        <FilterSelect
          list={list}
          field="regime"
          label="Regime"
          data={enumOptions(['new', 'old'] as const)}
          w={120}
        />
      </ListSearch>
      <DataTable
        label={`Tax declarations for ${fy}`}
        noun="employees"
        columns={columns}
        rowKey={(r) => r.employee_id}
        query={query}
        list={list}
        minWidth={640}
        emptyText="No employees match."
      />
    </>
  );
}
