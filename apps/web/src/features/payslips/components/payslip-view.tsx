import type { Payslip, PayslipLine } from '@hr/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatDate, formatPaise } from '../../../lib/format';
import { downloadPayslipPdf } from '../api/payslips-api';
import { monthLabel } from './payslip-format';

/**
 * One line of a payslip: its label and amount; the label is a button that opens the engine's
 * explanation (what the figure is, its inputs, the rule and the arithmetic) in the row below.
 */
function LineRows({ line }: { line: PayslipLine }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            leftSection={<Icon size={14} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' }, root: { height: 'auto' } }}
          >
            {line.label}
          </Button>
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatPaise(line.amount_paise)}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={id}>
          <Table.Td colSpan={2} bg="gray.0">
            <Text size="sm">{line.explain || 'No explanation was recorded for this line.'}</Text>
            {line.rule && !line.explain.includes(line.rule) && (
              <Text size="xs" c="dimmed" mt={4}>
                Rule: {line.rule}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function LinesTable({
  title,
  lines,
  total,
  totalLabel,
  empty,
}: {
  title: string;
  lines: PayslipLine[];
  total?: number;
  totalLabel?: string;
  empty: string;
}) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="xs" id={headingId}>
        {title}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table aria-labelledby={headingId} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Component</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <LineRows key={l.code} line={l} />
            ))}
          </Table.Tbody>
          {total !== undefined && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{totalLabel}</Table.Th>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatPaise(total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      )}
    </Paper>
  );
}

function Facts({ rows, label }: { rows: [string, string | number | null][]; label: string }) {
  return (
    <Table aria-label={label} verticalSpacing={2} withRowBorders={false}>
      <Table.Tbody>
        {rows
          .filter(([, v]) => v !== null && v !== '')
          .map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th scope="row" fw={500} c="dimmed" w="50%">
                {k}
              </Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

function PdfButton({ slip }: { slip: Payslip }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setMessage(null);
    setMessage(await downloadPayslipPdf(slip.id, `payslip-${slip.month}.pdf`));
    setBusy(false);
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => void onClick()}
        loading={busy}
      >
        Download PDF
      </Button>
      {slip.pdf_password_hint && (
        <Text size="sm" c="dimmed" data-testid="pdf-password-hint">
          {slip.pdf_password_hint}
        </Text>
      )}
      <div aria-live="polite">
        {message && (
          <Text size="sm" c="red.8" data-testid="pdf-message">
            {message}
          </Text>
        )}
      </div>
    </Stack>
  );
}

/**
 * A payslip as the employee reads it: earnings and deductions side by side, net pay in figures and
 * words, employer contributions, the year to date, and every line's explanation on demand.
 */
export function PayslipView({ slip }: { slip: Payslip }) {
  const shown = slip.lines.filter((l) => l.show);
  const earnings = shown.filter((l) => l.kind === 'earning');
  const deductions = shown.filter((l) => l.kind === 'deduction');
  // Every employer line, printed or not (EPF's accounts, EDLI, admin charges): their sum is the
  // payslip's employer total.
  const employer = slip.lines.filter((l) => l.kind === 'employer');
  // The rest the payslip does not print (why a contribution does not apply, and the like): still
  // explained, for whoever asks.
  const other = slip.lines.filter((l) => !l.show && l.kind !== 'employer');
  const e = slip.employee;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text fw={600}>{e.name}</Text>
          <Text size="sm" c="dimmed">
            {[e.code, e.designation, e.division].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">Paid on {formatDate(slip.pay_date)}</Text>
        </div>
        <PdfButton slip={slip} />
      </Group>
      {slip.explanation_warning && (
        <Alert color="yellow" title="About the explanations">
          {slip.explanation_warning}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label="Net pay">
        <Text size="sm" c="dimmed">
          Net pay for {monthLabel(slip.month)}
        </Text>
        <Text fz={28} fw={700} data-testid="net-pay">
          {formatPaise(slip.net_paise)}
        </Text>
        <Text size="sm" data-testid="net-in-words">
          {slip.net_in_words}
        </Text>
      </Paper>
      <Text size="sm" c="dimmed">
        Choose a line to see how it was worked out.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinesTable
          title="Earnings"
          lines={earnings}
          total={slip.gross_paise}
          totalLabel="Gross earnings"
          empty="No earnings this month."
        />
        <LinesTable
          title="Deductions"
          lines={deductions}
          total={slip.deductions_paise}
          totalLabel="Total deductions"
          empty="No deductions this month."
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinesTable
          title="Employer contributions"
          lines={employer}
          total={slip.employer_paise}
          totalLabel="Total employer contributions"
          empty="No employer contributions this month."
        />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payslip-ytd">
          <Title order={2} size="h4" mb="xs" id="payslip-ytd">
            Year to date
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            This financial year, {slip.ytd.months} month{slip.ytd.months === 1 ? '' : 's'} up to{' '}
            {monthLabel(slip.month)}.
          </Text>
          <Facts
            label="Year to date"
            rows={[
              ['Gross earnings', formatPaise(slip.ytd.gross_paise)],
              ['Income tax (TDS)', formatPaise(slip.ytd.tds_paise)],
              ['Provident fund (yours)', formatPaise(slip.ytd.employee_pf_paise)],
              ['Professional tax', formatPaise(slip.ytd.pt_paise)],
            ]}
          />
          <Text size="sm" mt="xs">
            Cost to company this month: {formatPaise(slip.ctc_paise)}
          </Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payslip-days">
          <Title order={2} size="h4" mb="xs" id="payslip-days">
            Days
          </Title>
          <Facts
            label="Days"
            rows={[
              ['Days in the month (basis)', days(slip.days.basis)],
              ['Before joining or after leaving', days(slip.days.outside_employment)],
              ['Loss of pay', days(slip.days.lop)],
              ['Payable', days(slip.days.payable)],
            ]}
          />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payslip-details">
          <Title order={2} size="h4" mb="xs" id="payslip-details">
            Your details
          </Title>
          <Facts
            label="Your details"
            rows={[
              ['Date of joining', e.date_of_joining ? formatDate(e.date_of_joining) : null],
              ['PAN', e.pan_masked],
              ['UAN', e.uan],
              ['ESI number', e.esi_number],
              ['Bank', [e.bank_name, e.bank_account_masked].filter(Boolean).join(' ') || null],
            ]}
          />
        </Paper>
      </SimpleGrid>
      {other.length > 0 && <LinesTable title="Other figures" lines={other} empty="" />}
      {slip.notes.length > 0 && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payslip-notes">
          <Title order={2} size="h4" mb="xs" id="payslip-notes">
            Notes
          </Title>
          <Stack gap={4} component="ul" m={0} pl="md">
            {slip.notes.map((n) => (
              <Text component="li" size="sm" key={n}>
                {n}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        Computed by payroll engine {slip.engine_version}.
      </Text>
    </Stack>
  );
}
