import type { Settlement } from '@hr/contract';
import { Alert, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatPaise } from '../../../lib/format';

const KIND: Record<Settlement['lines'][number]['kind'], { label: string; color: string }> = {
  earning: { label: 'Paid', color: 'green' },
  deduction: { label: 'Recovered', color: 'red' },
  info: { label: 'Information', color: 'gray' },
};

/** A full and final settlement: each line with its explanation, and the totals in ₹ (en-IN). */
export function SettlementView({ settlement: s, title }: { settlement: Settlement; title: string }) {
  const owes = s.net_paise < 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="fnf-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="fnf-title">
          {title}
        </Title>
        <Text size="sm">
          {s.exit.employee_name} ({s.exit.employee_code}) · last working day {formatDate(s.last_working_day)}{' '}
          · service {s.service} · notice period {s.exit.notice_days} days
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder aria-label="Settlement lines" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col">How it is worked out</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                // A line's code, label and explanation together name it (two claims differ in date).
                <Table.Tr key={`${l.code}|${l.label}|${l.explanation}`}>
                  <Table.Th scope="row" fw={500}>
                    <Stack gap={2}>
                      <span>{l.label}</span>
                      <Badge size="xs" variant="light" color={KIND[l.kind].color}>
                        {KIND[l.kind].label}
                      </Badge>
                    </Stack>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm">{l.explanation}</Text>
                    {l.exempt_paise !== null && l.kind === 'earning' && (
                      <Text size="xs" c="dimmed">
                        Exempt from income tax: {formatPaise(l.exempt_paise)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {l.kind === 'deduction' ? `−${formatPaise(l.amount_paise)}` : formatPaise(l.amount_paise)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={2}>
                  Paid to the employee
                </Table.Th>
                <Table.Td ta="right" data-testid="fnf-payable">
                  {formatPaise(s.payable_paise)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" colSpan={2}>
                  Recovered from the employee
                </Table.Th>
                <Table.Td ta="right" data-testid="fnf-recoverable">
                  {formatPaise(s.recoverable_paise)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" colSpan={2}>
                  {owes ? 'The employee owes the company' : 'Net settlement to the employee'}
                </Table.Th>
                <Table.Td ta="right" fw={700} data-testid="fnf-net">
                  {formatPaise(Math.abs(s.net_paise))}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {s.notes.length > 0 && (
          <Alert color="blue" title="Notes">
            <List size="sm">
              {s.notes.map((n) => (
                <List.Item key={n}>{n}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <Text size="xs" c="dimmed">
            A preview from today's records: tax on the settlement and the statement PDF come later.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
