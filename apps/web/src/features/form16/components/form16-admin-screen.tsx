import { Alert, Button, Card, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formatDateTime, todayIn } from '../../../lib/format';
import { useForm16Issue, useIssueForm16 } from '../api/form16-api';

/** The financial year of a date: '2026-27' for 1 Apr 2026 to 31 Mar 2027. */
export function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const shift = (fy: string, n: number) => {
  const y = Number(fy.slice(0, 4)) + n;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
};
const endOf = (fy: string) => `31 Mar ${Number(fy.slice(0, 4)) + 1}`;
const monthWords = (ym: string) =>
  `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** Payroll › Form 16: issue a financial year's certificates to every employee paid in it. */
export function Form16AdminScreen() {
  const today = todayIn();
  const current = financialYearOf(today);
  // The year just ended is the one issued (by 15 June); the current one is listed to show why not yet.
  const years = [0, -1, -2, -3, -4].map((n) => shift(current, n));
  const [fy, setFy] = useState(shift(current, -1));
  const q = useForm16Issue(fy);
  const issue = useIssueForm16(fy);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const ended = today > `${Number(fy.slice(0, 4)) + 1}-03-31`;
  const d = q.data;

  const run = async (reissue: boolean) => {
    if (
      reissue &&
      !(await confirm({
        title: `Issue Form 16 for ${fy} again?`,
        message: `Every certificate of ${fy} is made again from the confirmed payslips and the declarations as they are now, and replaces the one issued before. Employees are not mailed again.`,
        acceptLabel: 'Issue again',
      }))
    ) {
      return;
    }
    setSaid(null);
    issue.mutate(reissue, {
      onSuccess: (res) => setSaid({ ok: true, text: res.message }),
      onError: (e) =>
        setSaid({
          ok: false,
          text: e instanceof ApiError || e instanceof Error ? e.message : 'Something went wrong',
        }),
    });
  };

  return (
    <>
      <PageHeader
        title="Form 16"
        description="Part B of each employee's Form 16, made from the year's confirmed payslips and their tax declaration. Employees download theirs under Documents."
      />
      <Stack gap="md" maw={720}>
        <NativeSelect
          label="Financial year"
          data={years.map((y) => ({ value: y, label: `${y} (assessment year ${shift(y, 1)})` }))}
          value={fy}
          onChange={(e) => {
            setFy(e.currentTarget.value);
            setSaid(null);
          }}
          maw={320}
        />
        {q.isError && !d ? (
          <LoadError what="Form 16" message={q.error.message} onRetry={q.refetch} />
        ) : !d ? (
          <PageLoader label="Loading Form 16…" />
        ) : (
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Financial year {d.financial_year}
              </Title>
              <Text size="sm">
                {d.confirmed_months.length === 0
                  ? 'No pay run of this year is confirmed.'
                  : `Confirmed pay runs: ${d.confirmed_months.length} month(s), ${monthWords(d.confirmed_months[0]!)} to ${monthWords(d.confirmed_months[d.confirmed_months.length - 1]!)}. Employees paid: ${d.employees}.`}
              </Text>
              {d.status === 'issuing' && (
                <>
                  <Text size="sm" role="status">
                    Issuing: {d.issued} of {d.employees} certificates made
                  </Text>
                  <Progress
                    value={d.employees ? (d.issued / d.employees) * 100 : 0}
                    aria-label="Certificates made"
                  />
                </>
              )}
              {d.status === 'issued' && (
                <Text size="sm" role="status">
                  Issued to {d.issued} of {d.employees} employees
                  {d.finished_at ? ` on ${formatDateTime(d.finished_at)}` : ''}.
                </Text>
              )}
              {d.status === 'none' && <Text size="sm">Not issued yet.</Text>}
              {!ended && (
                <Text size="sm" c="dimmed">
                  Form 16 for {fy} can be issued once the year ends on {endOf(fy)}.
                </Text>
              )}
              <Group>
                <Button
                  onClick={() => void run(false)}
                  loading={issue.isPending}
                  disabled={!ended || d.employees === 0}
                >
                  {d.status === 'issued'
                    ? 'Issue to employees still missing'
                    : d.status === 'issuing'
                      ? 'Resume issuing'
                      : 'Issue Form 16'}
                </Button>
                {d.status === 'issued' && (
                  <Button variant="default" onClick={() => void run(true)} disabled={issue.isPending}>
                    Issue again
                  </Button>
                )}
              </Group>
              {said && (
                <Alert color={said.ok ? 'blue' : 'red'} role={said.ok ? 'status' : 'alert'}>
                  {said.text}
                </Alert>
              )}
            </Stack>
          </Card>
        )}
      </Stack>
    </>
  );
}
