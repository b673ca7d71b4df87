import {
  type OpeningYtdPreview,
  type PayRunSettings,
  type PayRunSettingsBody,
  PayRunSettingsBodySchema,
} from '@hr/contract';
import {
  Alert,
  Button,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatPaise, todayIn } from '../../../lib/format';
import { toastError } from '../../../lib/toasts';
import {
  downloadYtdTemplate,
  errorText,
  previewYtd,
  useOpeningYtd,
  useRunSettings,
  useSaveRunSettings,
  useUploadYtd,
} from '../api/payrun-api';
import { PreviewRows, RowErrors } from './sheet-panel';

const TEXT_FIELDS: [keyof PayRunSettings, string][] = [
  ['legal_name', 'Legal name'],
  ['address_line1', 'Address line 1'],
  ['address_line2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['postal_code', 'PIN code'],
  ['pan', 'Company PAN'],
  ['tan', 'TAN'],
  ['debit_account_number', 'Salary account number'],
  ['debit_ifsc', 'Salary account IFSC'],
  ['debit_bank_name', 'Salary account bank'],
];
const SWITCHES: [keyof PayRunSettings, string, string][] = [
  ['maker_checker', 'Maker and checker', 'The administrator who computed a run may not confirm it'],
  [
    'payslip_password',
    'Password-protect payslips',
    'First four letters of the PAN in capitals and year of birth',
  ],
  ['mail_payslips', 'Mail payslips', 'Each employee gets a mail when their payslip is ready'],
  ['absent_as_lop', 'Absence is loss of pay', 'Days marked absent with no leave count as loss of pay'],
];

function SettingsForm({ settings, canEdit }: { settings: PayRunSettings; canEdit: boolean }) {
  const [v, setV] = useState<PayRunSettings>(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRunSettings();
  useEffect(() => setV(settings), [settings]);
  const set = <K extends keyof PayRunSettings>(k: K, value: PayRunSettings[K]) =>
    setV((s) => ({ ...s, [k]: value }));

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: PayRunSettingsBody = { ...v };
    for (const [k] of TEXT_FIELDS) {
      const t = (v[k] as string | null)?.trim();
      (body as Record<string, unknown>)[k] = t ? t : null;
    }
    if (body.proration !== 'fixed') body.proration_fixed_days = null;
    const found = formErrors(PayRunSettingsBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(body, {
      onError: (err) => {
        if (err instanceof ApiError && err.errors.length) setErrors(serverFieldErrors(err.errors));
        else toastError(err.message);
      },
    });
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Pay run settings"
    >
      <Title order={2} size="h4" mb="sm">
        Pay run settings
      </Title>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Net change flagged above (%)"
              value={v.net_change_threshold_percent}
              onChange={(n) => set('net_change_threshold_percent', Number(n))}
              error={errors.net_change_threshold_percent}
              min={1}
              max={100}
            />
            <NumberInput
              label="Bank account cooling-off (days)"
              value={v.bank_cooling_off_days}
              onChange={(n) => set('bank_cooling_off_days', Number(n))}
              error={errors.bank_cooling_off_days}
              min={0}
              max={365}
              allowDecimal={false}
            />
            <NativeSelect
              label="Days in a month's salary"
              data={[
                { value: 'calendar', label: 'Calendar days' },
                { value: 'fixed', label: 'A fixed number of days' },
                { value: 'working', label: 'Working days' },
              ]}
              value={v.proration}
              onChange={(e) => set('proration', e.currentTarget.value as PayRunSettings['proration'])}
            />
            {v.proration === 'fixed' && (
              <NumberInput
                label="Fixed days"
                value={v.proration_fixed_days ?? ''}
                onChange={(n) => set('proration_fixed_days', n === '' ? null : Number(n))}
                error={errors.proration_fixed_days}
                min={26}
                max={31}
                allowDecimal={false}
              />
            )}
          </SimpleGrid>
          {SWITCHES.map(([k, label, description]) => (
            <Switch
              key={k}
              label={label}
              description={description}
              checked={Boolean(v[k])}
              onChange={(e) => set(k, e.currentTarget.checked as never)}
            />
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map(([k, label]) => (
              <TextInput
                key={k}
                label={label}
                value={(v[k] as string | null) ?? ''}
                onChange={(e) => set(k, e.currentTarget.value as never)}
                error={errors[k]}
              />
            ))}
          </SimpleGrid>
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </Paper>
  );
}

/** The Indian financial year a date falls in, e.g. '2026-27'. */
function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

function OpeningYtd({ canEdit }: { canEdit: boolean }) {
  const current = financialYearOf(todayIn());
  const start = Number(current.slice(0, 4));
  const years = [start - 1, start].map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  const [fy, setFy] = useState(current);
  const [page, setPage] = useState(1);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<OpeningYtdPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const upload = useUploadYtd();
  const list = useOpeningYtd({ page, records: 10, financial_year: fy });

  const onPreview = async () => {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    try {
      setPreview(await previewYtd(fy, file));
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Opening year-to-date figures">
      <Title order={2} size="h4" mb="xs">
        Opening year-to-date figures
      </Title>
      <Text size="sm" mb="sm">
        For a company that starts running payroll here in the middle of a financial year: each employee's
        figures paid so far this year, so that tax and the year-to-date on payslips are right.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Financial year"
          data={years}
          value={fy}
          onChange={(e) => {
            setFy(e.currentTarget.value);
            setPage(1);
            setPreview(null);
          }}
        />
        {canEdit && (
          <>
            <Button
              variant="default"
              onClick={() => void downloadYtdTemplate(fy).catch((e) => toastError(errorText(e).message))}
            >
              Download opening figures template
            </Button>
            <FileInput
              label="Opening figures file"
              description="An .xlsx or .csv file"
              accept=".xlsx,.csv"
              value={file}
              onChange={(f) => {
                setFile(f);
                setPreview(null);
              }}
              clearable
              style={{ minWidth: 220, flex: 1 }}
            />
            <Button onClick={() => void onPreview()} disabled={!file} loading={busy}>
              Preview opening figures
            </Button>
          </>
        )}
      </Group>
      {failure && (
        <Alert color="red" title={failure.message} mt="sm" role="alert">
          {failure.details.slice(0, 20).map((d) => (
            <Text size="sm" key={d}>
              {d}
            </Text>
          ))}
        </Alert>
      )}
      {preview && (
        <Stack gap="xs" mt="sm">
          <Alert
            color={preview.errors.length ? 'red' : 'green'}
            role="status"
            title={`${preview.rows_total} rows, ${preview.errors.length} errors`}
          >
            {preview.notes.map((n) => (
              <Text size="sm" key={n}>
                {n}
              </Text>
            ))}
          </Alert>
          <RowErrors errors={preview.errors} label="Opening figures row errors" />
          <PreviewRows
            rows={preview.rows}
            label="Opening figures preview"
            columns={[
              { label: 'Code', cell: (r) => r.employee_code },
              { label: 'Employee', cell: (r) => r.employee_name },
              { label: 'Months paid', cell: (r) => r.months_paid ?? '—' },
              { label: 'Gross', cell: (r) => formatPaise(r.gross_paise) },
              { label: 'TDS', cell: (r) => formatPaise(r.tds_paise) },
            ]}
          />
          <Group justify="flex-end">
            <Button
              disabled={preview.errors.length > 0}
              loading={upload.isPending}
              onClick={() =>
                upload.mutate(
                  { fy, importId: preview.import_id },
                  { onSuccess: () => setPreview(null), onError: (e) => setFailure(errorText(e)) },
                )
              }
            >
              Upload opening figures
            </Button>
          </Group>
        </Stack>
      )}
      <Title order={3} size="h5" mt="md" mb="xs">
        Figures in force for {fy}
      </Title>
      {list.isError && !list.data ? (
        <LoadError what="opening figures" message={list.error.message} onRetry={list.refetch} />
      ) : !list.data ? (
        <PageLoader label="Loading opening figures…" />
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No opening figures for {fy}.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={`Opening figures ${fy}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Code</Table.Th>
                  <Table.Th scope="col">Employee</Table.Th>
                  <Table.Th scope="col">Months paid</Table.Th>
                  <Table.Th scope="col">Gross</Table.Th>
                  <Table.Th scope="col">Taxable</Table.Th>
                  <Table.Th scope="col">TDS</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((r) => (
                  <Table.Tr key={r.employee_code}>
                    <Table.Td>{r.employee_code}</Table.Td>
                    <Table.Td>{r.employee_name}</Table.Td>
                    <Table.Td>{r.months_paid ?? '—'}</Table.Td>
                    <Table.Td>{formatPaise(r.gross_paise)}</Table.Td>
                    <Table.Td>{formatPaise(r.taxable_paise)}</Table.Td>
                    <Table.Td>{formatPaise(r.tds_paise)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            total={list.data.meta.totalCount}
            page={page}
            records={10}
            noun="employees"
            onPage={setPage}
            labelControls
          />
        </>
      )}
    </Paper>
  );
}

/** Pay-run settings and the opening year-to-date sheet, a tab of Run Payroll. */
export function PayRunSettingsSection({ canEdit }: { canEdit: boolean }) {
  const q = useRunSettings();
  return (
    <Stack>
      {q.isError && !q.data ? (
        <LoadError what="the pay run settings" message={q.error.message} onRetry={q.refetch} />
      ) : !q.data ? (
        <PageLoader label="Loading the settings…" />
      ) : (
        <SettingsForm settings={q.data} canEdit={canEdit} />
      )}
      <OpeningYtd canEdit={canEdit} />
    </Stack>
  );
}
