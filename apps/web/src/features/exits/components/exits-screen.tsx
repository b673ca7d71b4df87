import type { Exit } from '@hr/contract';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toasts';
import { useDecideResignation, useExits, useSettlement } from '../api/use-exits';
import { AgreeLastDayForm, TerminationForm } from './exit-forms';
import { STATUS } from './my-exit-screen';
import { SettlementView } from './settlement-view';

const lastDay = (e: Exit) => e.agreed_last_day ?? e.requested_last_day;

/** The administrator's exits: resignations and terminations, and each one's F&F preview. */
export function ExitsScreen() {
  const exits = useExits();
  const decide = useDecideResignation();
  const [selected, setSelected] = useState<string | null>(null);
  const settlement = useSettlement(selected);
  const chosen = exits.data?.find((e) => e.id === selected) ?? null;
  const onDecide = async (e: Exit, decision: 'approve' | 'reject') => {
    await decide.mutateAsync({ id: e.id, decision });
    toastSuccess(decision === 'approve' ? 'Resignation approved' : 'Resignation rejected');
  };
  return (
    <Stack>
      <PageHeader
        title="Exits and settlements"
        description="Resignations and terminations, and the full and final settlement of each, line by line."
      />
      {exits.isPending ? (
        <PageLoader label="Loading exits…" />
      ) : exits.isError ? (
        <LoadError what="exits" onRetry={() => void exits.refetch()} />
      ) : exits.data.length === 0 ? (
        <Text>No one has resigned or been given notice yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder aria-label="Exits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Employee</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Last working day</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exits.data.map((e) => (
                <Table.Tr key={e.id} bg={selected === e.id ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Th scope="row" fw={500}>
                    {e.employee_name} ({e.employee_code})
                  </Table.Th>
                  <Table.Td>{e.kind === 'resignation' ? 'Resignation' : 'Termination'}</Table.Td>
                  <Table.Td>
                    {formatDate(lastDay(e))}
                    {!e.agreed_last_day && ' (asked)'}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS[e.status].color} variant="light">
                      {STATUS[e.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setSelected(e.id)}
                        aria-label={`Settlement of ${e.employee_name}`}
                      >
                        Settlement
                      </Button>
                      {e.abilities.approve && (
                        <Button
                          size="xs"
                          loading={decide.isPending}
                          onClick={() => void onDecide(e, 'approve')}
                        >
                          Approve
                        </Button>
                      )}
                      {e.abilities.reject && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          loading={decide.isPending}
                          onClick={() => void onDecide(e, 'reject')}
                        >
                          Reject
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TerminationForm onDone={(e) => setSelected(e.id)} />
      {chosen?.status === 'approved' && (
        <AgreeLastDayForm key={`${chosen.id}-${chosen.agreed_last_day}`} exit={chosen} />
      )}
      {selected &&
        (settlement.data ? (
          <SettlementView settlement={settlement.data} title="Full and final settlement (preview)" />
        ) : settlement.isError ? (
          <Alert color="yellow" role="alert">
            {settlement.error.message}
          </Alert>
        ) : (
          <PageLoader label="Working out the settlement…" />
        ))}
    </Stack>
  );
}
