import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';

/** Team dashboard: says what the team area holds today. */
export function TeamDashboard() {
  return (
    <>
      <PageHeader title="Team dashboard" description="Requests from the people who report to you." />
      <Paper withBorder p="lg" radius="md">
        <Text>
          The request queues for your team (reimbursements, regularisation, leaves and profile changes) are in
          the menu. They are not available yet, so there is nothing to approve here today.
        </Text>
      </Paper>
    </>
  );
}
