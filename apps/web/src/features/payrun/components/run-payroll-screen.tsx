import { type PayRun, PayRunCreateBodySchema } from '@hr/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { EmptyState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatPaise, MONTH_NAMES, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useCreatePayRun, usePayRun, usePayRuns } from '../api/payrun-api';
import { type RunView, useRunView } from './run-list';
import { PayRunView } from './run-view';
import { PayRunSettingsSection } from './settings-section';
import { monthLabel, runStatusText } from './words';

function CreateRunForm({ view }: { view: RunView }) {
  const today = todayIn();
  const [month, setMonth] = useState(String(Number(today.slice(5, 7))));
  const [year, setYear] = useState(today.slice(0, 4));
  const [payDate, setPayDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePayRun();
  const thisYear = Number(today.slice(0, 4));
  const years = [thisYear - 1, thisYear, thisYear + 1].map(String);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const values = { month: Number(month), year: Number(year), pay_date: payDate };
    const found = formErrors(PayRunCreateBodySchema, values);
    if (!payDate) found.pay_date = 'Choose the pay date';
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(values, {
      onSuccess: (res) => view.setFilters({ run: res.data.id }),
      onError: (err) => {
        if (err instanceof ApiError && err.errors.length) setErrors(serverFieldErrors(err.errors));
        setFailure(err.message);
      },
    });
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Create a pay run"
    >
      <Title order={2} size="h4" mb="sm">
        Create a pay run
      </Title>
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          label="Month"
          data={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          error={errors.month}
        />
        <NativeSelect
          label="Year"
          data={years}
          value={year}
          onChange={(e) => setYear(e.currentTarget.value)}
          error={errors.year}
        />
        <DateField label="Pay date" value={payDate} onChange={setPayDate} error={errors.pay_date} required />
      </Group>
      {failure && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {failure}
        </Text>
      )}
      <Button type="submit" mt="md" loading={create.isPending}>
        Create pay run
      </Button>
    </Paper>
  );
}

function RecentRuns({ view }: { view: RunView }) {
  const q = usePayRuns({ page: 1, records: 12 });
  if (q.isError && !q.data)
    return <LoadError what="pay runs" message={q.error.message} onRetry={q.refetch} />;
  if (!q.data) return <PageLoader label="Loading pay runs…" />;
  const runs = q.data.items;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Recent pay runs">
      <Title order={2} size="h4" mb="sm">
        Recent pay runs
      </Title>
      {runs.length === 0 ? (
        <EmptyState>No pay runs yet: create the first one above.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Recent pay runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">Pay date</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Net pay</Table.Th>
                <Table.Th scope="col">Open</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((r: PayRun) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{monthLabel(r.month)}</Table.Td>
                  <Table.Td>{formatDate(r.pay_date)}</Table.Td>
                  <Table.Td>
                    <Badge color={r.status === 'confirmed' ? 'green' : 'blue'} variant="light">
                      {runStatusText(r)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.totals ? formatPaise(r.totals.net_paise) : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => view.setFilters({ run: r.id })}
                      aria-label={`Open the pay run of ${monthLabel(r.month)}`}
                    >
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function OpenRun({ id, view }: { id: string; view: RunView }) {
  const q = usePayRun(id);
  if (q.isError && !q.data) {
    return (
      <Stack>
        <LoadError what="the pay run" message={q.error.message} onRetry={q.refetch} />
        <Button variant="default" onClick={() => view.setFilters({ run: undefined })} w="fit-content">
          Back to pay runs
        </Button>
      </Stack>
    );
  }
  if (!q.data) return <PageLoader label="Loading the pay run…" />;
  return (
    <Stack>
      <Anchor
        component="button"
        type="button"
        onClick={() => view.setFilters({ run: undefined })}
        w="fit-content"
      >
        ← All pay runs
      </Anchor>
      <PayRunView run={q.data} view={view} />
    </Stack>
  );
}

/** Run Payroll (payroll/payrun): the pay runs, one run's steps, and the pay-run settings. */
export function RunPayrollScreen() {
  const view = useRunView();
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const tab = view.params.tab === 'settings' ? 'settings' : 'runs';
  return (
    <>
      <PageHeader
        title="Run Payroll"
        actions={
          <Group gap="sm">
            <Anchor component={Link} to="/payroll/payrun/history">
              Pay run history
            </Anchor>
            <Anchor component={Link} to="/payroll/payrun/payable-days">
              Payable days
            </Anchor>
          </Group>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => view.setFilters({ tab: v === 'settings' ? 'settings' : undefined })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="runs">Pay runs</Tabs.Tab>
          <Tabs.Tab value="settings">Settings and opening figures</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs">
          {view.params.run ? (
            <OpenRun id={view.params.run} view={view} />
          ) : (
            <Stack>
              {canEdit && <CreateRunForm view={view} />}
              <RecentRuns view={view} />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <PayRunSettingsSection canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
