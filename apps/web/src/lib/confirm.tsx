import { Button, Group, Modal, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * A global confirmation dialog (spec section 2): `await confirm({...})` resolves true on accept and
 * false on reject or close. `<ConfirmHost/>` is rendered once by the signed-in layout.
 */
export type ConfirmOptions = {
  title: string;
  message: React.ReactNode;
  acceptLabel?: string;
  rejectLabel?: string;
  /** Centered dialogs use a 150 ms transition, others 300 ms (spec section 9). */
  centered?: boolean;
  danger?: boolean;
};

type Pending = ConfirmOptions & { resolve: (accepted: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  // A second request answers the first with "reject" rather than stacking dialogs.
  pending?.resolve(false);
  return new Promise<boolean>((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

function settle(accepted: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(accepted);
}

export function confirmTransitionDuration(centered: boolean | undefined): number {
  return centered ? 150 : 300;
}

export function ConfirmHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  return (
    <Modal
      opened={current !== null}
      onClose={() => settle(false)}
      title={current?.title}
      centered={current?.centered}
      transitionProps={{ duration: confirmTransitionDuration(current?.centered) }}
    >
      {current && (
        <>
          <Text size="sm">{current.message}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => settle(false)}>
              {current.rejectLabel ?? 'Cancel'}
            </Button>
            <Button color={current.danger ? 'red' : undefined} onClick={() => settle(true)} data-autofocus>
              {current.acceptLabel ?? 'Confirm'}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
