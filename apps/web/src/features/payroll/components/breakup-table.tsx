import type { Breakup } from '@hr/contract';
import { Alert, Table, Text } from '@mantine/core';
import { formatPaise } from '../../../lib/format';

const GROUP_LABEL = {
  earning: 'Earnings',
  benefit: 'Pre-tax benefits',
  employer_contribution: "Employer's contributions",
};

/** A CTC breakup: each line monthly and annually with how it was reached, then the totals. */
export function BreakupTable({ breakup, caption }: { breakup: Breakup; caption: string }) {
  const groups = (['earning', 'benefit', 'employer_contribution'] as const)
    .map((g) => ({ g, lines: breakup.lines.filter((l) => l.group === g) }))
    .filter((x) => x.lines.length > 0);
  const annualGross = breakup.lines
    .filter((l) => l.group === 'earning')
    .reduce((n, l) => n + l.annual_paise, 0);
  return (
    <>
      {breakup.warnings.map((w) => (
        <Alert key={w.code} color="orange" title="Check the breakup" mb="sm" role="alert">
          {w.message}
        </Alert>
      ))}
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Component</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Monthly
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Annual
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map(({ g, lines }) => (
            <Table.Tbody key={g}>
              <Table.Tr>
                <Table.Th scope="rowgroup" colSpan={3}>
                  {GROUP_LABEL[g]}
                </Table.Th>
              </Table.Tr>
              {lines.map((l) => (
                <Table.Tr key={`${l.group}-${l.code}-${l.component_id ?? ''}`}>
                  <Table.Th scope="row" style={{ fontWeight: 400 }}>
                    {l.name}
                    {l.basis && (
                      <Text size="xs" c="dimmed">
                        {l.basis}
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td
                    style={{
                      textAlign: 'right',
                      color: l.monthly_paise < 0 ? 'var(--mantine-color-red-8)' : undefined,
                    }}
                  >
                    {formatPaise(l.monthly_paise)}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatPaise(l.annual_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Gross pay</Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(breakup.monthly_gross_paise)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(annualGross)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Cost to company</Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(breakup.monthly_ctc_paise)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatPaise(breakup.annual_ctc_paise)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        Statutory figures in force on {breakup.figures_on}
        {breakup.figures.length > 0 && `: ${breakup.figures.map((f) => `${f.label} ${f.value}`).join('; ')}`}.
      </Text>
    </>
  );
}
