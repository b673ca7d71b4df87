import { Alert, Button, FileInput, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type PunchUploadOutcome, useUploadPunches } from '../api/use-attendance';

/**
 * Punches from a file (a biometric device's export, or a sheet kept by hand): one row per punch with
 * employee_code and timestamp (company time; YYYY-MM-DD HH:MM), direction and source optional. Any bad
 * row and nothing is stored; the same file twice adds nothing the second time.
 */
export function PunchUploadPanel() {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadPunches();
  const outcome: PunchUploadOutcome | undefined = upload.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Upload punches
        </Title>
        <Text size="sm" c="dimmed">
          A .csv or .xlsx with the columns <b>employee_code</b>, <b>timestamp</b> (company time, e.g.
          2026-03-02 09:30), and optionally <b>direction</b> (in / out) and <b>source</b> (biometric /
          device). Punches already recorded are skipped. If any row is wrong, an unknown employee code
          included, nothing is stored and every bad row is listed: fix the file and upload it again. (A device
          sending punches directly is different: its known employees' punches are kept and the unknown codes
          reported, since a device cannot correct what it sent.)
        </Text>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label="Punch file"
            placeholder="Choose a .csv or .xlsx file"
            accept=".csv,.xlsx"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
            // Mantine's default placeholder grey falls short of AA contrast on white.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={upload.isPending}
            w={{ base: '100%', xs: 320 }}
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Upload punches
          </Button>
        </Group>
        {upload.isError && (
          <Alert color="red" title="The upload failed">
            {upload.error.message}
          </Alert>
        )}
        {outcome?.ok && (
          <Alert color="green" title="Punches uploaded">
            {outcome.message}. The days they fall on have been worked out again.
          </Alert>
        )}
        {outcome && !outcome.ok && (
          <Alert color="red" title={outcome.message}>
            {outcome.errors.length > 0 && (
              <ScrollArea.Autosize mah={240}>
                <Table aria-label="Rows with errors" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Row</Table.Th>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col">Problem</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {outcome.errors.slice(0, 200).map((e) => (
                      <Table.Tr key={`${e.row}-${e.field}`}>
                        <Table.Td>{e.row || '–'}</Table.Td>
                        <Table.Td>{e.field}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {outcome.errors.length > 200 && (
              <Text size="sm">…and {outcome.errors.length - 200} more. Fix these and upload again.</Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
