import { EpfUpdateBodySchema, EsiUpdateBodySchema } from '@hr/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useEpf, useEsi, useSaveEpf, useSaveEsi, useToggleEpf, useToggleEsi } from '../api/payroll-api';

export const BASE = '/payroll/settings/statutory-details';

/** The engine's figures in force today and where each comes from. */
function FiguresTable({
  on,
  figures,
  caption,
}: {
  on: string;
  figures: { label: string; value: string; source: string }[];
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
          {caption} in force on {formatDate(on)}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Figure</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col">Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.map((f) => (
            <Table.Tr key={`${f.label}-${f.value}`}>
              <Table.Th scope="row" style={{ fontWeight: 400 }}>
                {f.label}
              </Table.Th>
              <Table.Td>{f.value}</Table.Td>
              <Table.Td>
                <Text size="xs">{f.source}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function StatutoryTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.endsWith('/esi') ? 'esi' : pathname.endsWith('/figures') ? 'figures' : 'epf';
  return (
    <Tabs value={tab} onChange={(v) => v && navigate(`${BASE}/${v}`)} mb="md">
      <Tabs.List>
        <Tabs.Tab value="epf">EPF</Tabs.Tab>
        <Tabs.Tab value="esi">ESI</Tabs.Tab>
        <Tabs.Tab value="figures">Figures in force</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** settings/statutory-details/epf. */
export function EpfScreen() {
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const q = useEpf();
  const save = useSaveEpf();
  const toggle = useToggleEpf();
  const [f, setF] = useState({
    establishment_code: '',
    employee_base: 'restricted',
    employer_base: 'restricted',
    employer_in_ctc: true,
    lop_prorate_restricted: false,
    lop_consider_all_below_ceiling: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const d = q.data;
    if (d) {
      setF({
        establishment_code: d.establishment_code ?? '',
        employee_base: d.employee_base,
        employer_base: d.employer_base,
        employer_in_ctc: d.employer_in_ctc,
        lop_prorate_restricted: d.lop_prorate_restricted,
        lop_consider_all_below_ceiling: d.lop_consider_all_below_ceiling,
      });
    }
  }, [q.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...f, establishment_code: f.establishment_code.trim() || null };
    const found = formErrors(EpfUpdateBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(EpfUpdateBodySchema.parse(body));
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <>
      <PageHeader
        title="Statutory Components"
        description="Employees' Provident Fund: how contributions are worked out. The rates and ceilings come from the payroll engine's dated data."
      />
      <StatutoryTabs />
      {q.isLoading ? (
        <PageLoader />
      ) : q.error || !q.data ? (
        <LoadError what="the EPF settings" message={q.error?.message} onRetry={q.refetch} />
      ) : (
        <Stack maw={900}>
          <Switch
            label="EPF is on for this company"
            checked={q.data.enabled}
            disabled={!canEdit || toggle.isPending}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          />
          <Paper withBorder p="md">
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextInput
                  label="EPF establishment code"
                  value={f.establishment_code}
                  disabled={!canEdit}
                  maxLength={40}
                  onChange={(e) => setF({ ...f, establishment_code: e.currentTarget.value })}
                  error={errors.establishment_code}
                />
                <Radio.Group
                  label="Employee contribution"
                  value={f.employee_base}
                  onChange={(v) => setF({ ...f, employee_base: v })}
                >
                  <Group mt="xs">
                    <Radio value="actual" label="12% of the actual PF wage" disabled={!canEdit} />
                    <Radio value="restricted" label="Restricted to the wage ceiling" disabled={!canEdit} />
                  </Group>
                </Radio.Group>
                <Radio.Group
                  label="Employer contribution"
                  value={f.employer_base}
                  onChange={(v) => setF({ ...f, employer_base: v })}
                >
                  <Group mt="xs">
                    <Radio value="actual" label="12% of the actual PF wage" disabled={!canEdit} />
                    <Radio value="restricted" label="Restricted to the wage ceiling" disabled={!canEdit} />
                  </Group>
                </Radio.Group>
                <Checkbox
                  label="Include the employer's contribution in CTC"
                  checked={f.employer_in_ctc}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, employer_in_ctc: e.currentTarget.checked })}
                />
                <Title order={2} size="h5">
                  Loss of pay
                </Title>
                <Checkbox
                  label="Pro-rate the restricted PF wage by payable days"
                  checked={f.lop_prorate_restricted}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, lop_prorate_restricted: e.currentTarget.checked })}
                />
                <Checkbox
                  label="Consider all applicable components when the PF wage after LOP is below the ceiling"
                  checked={f.lop_consider_all_below_ceiling}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, lop_consider_all_below_ceiling: e.currentTarget.checked })}
                />
                {canEdit && (
                  <Group justify="flex-end">
                    <Button type="submit" loading={save.isPending}>
                      Save EPF settings
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </Paper>
          <FiguresTable on={q.data.figures_on} figures={q.data.figures} caption="EPF figures" />
          <Text size="sm">
            Every figure the engine uses on any date (PT and LWF by state, income tax):{' '}
            <Anchor component={Link} to={`${BASE}/figures`}>
              Figures in force
            </Anchor>
          </Text>
        </Stack>
      )}
    </>
  );
}

/** settings/statutory-details/esi. */
export function EsiScreen() {
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const q = useEsi();
  const save = useSaveEsi();
  const toggle = useToggleEsi();
  const [f, setF] = useState({ esi_code: '', employer_in_ctc: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data) setF({ esi_code: q.data.esi_code ?? '', employer_in_ctc: q.data.employer_in_ctc });
  }, [q.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { esi_code: f.esi_code.trim() || null, employer_in_ctc: f.employer_in_ctc };
    const found = formErrors(EsiUpdateBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(EsiUpdateBodySchema.parse(body));
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <>
      <PageHeader
        title="ESI"
        description="Employees' State Insurance. The rates and the wage ceiling come from the payroll engine's dated data."
      />
      <StatutoryTabs />
      {q.isLoading ? (
        <PageLoader />
      ) : q.error || !q.data ? (
        <LoadError what="the ESI settings" message={q.error?.message} onRetry={q.refetch} />
      ) : (
        <Stack maw={900}>
          <Switch
            label="ESI is on for this company"
            checked={q.data.enabled}
            disabled={!canEdit || toggle.isPending}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          />
          <Paper withBorder p="md">
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextInput
                  label="ESI code"
                  value={f.esi_code}
                  disabled={!canEdit}
                  maxLength={40}
                  onChange={(e) => setF({ ...f, esi_code: e.currentTarget.value })}
                  error={errors.esi_code}
                />
                <Checkbox
                  label="Include the employer's contribution in CTC"
                  checked={f.employer_in_ctc}
                  disabled={!canEdit}
                  onChange={(e) => setF({ ...f, employer_in_ctc: e.currentTarget.checked })}
                />
                {canEdit && (
                  <Group justify="flex-end">
                    <Button type="submit" loading={save.isPending}>
                      Save ESI settings
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </Paper>
          <FiguresTable on={q.data.figures_on} figures={q.data.figures} caption="ESI figures" />
        </Stack>
      )}
    </>
  );
}
