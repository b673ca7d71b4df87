import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirm } from '../../lib/confirm';

type EditAction = { label: string; onClick: () => void };
/** `title` and `message` are the confirmation dialog's; `onConfirm` runs only when it is accepted. */
type DeleteAction = { label: string; title: string; message: string; onConfirm: () => void };

/**
 * A row's edit (pencil) and delete (bin, asks first) icon buttons, each named by its `label`.
 * Either is left out when not given, e.g. `edit={can('edit') && {...}}`; `children` come first.
 */
export function RowActions({
  edit,
  remove,
  children,
}: {
  edit?: EditAction | false;
  remove?: DeleteAction | false;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      {children}
      {edit && (
        <ActionIcon variant="subtle" aria-label={edit.label} onClick={() => edit.onClick()}>
          <IconPencil size={16} />
        </ActionIcon>
      )}
      {remove && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={remove.label}
          onClick={async () => {
            const ok = await confirm({
              title: remove.title,
              message: remove.message,
              acceptLabel: 'Delete',
              danger: true,
            });
            if (ok) remove.onConfirm();
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
