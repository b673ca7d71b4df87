import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * A submit button that says why it is disabled (issue 24): `blockedBy` names what is missing
 * ("Choose the end date"); while it is set the button is disabled and the reason shows under it,
 * tied to the button for screen readers.
 */
export function SubmitButton({
  blockedBy,
  children,
  onClick,
  type = 'button',
  ...props
}: ButtonProps & {
  blockedBy: string | null | undefined | false;
  onClick?: () => void;
  type?: 'button' | 'submit';
}) {
  const id = useId();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        {...props}
        type={type}
        onClick={onClick}
        disabled={!!blockedBy || props.disabled}
        aria-describedby={blockedBy ? id : undefined}
      >
        {children}
      </Button>
      {blockedBy && (
        <Text id={id} size="xs" c="gray.7" data-testid="submit-blocked-by">
          {blockedBy}
        </Text>
      )}
    </Stack>
  );
}
