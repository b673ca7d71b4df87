import { PROFILE_IMAGE_MAX_BYTES } from '@hr/contract';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { usePhotoUrl, useUploadPhoto } from '../api/files-api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** The employee's photo (fetched with the token) and, where allowed, an "Upload photo" control. */
export function ProfilePhoto({
  employeeId,
  name,
  hasPhoto,
  canEdit,
  self,
}: {
  employeeId: string;
  name: string;
  hasPhoto: boolean;
  canEdit: boolean;
  /** The viewer's own record: upload without naming the employee. */
  self: boolean;
}) {
  const url = usePhotoUrl(employeeId, hasPhoto);
  const upload = useUploadPhoto(employeeId, self);
  const [error, setError] = useState<string | null>(null);

  async function onFile(file: File | null) {
    if (!file) return;
    setError(null);
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError('The photo is larger than 2 MiB');
      return;
    }
    try {
      await upload.mutateAsync(file);
      toastSuccess('Photo updated');
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'The upload failed';
      setError(message);
      toastError(message);
    }
  }

  return (
    <Group gap="md" align="center">
      <Avatar src={url} alt={`Photo of ${name}`} size={72} radius="xl" color="blue">
        {initials(name)}
      </Avatar>
      {canEdit && (
        <Stack gap={4}>
          <FileButton onChange={(f) => void onFile(f)} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                Upload photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? 'PNG or JPEG, up to 2 MiB'}
          </Text>
        </Stack>
      )}
    </Group>
  );
}
