import { OFF_KINDS, type OffKindValue, WeeklyOffBodySchema, type WeeklyOffPolicy } from '@hr/contract';
import { Alert, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { useSavePolicy } from '../api/policies-api';
import { WEEKDAYS } from './attendance-screen';
import { DefinitionList } from './definition-list';
import { usePolicyForm } from './form-kit';

const KIND_LABEL: Record<OffKindValue, string> = {
  none: 'Working',
  full: 'Off',
  first_half: 'First half off',
  second_half: 'Second half off',
};
const ORDINAL = ['1st', '2nd', '3rd', '4th', '5th'];

/** "Sunday; Saturday (2nd, 4th); Saturday second half (1st, 3rd)". */
export function describeWeeklyOff(days: OffKindValue[][]): string {
  const parts: string[] = [];
  days.forEach((weeks, d) => {
    for (const kind of ['full', 'first_half', 'second_half'] as const) {
      const on = weeks.flatMap((k, i) => (k === kind ? [ORDINAL[i]] : []));
      if (on.length === 0) continue;
      const label = kind === 'full' ? WEEKDAYS[d] : `${WEEKDAYS[d]} ${KIND_LABEL[kind].toLowerCase()}`;
      parts.push(on.length === 5 ? label! : `${label} (${on.join(', ')})`);
    }
  });
  return parts.join('; ') || 'No weekly off';
}

const EMPTY: OffKindValue[][] = WEEKDAYS.map((_, d) => Array(5).fill(d === 0 ? 'full' : 'none'));

function WeeklyOffForm({ row, onClose }: { row?: WeeklyOffPolicy; onClose: () => void }) {
  const save = useSavePolicy('weekly-off-policy');
  const f = usePolicyForm(
    { name: row?.name ?? '', days: row?.days ?? EMPTY },
    WeeklyOffBodySchema,
    (v) => ({ name: v.name.trim(), days: v.days }),
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  const setCell = (d: number, w: number, kind: OffKindValue) =>
    set('days')(v.days.map((weeks, i) => (i === d ? weeks.map((k, j) => (j === w ? kind : k)) : weeks)));
  return (
    <form onSubmit={f.submit} noValidate>
      <Stack>
        {e._form && <Alert color="red">{e._form}</Alert>}
        <TextInput
          label="Name"
          value={v.name}
          onChange={(x) => set('name')(x.currentTarget.value)}
          error={e.name}
          withAsterisk
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          For each weekday, whether its 1st to 5th occurrence in the month is off: {describeWeeklyOff(v.days)}
          .
        </Text>
        <Table.ScrollContainer minWidth={680}>
          <Table aria-label="Weekly offs by weekday and week of the month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Weekday</Table.Th>
                {ORDINAL.map((o) => (
                  <Table.Th key={o}>{o}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WEEKDAYS.map((day, d) => (
                <Table.Tr key={day}>
                  <Table.Td>{day}</Table.Td>
                  {ORDINAL.map((o, w) => (
                    <Table.Td key={o}>
                      <Select
                        aria-label={`${o} ${day}`}
                        size="xs"
                        data={OFF_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
                        value={v.days[d]![w]!}
                        onChange={(x) => x && setCell(d, w, x as OffKindValue)}
                        allowDeselect={false}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {e.days && <Text c="red">{e.days}</Text>}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save weekly-off policy
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin setup-policies/weekly-offs. */
export function WeeklyOffsScreen() {
  return (
    <>
      <PageHeader
        title="Weekly-off policies"
        description="Which weekdays are off, per week of the month (e.g. 2nd and 4th Saturday), full or half day."
      />
      <DefinitionList
        kind="weekly-off-policy"
        area="weekly_off_policies"
        noun="weekly-off policy"
        plural="weekly-off policies"
        columns={[
          { key: 'days', label: 'Days off', cell: (r) => describeWeeklyOff(r.days) },
          { key: 'used', label: 'Master policies', cell: (r) => r.used_by },
        ]}
        form={(row, close) => <WeeklyOffForm row={row} onClose={close} />}
      />
    </>
  );
}
