import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A dialog form's footer: Cancel, then the submit button, whose text is `children`. A disabled
 * submit says why (issue 24): `blockedBy` names what is missing and disables the button.
 */
export function FormActions({
  onCancel,
  loading,
  disabled,
  blockedBy,
  children,
}: {
  onCancel: () => void;
  loading: boolean;
  disabled?: boolean;
  blockedBy?: string | null | false;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap={4} align="flex-end">
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={loading}
          disabled={disabled || !!blockedBy}
          aria-describedby={blockedBy ? id : undefined}
        >
          {children}
        </Button>
      </Group>
      {blockedBy && (
        <Text id={id} size="xs" c="gray.7" data-testid="submit-blocked-by">
          {blockedBy}
        </Text>
      )}
    </Stack>
  );
}
