import {
  Alert,
  Badge,
  Card,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ListState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate, todayIn } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useEmployeeOptions } from '../../org/api/org-api';
import { type Explanation, useExplain, usePoliciesSummary } from '../api/policies-api';

const VIA: Record<NonNullable<Explanation['via']>['kind'], string> = {
  employee: 'assigned to the employee',
  unit: 'via unit',
  division: 'via division',
  company_default: 'the company default',
};

function Answer({ a }: { a: Explanation }) {
  const part = (label: string, r: { name: string } | null) => (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{r?.name ?? '—'}</Table.Td>
    </Table.Tr>
  );
  const day = [
    a.day.holiday
      ? `Holiday: ${a.day.holiday.name}${a.day.holiday.optional ? ' (optional, picked)' : ''}`
      : null,
    a.day.weeklyOff !== 'none' ? `Weekly off: ${enumLabel(a.day.weeklyOff)}` : null,
  ].filter(Boolean);
  return (
    <Stack aria-live="polite">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4">
          {a.masterPolicy?.name ?? 'No master policy'}
        </Title>
        {a.via && (
          <Text data-testid="policy-why">
            {a.via.kind === 'company_default'
              ? `The company default applies (no assignment reaches this employee) since ${formatDate(a.via.effectiveFrom)}`
              : `${VIA[a.via.kind]} ${a.via.name} since ${formatDate(a.via.effectiveFrom)}`}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          On {formatDate(a.date)}: {day.length ? day.join(' · ') : 'a working day'}
        </Text>
      </Paper>
      <Table aria-label="What the master policy bundles" withTableBorder>
        <Table.Tbody>
          {part('Attendance policy', a.attendancePolicy)}
          {part('Shift that day', a.shift)}
          {part('Weekly-off policy', a.weeklyOffPolicy)}
          {part('Holiday calendar', a.holidayCalendar)}
          {part('Leave policy', a.leavePolicy)}
        </Table.Tbody>
      </Table>
      <div>
        <Title order={3} size="h5" mb="xs">
          Overridden assignments
        </Title>
        {a.overridden.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: no other assignment reaches this employee on this date.
          </Text>
        ) : (
          <List spacing="xs">
            {a.overridden.map((o) => (
              <List.Item key={`${o.kind}-${o.name}-${o.effectiveFrom}`}>
                <Badge variant="light" mr="xs">
                  {enumLabel(o.kind)}
                </Badge>
                {o.name}: {o.masterPolicyName} since {formatDate(o.effectiveFrom)} — {o.reason}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

function Inspector() {
  const employees = useEmployeeOptions();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [date, setDate] = useState(todayIn());
  const answer = useExplain(employeeId, date);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="inspector-title">
      <Title order={2} size="h4" id="inspector-title" mb="xs">
        Which policy applies?
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pick an employee and a date to see the master policy that applies, through which assignment and since
        when, and the assignments it overrides.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <Select
          label="Employee"
          data={employees.data ?? []}
          value={employeeId}
          onChange={setEmployeeId}
          searchable
          placeholder={employees.isPending ? 'Loading employees…' : 'Search by name'}
          error={employees.isError ? 'Employees could not be loaded' : undefined}
        />
        <DateField label="Date" value={date} onChange={setDate} required />
      </SimpleGrid>
      {!employeeId ? null : answer.isPending ? (
        <PageLoader label="Working it out…" />
      ) : answer.isError ? (
        <Alert color="red">{(answer.error as Error).message}</Alert>
      ) : (
        <Answer a={answer.data} />
      )}
    </Card>
  );
}

/** Admin policies: what is set up, who each master policy applies to today, and the inspector. */
export function PoliciesSummaryScreen() {
  const summary = usePoliciesSummary();
  const s = summary.data;
  return (
    <>
      <PageHeader title="Policies summary" description="The policies set up and who they apply to today." />
      <Stack>
        {summary.isError ? (
          <LoadError what="the policies summary" onRetry={() => summary.refetch()} />
        ) : !s ? (
          <PageLoader />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
              {Object.entries(s.counts).map(([k, n]) => (
                <Paper key={k} withBorder p="sm" radius="md">
                  <Text size="xs" c="dimmed">
                    {enumLabel(k)}
                  </Text>
                  <Text fw={700} size="xl">
                    {n}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <ListState query={summary} what="master policies" empty={s.master_policies.length === 0}>
              <Table.ScrollContainer minWidth={360}>
                <Table aria-label={`Master policies on ${formatDate(s.today)}`} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Master policy</Table.Th>
                      <Table.Th>Active employees today</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.master_policies.map((m) => (
                      <Table.Tr key={m.id}>
                        <Table.Td>
                          {m.name}{' '}
                          {m.is_default && (
                            <Badge variant="light" ml="xs">
                              Default
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{m.employee_count}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </ListState>
          </>
        )}
        <Inspector />
      </Stack>
    </>
  );
}
