import { Center, Paper, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';

/** Layout of the public screens (sign-in, forgot and reset password). */
export function PublicLayout() {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Text fw={700} size="xl" c="blue" mb="md">
          HR
        </Text>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Paper>
    </Center>
  );
}
