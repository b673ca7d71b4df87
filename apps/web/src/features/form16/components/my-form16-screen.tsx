import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/format';
import { downloadForm16, useMyForm16 } from '../api/form16-api';

/** Documents › Form 16: the employee's certificates, one per financial year. */
export function MyForm16Screen() {
  const q = useMyForm16();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const header = (
    <PageHeader
      title="Form 16"
      description="Your Form 16 (Part B) for each financial year, issued by payroll after the year ends."
    />
  );
  if (q.isError && !q.data) {
    return (
      <>
        {header}
        <LoadError what="your Form 16" message={q.error.message} onRetry={q.refetch} />
      </>
    );
  }
  if (!q.data) return <PageLoader label="Loading your Form 16…" />;
  return (
    <>
      {header}
      {q.data.length === 0 ? (
        <EmptyState>No Form 16 yet: payroll issues it after the financial year ends (by 15 June).</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} maw={640}>
          {q.data.map((f) => (
            <Paper component="li" withBorder p="sm" key={f.financial_year}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>Financial year {f.financial_year}</Text>
                  <Text size="sm" c="dimmed">
                    Assessment year {f.assessment_year} · issued {formatDate(f.issued_at.slice(0, 10))}
                  </Text>
                </div>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden="true" />}
                  loading={busy === f.financial_year}
                  aria-label={`Download Form 16 for ${f.financial_year}`}
                  onClick={async () => {
                    setBusy(f.financial_year);
                    setFailure(null);
                    setFailure(
                      await downloadForm16(
                        `/form16/my/${f.financial_year}/pdf`,
                        `form16-${f.financial_year}.pdf`,
                      ),
                    );
                    setBusy(null);
                  }}
                >
                  Download PDF
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {failure && (
        <Alert color="red" role="alert" mt="md">
          {failure}
        </Alert>
      )}
    </>
  );
}
