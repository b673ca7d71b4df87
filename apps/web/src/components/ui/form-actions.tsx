import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog form's footer: Cancel, then the submit button, whose text is `children`. */
export function FormActions({
  onCancel,
  loading,
  disabled,
  children,
}: {
  onCancel: () => void;
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}
