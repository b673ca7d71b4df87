import type { PayRun, PayRunAutomaticItem } from '@hr/contract';
import { Stack, Table, Text } from '@mantine/core';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatPaise } from '../../../lib/format';
import { useAutomaticItems } from '../api/payrun-api';

const SOURCE_WORDS: Record<PayRunAutomaticItem['source'], string> = {
  reimbursement: 'Reimbursement',
  encashment: 'Leave encashment',
  arrears: 'Arrears',
  lop_reversal: 'Loss of pay paid back',
};

/**
 * The lines computing the run adds by itself, before it is computed (worked out as things stand
 * now) and after (as the run took them): each with whom, what and why, so nothing on a payslip
 * comes as a surprise in the review.
 */
export function AutomaticItems({ run }: { run: PayRun }) {
  const q = useAutomaticItems(run.id);
  if (q.isError)
    return <LoadError what="the automatic items" message={q.error.message} onRetry={q.refetch} />;
  if (!q.data) return <PageLoader label="Working out the automatic items…" />;
  const { taken, items } = q.data;
  const intro = taken
    ? 'Added automatically when the run was computed, each as its own payslip line:'
    : 'Added automatically when the run is computed, each as its own payslip line (as things stand now: approved reimbursements not yet paid, leave encashed in the month, arrears of salary revisions dated back, loss of pay paid back):';
  return (
    <Stack gap="xs">
      <Text size="sm">{intro}</Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is added automatically this month.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Added automatically" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>On the payslip</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={`${i.employee_id}:${i.source}:${i.label}`}>
                  <Table.Td>
                    <Text size="sm">{i.employee_name}</Text>
                    <Text size="xs" c="dimmed">
                      {i.employee_code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{SOURCE_WORDS[i.source]}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{i.label}</Text>
                    <Text size="xs" c="dimmed">
                      {i.explain}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {i.kind === 'deduction' ? '−' : ''}
                    {formatPaise(i.amount_paise)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
