import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { selectRole, selectUser, useAppSelector } from '../../../lib/store';
import { useCurrentAnnouncements } from '../api/dashboard-api';
import { AnnouncementList } from './announcement-list';
import { AvailableLinks } from './available-links';

/** Employee dashboard: greets the user by employee_name from the stored user data. */
export function UserDashboard() {
  useDocumentTitle('Dashboard');
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const announcements = useCurrentAnnouncements();
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        Hello, {user?.employee_name ?? ''}
      </Title>
      <Text c="dimmed" mb="lg">
        {[user?.company_name, role].filter(Boolean).join(' · ')}
      </Text>
      <section aria-labelledby="announcements-heading">
        <Title order={2} size="h4" mb="sm" id="announcements-heading">
          Announcements
        </Title>
        <AnnouncementList items={announcements.data} loading={announcements.isPending} />
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Available now
          </Title>
          <AvailableLinks
            links={[
              {
                label: 'Your details and password',
                to: '/user/profile',
                permission: ['employee_profile.view'],
                note: 'name, email, company and role; change your password',
              },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Coming next
          </Title>
          <Text size="sm" c="dimmed">
            Attendance, leaves, notifications, reimbursements, letters and payslips are listed in the menu;
            their screens are not available yet.
          </Text>
        </Paper>
      </SimpleGrid>
    </>
  );
}
