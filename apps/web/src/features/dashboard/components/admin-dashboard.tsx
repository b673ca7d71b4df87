import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { AvailableLinks } from './available-links';

/** Admin dashboard: says what the admin area holds today. */
export function AdminDashboard() {
  return (
    <>
      <PageHeader title="Admin dashboard" description="Company-wide administration." />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Available now
          </Title>
          <AvailableLinks
            links={[
              {
                label: 'Open the employee list',
                to: '/admin/employees',
                permission: ['employee_list.view'],
                note: 'search, sort and page through everyone in the company',
              },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Coming next
          </Title>
          <Text size="sm" c="dimmed">
            Request queues, policies, reports, organisation setup, policy setup, letter upload and payroll are
            in the menu; their screens are not available yet.
          </Text>
        </Paper>
      </SimpleGrid>
    </>
  );
}
