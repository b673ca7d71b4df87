import {
  type AttendancePolicy,
  AttendancePolicyBodySchema,
  PUNCH_SOURCES,
  type Roster,
  RosterBodySchema,
  type Shift,
  ShiftBodySchema,
} from '@hr/contract';
import {
  Alert,
  Badge,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';
import { FormActions } from '../../../components/ui/form-actions';
import { PageHeader } from '../../../components/ui/page-header';
import { enumOptions } from '../../../lib/labels';
import { usePolicyOptions, useSavePolicy } from '../api/policies-api';
import { DefinitionList } from './definition-list';
import { numOrNull, usePolicyForm } from './form-kit';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const hours = (m: number) => `${Math.floor(m / 60)}h${m % 60 ? ` ${m % 60}m` : ''}`;

function AttendanceForm({ row, onClose }: { row?: AttendancePolicy; onClose: () => void }) {
  const save = useSavePolicy('attendance-policy');
  const f = usePolicyForm(
    {
      name: row?.name ?? '',
      cycle_start_day: row?.cycle_start_day ?? 1,
      punch_sources: (row?.punch_sources ?? [...PUNCH_SOURCES]) as string[],
      half_day_min_minutes: row?.half_day_min_minutes ?? 240,
      full_day_min_minutes: row?.full_day_min_minutes ?? 480,
      late_marks_per_penalty: (row?.late_marks_per_penalty ?? '') as number | string,
      late_penalty_days: row?.late_penalty_days ?? 0,
      early_exit_marks_per_penalty: (row?.early_exit_marks_per_penalty ?? '') as number | string,
      early_exit_penalty_days: row?.early_exit_penalty_days ?? 0,
      regularisation_per_month: (row?.regularisation_per_month ?? '') as number | string,
      regularisation_lookback_days: (row?.regularisation_lookback_days ?? '') as number | string,
      regularisation_auto_approve: row?.regularisation_auto_approve ?? false,
      location_lat: (row?.location_lat ?? '') as number | string,
      location_lng: (row?.location_lng ?? '') as number | string,
      location_radius_metres: (row?.location_radius_metres ?? '') as number | string,
    },
    AttendancePolicyBodySchema,
    (v) => ({
      ...v,
      name: v.name.trim(),
      late_marks_per_penalty: numOrNull(v.late_marks_per_penalty),
      early_exit_marks_per_penalty: numOrNull(v.early_exit_marks_per_penalty),
      regularisation_per_month: numOrNull(v.regularisation_per_month),
      regularisation_lookback_days: numOrNull(v.regularisation_lookback_days),
      location_lat: numOrNull(v.location_lat),
      location_lng: numOrNull(v.location_lng),
      location_radius_metres: numOrNull(v.location_radius_metres),
    }),
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  const num = (k: keyof typeof v, label: string, props: object = {}) => (
    <NumberInput
      label={label}
      value={v[k] as number | string}
      onChange={(x) => set(k)(x as never)}
      error={e[k]}
      min={0}
      {...props}
    />
  );
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
        <Group grow>
          {num('cycle_start_day', 'Attendance cycle starts on day', { min: 1, max: 28 })}
          <MultiSelect
            label="Punch sources allowed"
            data={enumOptions(PUNCH_SOURCES)}
            value={v.punch_sources}
            onChange={set('punch_sources')}
            error={e.punch_sources}
          />
        </Group>
        <Group grow>
          {num('half_day_min_minutes', 'Half day needs (minutes)')}
          {num('full_day_min_minutes', 'Full day needs (minutes)')}
        </Group>
        <Group grow>
          {num('late_marks_per_penalty', 'Late marks per penalty', { min: 1 })}
          {num('late_penalty_days', 'Penalty (days of LOP)', { step: 0.5, decimalScale: 1 })}
        </Group>
        <Group grow>
          {num('early_exit_marks_per_penalty', 'Early exits per penalty', { min: 1 })}
          {num('early_exit_penalty_days', 'Early-exit penalty (days of LOP)', { step: 0.5, decimalScale: 1 })}
        </Group>
        <Group grow>
          {num('regularisation_per_month', 'Regularisations per month')}
          {num('regularisation_lookback_days', 'Regularisation look-back (days)')}
        </Group>
        <Switch
          label="Approve regularisations automatically"
          checked={v.regularisation_auto_approve}
          onChange={(x) => set('regularisation_auto_approve')(x.currentTarget.checked)}
        />
        <Text size="sm" fw={500}>
          Location restriction (leave empty for none)
        </Text>
        <Group grow>
          {num('location_lat', 'Latitude', { min: -90, max: 90, decimalScale: 6 })}
          {num('location_lng', 'Longitude', { min: -180, max: 180, decimalScale: 6 })}
          {num('location_radius_metres', 'Radius (metres)')}
        </Group>
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save policy
        </FormActions>
      </Stack>
    </form>
  );
}

function ShiftForm({ row, onClose }: { row?: Shift; onClose: () => void }) {
  const save = useSavePolicy('shift');
  const f = usePolicyForm(
    {
      name: row?.name ?? '',
      start_time: row?.start_time ?? '09:30',
      end_time: row?.end_time ?? '18:30',
      break_minutes: row?.break_minutes ?? 60,
      grace_in_minutes: row?.grace_in_minutes ?? 15,
      grace_out_minutes: row?.grace_out_minutes ?? 15,
      flexi_minutes: row?.flexi_minutes ?? 0,
    },
    ShiftBodySchema,
    (v) => ({ ...v, name: v.name.trim() }),
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  const night = v.end_time <= v.start_time;
  const time = (k: 'start_time' | 'end_time', label: string) => (
    <TextInput
      label={label}
      type="time"
      value={v[k]}
      onChange={(x) => set(k)(x.currentTarget.value)}
      error={e[k]}
      withAsterisk
    />
  );
  const num = (
    k: 'break_minutes' | 'grace_in_minutes' | 'grace_out_minutes' | 'flexi_minutes',
    label: string,
  ) => (
    <NumberInput label={label} value={v[k]} onChange={(x) => set(k)(Number(x) || 0)} error={e[k]} min={0} />
  );
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
        <Group grow>
          {time('start_time', 'Starts at')}
          {time('end_time', 'Ends at')}
        </Group>
        {night && v.end_time !== v.start_time && (
          <Text size="sm" c="dimmed">
            Night shift: it ends the next day.
          </Text>
        )}
        <Group grow>
          {num('break_minutes', 'Breaks (minutes)')}
          {num('flexi_minutes', 'Flexible start window (minutes)')}
        </Group>
        <Group grow>
          {num('grace_in_minutes', 'Grace for late arrival (minutes)')}
          {num('grace_out_minutes', 'Grace for early exit (minutes)')}
        </Group>
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save shift
        </FormActions>
      </Stack>
    </form>
  );
}

function RosterForm({ row, onClose }: { row?: Roster; onClose: () => void }) {
  const save = useSavePolicy('roster');
  const shifts = usePolicyOptions('shift');
  const f = usePolicyForm(
    {
      name: row?.name ?? '',
      anchor_date: row?.anchor_date ?? '',
      rotation_weeks: row?.rotation_weeks ?? 1,
      slots: (row?.slots ?? []).map((s) => ({
        week_index: s.week_index,
        weekday: s.weekday,
        shift_id: s.shift_id,
      })),
    },
    RosterBodySchema,
    (v) => ({ ...v, name: v.name.trim(), slots: v.slots.filter((s) => s.week_index < v.rotation_weeks) }),
    (body) => save.mutateAsync({ id: row?.id, body: body as object }),
    onClose,
  );
  const { values: v, set, errors: e } = f;
  const slotOf = (w: number, d: number) =>
    v.slots.find((s) => s.week_index === w && s.weekday === d)?.shift_id ?? null;
  const setSlot = (w: number, d: number, shift: string | null) =>
    set('slots')([
      ...v.slots.filter((s) => !(s.week_index === w && s.weekday === d)),
      ...(shift ? [{ week_index: w, weekday: d, shift_id: shift }] : []),
    ]);
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
        <Group grow>
          <DateField
            label="Rotation starts in the week of"
            value={v.anchor_date}
            onChange={set('anchor_date')}
            error={e.anchor_date}
            required
          />
          <NumberInput
            label="Rotation length (weeks)"
            value={v.rotation_weeks}
            onChange={(x) => set('rotation_weeks')(Number(x) || 1)}
            min={1}
            max={8}
            error={e.rotation_weeks}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Days left empty use the master policy's shift.
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Shift per week and weekday">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                {WEEKDAYS.map((d) => (
                  <Table.Th key={d}>{d.slice(0, 3)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Array.from({ length: v.rotation_weeks }, (_, w) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positions.
                <Table.Tr key={w}>
                  <Table.Td>{w + 1}</Table.Td>
                  {WEEKDAYS.map((d, di) => (
                    <Table.Td key={d}>
                      <Select
                        aria-label={`Week ${w + 1} ${d}`}
                        data={shifts.data ?? []}
                        value={slotOf(w, di)}
                        onChange={(x) => setSlot(w, di, x)}
                        clearable
                        size="xs"
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {e.slots && <Text c="red">{e.slots}</Text>}
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save roster
        </FormActions>
      </Stack>
    </form>
  );
}

/** Admin setup-policies/attendance: attendance policies, shifts and rosters. */
export function AttendancePoliciesScreen() {
  return (
    <>
      <PageHeader
        title="Attendance policies"
        description="Attendance rules, shifts (night shifts end the next day) and rosters. A master policy bundles them."
      />
      <Tabs defaultValue="policies" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="policies">Attendance rules</Tabs.Tab>
          <Tabs.Tab value="shifts">Shifts</Tabs.Tab>
          <Tabs.Tab value="rosters">Rosters</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="policies">
          <DefinitionList
            kind="attendance-policy"
            area="attendance_policies"
            noun="attendance policy"
            plural="attendance policies"
            columns={[
              { key: 'cycle', label: 'Cycle starts', cell: (r) => `Day ${r.cycle_start_day}` },
              {
                key: 'day',
                label: 'Half / full day',
                cell: (r) => `${hours(r.half_day_min_minutes)} / ${hours(r.full_day_min_minutes)}`,
              },
              {
                key: 'late',
                label: 'Late marks',
                cell: (r) =>
                  r.late_marks_per_penalty
                    ? `${r.late_marks_per_penalty} = ${r.late_penalty_days} day LOP`
                    : 'No penalty',
              },
              {
                key: 'location',
                label: 'Location',
                cell: (r) => (r.location_radius_metres ? `Within ${r.location_radius_metres} m` : 'Anywhere'),
              },
            ]}
            form={(row, close) => <AttendanceForm row={row} onClose={close} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="shifts">
          <DefinitionList
            kind="shift"
            area="attendance_policies"
            noun="shift"
            columns={[
              {
                key: 'time',
                label: 'Time',
                cell: (r) => (
                  <Group gap="xs">
                    {r.start_time}–{r.end_time}
                    {r.night && (
                      <Badge variant="light" color="indigo">
                        Night
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { key: 'break', label: 'Breaks', cell: (r) => `${r.break_minutes} min` },
              {
                key: 'grace',
                label: 'Grace in / out',
                cell: (r) => `${r.grace_in_minutes} / ${r.grace_out_minutes} min`,
              },
              {
                key: 'flexi',
                label: 'Flexi',
                cell: (r) => (r.flexi_minutes ? `${r.flexi_minutes} min` : 'Fixed'),
              },
            ]}
            form={(row, close) => <ShiftForm row={row} onClose={close} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rosters">
          <DefinitionList
            kind="roster"
            area="attendance_policies"
            noun="roster"
            columns={[
              { key: 'rotation', label: 'Rotation', cell: (r) => `${r.rotation_weeks} week(s)` },
              { key: 'slots', label: 'Days set', cell: (r) => r.slots.length },
            ]}
            form={(row, close) => <RosterForm row={row} onClose={close} />}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
