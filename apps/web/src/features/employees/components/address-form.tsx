import { ADDRESS_KINDS, type AddressInput, AddressSchema, type EmployeeProfile } from '@hr/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formErrors, maxLengthOf, serverFieldErrors } from '../../../lib/form-errors';
import { enumLabel, fieldLabel } from '../../../lib/labels';
import { toastSuccess } from '../../../lib/toasts';

type Kind = (typeof ADDRESS_KINDS)[number];
type Draft = {
  kind: Kind;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};
const PARTS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;
const SHAPE = AddressSchema.shape as unknown as Record<string, unknown>;

/**
 * The present and permanent addresses as one form. `save` sends them (the employee's own profile
 * update, or an administrator's update of the record); an address left empty is not sent.
 */
export function AddressForm({
  p,
  save,
  saving,
}: {
  p: EmployeeProfile;
  save: (addresses: AddressInput[]) => Promise<unknown>;
  saving: boolean;
}) {
  const draftOf = (kind: Kind): Draft => {
    const a = p.addresses.find((x) => x.kind === kind);
    return {
      kind,
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      postal_code: a?.postal_code ?? '',
      country: a?.country ?? 'India',
    };
  };
  const [drafts, setDrafts] = useState<Draft[]>(ADDRESS_KINDS.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (i: number, k: keyof Draft, v: string) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const filled = drafts
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.line1 || d.line2 || d.city || d.state || d.postal_code);
    const found: Record<string, string> = {};
    const body = filled.map(({ d }) => ({
      ...d,
      line1: d.line1.trim(),
      line2: d.line2.trim() || null,
      city: d.city.trim(),
      state: d.state.trim(),
      postal_code: d.postal_code.trim(),
      country: d.country.trim() || undefined,
    }));
    body.forEach((a, n) => {
      const i = filled[n]!.i;
      for (const [k, m] of Object.entries(formErrors(AddressSchema, a))) found[`${i}.${k}`] = m;
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save(body as AddressInput[]);
      toastSuccess('Addresses saved');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // The server names fields as addresses.<n>.<part>, n counting the addresses sent.
      const server: Record<string, string> = {};
      for (const [path, m] of Object.entries(serverFieldErrors(err.errors))) {
        const match = /addresses\.(\d+)\.(\w+)/.exec(path);
        if (match) server[`${filled[Number(match[1])]?.i ?? 0}.${match[2]}`] = m;
      }
      setErrors(server);
      setFormError(err.message);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Addresses">
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {drafts.map((d, i) => (
            <Paper withBorder p="md" key={d.kind}>
              <Title order={3} size="h5" mb="sm">
                {enumLabel(d.kind)} address
              </Title>
              <Stack gap="xs">
                {PARTS.map((k) => (
                  <TextInput
                    key={k}
                    label={`${enumLabel(d.kind)} ${fieldLabel(k)
                      .replace(/^Address /, 'address ')
                      .toLowerCase()}`}
                    value={d[k]}
                    onChange={(e) => set(i, k, e.currentTarget.value)}
                    maxLength={maxLengthOf(SHAPE, k)}
                    error={errors[`${i}.${k}`]}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save addresses
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
