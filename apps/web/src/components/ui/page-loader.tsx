import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Placeholder while a lazy screen or its data loads. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
