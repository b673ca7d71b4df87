import { Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of the common pages (forbidden, server error, not found). */
export function CommonLayout({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        {children}
      </Stack>
    </Center>
  );
}
