import type { WhatIfBodySchema, WhatIfLine, WhatIfResult } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { DateField } from '../../../components/ui/date-field';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatMonth, formatPaise, todayIn } from '../../../lib/format';
import { useWhatIf } from '../api/payroll-api';

/** States whose PT and LWF the engine's data holds. */
export const STATE_OPTIONS = [
  { value: 'KA', label: 'Karnataka' },
  { value: 'MH', label: 'Maharashtra' },
  { value: 'WB', label: 'West Bengal' },
  { value: 'TN', label: 'Tamil Nadu' },
  { value: 'TG', label: 'Telangana' },
  { value: 'GJ', label: 'Gujarat' },
  { value: 'AP', label: 'Andhra Pradesh' },
  { value: 'DL', label: 'Delhi' },
];
const KIND_LABEL: Record<WhatIfLine['kind'], string> = {
  earning: 'Earning',
  deduction: 'Deduction',
  employer: "Employer's contribution",
  info: 'Information',
};

/**
 * One payslip line; opening it shows the engine's explanation, which ends with the law and setting
 * it follows in words (the rules-file references in `rule` are not shown).
 */
function LineRow({ line }: { line: WhatIfLine }) {
  const [open, setOpen] = useState(false);
  const id = `explain-${line.code}`;
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row" style={{ fontWeight: 400 }}>
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={id}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            {line.label}
          </UnstyledButton>
        </Table.Th>
        <Table.Td>{KIND_LABEL[line.kind]}</Table.Td>
        <Table.Td style={{ textAlign: 'right' }}>{formatPaise(line.amount)}</Table.Td>
      </Table.Tr>
      <Table.Tr id={id} hidden={!open}>
        <Table.Td colSpan={3}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {line.explain}
          </Text>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

export function WhatIfPayslip({ result }: { result: WhatIfResult }) {
  const shown = result.lines.filter((l) => l.kind !== 'info' || l.amount !== 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Payslip for {formatMonth(result.month)} (what-if, not saved)
        </Title>
        <Badge variant="light">Take home {formatPaise(result.net_paise)}</Badge>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Text size="sm" c="dimmed">
              Open a line to see how it was worked out.
            </Text>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((l) => (
              <LineRow key={`${l.kind}-${l.code}`} line={l} />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Gross</Table.Th>
              <Table.Td />
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(result.gross_paise)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Deductions</Table.Th>
              <Table.Td />
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(result.deductions_paise)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Net pay</Table.Th>
              <Table.Td />
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(result.net_paise)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {result.notes.map((n) => (
        <Text key={n} size="xs" c="dimmed">
          {n}
        </Text>
      ))}
    </Stack>
  );
}

type WhatIfInput = z.input<typeof WhatIfBodySchema>;

/** The form's inputs: a server error about one of these is shown next to it. */
const FIELDS = new Set(['month', 'state', 'gender', 'date_of_birth', 'joining_date', 'lop_days']);

/**
 * "What will this person take home": the facts the engine needs (from the employee's record when
 * one is given; the form fills what it lacks) and the month, then the payslip with explanations.
 */
export function WhatIfPanel({
  salary,
  employeeId,
}: {
  /** The salary to try: lines at a CTC, or a template; absent with an employee = their salary. */
  salary?: Pick<WhatIfInput, 'annual_ctc_paise' | 'lines' | 'template_id'> | null;
  employeeId?: string;
}) {
  const run = useWhatIf();
  const [f, setF] = useState({
    month: todayIn().slice(0, 7),
    state: employeeId ? '' : 'KA',
    gender: employeeId ? '' : 'male',
    date_of_birth: '',
    joining_date: '',
    lop_days: 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const facts = Object.fromEntries(
      Object.entries({
        state: f.state,
        gender: f.gender,
        date_of_birth: f.date_of_birth,
        joining_date: f.joining_date,
      }).filter(([, v]) => v !== ''),
    );
    try {
      await run.mutateAsync({
        month: f.month,
        lop_days: f.lop_days,
        ...(employeeId ? { employee_id: employeeId } : {}),
        ...(Object.keys(facts).length ? { facts } : {}),
        ...(salary ?? {}),
      });
    } catch (err) {
      // A fact the record lacks ('facts.date_of_birth') is asked for next to its input; anything
      // else (the salary, the employee, a refusal) in the alert above the button, in the API's words.
      const found = err instanceof ApiError ? serverFieldErrors(err.errors) : {};
      const next: Record<string, string> = {};
      for (const [k, v] of Object.entries(found)) {
        const field = k.replace(/^facts\./, '');
        if (FIELDS.has(field)) next[field] ??= v;
        else next.general ??= v;
      }
      if (Object.keys(next).length === 0) {
        next.general = err instanceof Error ? err.message : 'The payslip could not be worked out';
      }
      setErrors(next);
    }
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            What will this person take home?
          </Title>
          <Text size="sm" c="dimmed">
            The payroll engine works out one month's payslip from these facts; nothing is saved.
            {employeeId && ' Facts left empty come from the employee record.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Month (YYYY-MM)"
              value={f.month}
              onChange={(e) => setF({ ...f, month: e.currentTarget.value })}
              error={errors.month}
            />
            <Select
              label="Work state"
              data={STATE_OPTIONS}
              value={f.state || null}
              clearable={!!employeeId}
              onChange={(v) => setF({ ...f, state: v ?? '' })}
              error={errors.state}
            />
            <Select
              label="Gender"
              data={[
                { value: 'male', label: 'Male' },
                { value: 'female', label: 'Female' },
                { value: 'other', label: 'Other' },
              ]}
              value={f.gender || null}
              clearable={!!employeeId}
              onChange={(v) => setF({ ...f, gender: v ?? '' })}
              error={errors.gender}
            />
            <DateField
              label="Date of birth"
              value={f.date_of_birth}
              onChange={(v) => setF({ ...f, date_of_birth: v })}
              error={errors.date_of_birth}
            />
            <DateField
              label="Joining date"
              value={f.joining_date}
              onChange={(v) => setF({ ...f, joining_date: v })}
              error={errors.joining_date}
            />
            <NumberInput
              label="Loss-of-pay days"
              min={0}
              max={31}
              step={0.5}
              decimalScale={1}
              value={f.lop_days}
              onChange={(v) => setF({ ...f, lop_days: Number(v) || 0 })}
              error={errors.lop_days}
            />
          </SimpleGrid>
          {errors.general && (
            <Alert color="orange" role="alert">
              {errors.general}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="light" loading={run.isPending} disabled={salary === null}>
              Work out the payslip
            </Button>
          </Group>
          {run.data && <WhatIfPayslip result={run.data} />}
        </Stack>
      </form>
    </Paper>
  );
}
