import { Badge, Group, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { EmptyState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate, todayIn } from '../../../lib/format';
import { type StatutoryFigures, useStatutoryFigures } from '../api/payroll-api';
import { StatutoryTabs } from './statutory-screen';
import { STATE_OPTIONS } from './what-if-panel';

type Figure = StatutoryFigures['figures'][number];

/** The order the groups are read in: the payslip's order (EPF, ESI, PT, LWF, then TDS). */
const GROUPS = ['EPF', 'ESI', 'Professional tax', 'Labour welfare fund', 'Income tax'];

function inForceText(f: Figure): string {
  return f.effective_to
    ? `${formatDate(f.effective_from)} to ${formatDate(f.effective_to)}`
    : `from ${formatDate(f.effective_from)}`;
}

/** The law; with "Show rule references" on, also where the rules file documents it. */
function SourceText({ f, refs }: { f: Figure; refs: boolean }) {
  return (
    <>
      <Text size="xs">
        {f.source}{' '}
        {refs && (
          <Badge size="xs" variant="light" component="span" tt="none">
            statutory-rules.md {f.section}
            {f.references ? ` · ${f.references}` : ''}
          </Badge>
        )}
      </Text>
      {f.note && (
        <Text size="xs" c="dimmed">
          {f.note}
        </Text>
      )}
    </>
  );
}

/** On a phone: one card per figure (a four-column table would need sideways scrolling). */
function GroupList({ group, rows, refs }: { group: string; rows: Figure[]; refs: boolean }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={group}>
      <Title order={3} size="h5" mb="xs">
        {group}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((f) => (
          <li key={f.key} data-key={f.key}>
            <Text size="sm" fw={600}>
              {f.label}
            </Text>
            <Text size="sm">{f.value}</Text>
            <Text size="xs" c="dimmed">
              In force {inForceText(f)}
            </Text>
            <SourceText f={f} refs={refs} />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

function GroupTable({ group, rows, refs }: { group: string; rows: Figure[]; refs: boolean }) {
  return (
    <Paper withBorder p="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs">
          <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, paddingBottom: 6 }}>
            {group}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Figure</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
              <Table.Th scope="col">In force</Table.Th>
              <Table.Th scope="col">Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.key} data-key={f.key}>
                <Table.Th scope="row" style={{ fontWeight: 400, minWidth: 160 }}>
                  {f.label}
                </Table.Th>
                <Table.Td style={{ minWidth: 140 }}>{f.value}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{inForceText(f)}</Table.Td>
                <Table.Td>
                  <SourceText f={f} refs={refs} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * settings/statutory-details/figures: every statutory figure the payroll engine uses on a date, with
 * the day it took effect and its source. Read-only: the figures are the engine's dated data, so a
 * change of law is a data change in the engine, not an edit here. Date and state live in the
 * address so a view can be shared.
 */
export function StatutoryFiguresScreen() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayIn();
  const state = params.get('state');
  const refs = params.get('refs') === '1';
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const q = useStatutoryFigures(date || undefined, state ?? undefined);
  const narrow = useMediaQuery('(max-width: 48em)', false);
  const FigureGroup = narrow ? GroupList : GroupTable;
  const figures = q.data?.figures ?? [];
  return (
    <>
      <PageHeader
        title="Statutory Components"
        description="The figures the payroll engine uses on a date and where each comes from. They change with the engine's dated data, not here."
      />
      <StatutoryTabs />
      <Stack maw={1100}>
        <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
          <DateField
            label="On date"
            value={date}
            onChange={(v) => set('date', v)}
            clearButtonProps={{ 'aria-label': 'Clear the date' }}
            miw={180}
          />
          <Select
            label="Work state"
            description="Professional tax and labour welfare fund of this state"
            data={STATE_OPTIONS}
            value={state}
            onChange={(v) => set('state', v)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the work state' }}
            placeholder="All states"
            miw={180}
          />
        </Group>
        <Switch
          label="Show rule references"
          description="Where the product's rules file documents each figure, for checking the engine against it"
          checked={refs}
          onChange={(e) => set('refs', e.currentTarget.checked ? '1' : null)}
        />
        {q.isLoading ? (
          <PageLoader />
        ) : q.error ? (
          <LoadError what="the figures" message={q.error.message} onRetry={q.refetch} />
        ) : figures.length === 0 ? (
          <EmptyState>The engine has no figures in force on {formatDate(date)}.</EmptyState>
        ) : (
          <>
            <Title order={2} size="h4">
              In force on {formatDate(q.data?.date ?? date)}
              {state ? `, ${STATE_OPTIONS.find((o) => o.value === state)?.label ?? state}` : ', all states'}
            </Title>
            {GROUPS.map((g) => {
              const rows = figures.filter((f) => f.group === g);
              if (rows.length) return <FigureGroup key={g} group={g} rows={rows} refs={refs} />;
              return (
                <Text key={g} size="sm" c="dimmed">
                  {g}: none in force on this date
                  {state && (g === 'Professional tax' || g === 'Labour welfare fund') ? ' in this state' : ''}
                  .
                </Text>
              );
            })}
          </>
        )}
      </Stack>
    </>
  );
}
