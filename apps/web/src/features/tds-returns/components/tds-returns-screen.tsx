import { type TdsChallan, TdsChallanBodySchema, type TdsReturn, tdsQuarterMonths } from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { EmptyState, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { formErrors, useFormErrors } from '../../../lib/form-errors';
import { formatDate, formatPaise, todayIn } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { downloadTdsReturn, useDeleteChallan, useSaveChallan, useTdsReturn } from '../api/tds-returns-api';

/** The financial year of a date: '2026-27' for 1 Apr 2026 to 31 Mar 2027. */
export function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The quarter whose return is due next: the one before today's (returns are filed after it ends). */
export function lastQuarterOf(date: string): { fy: string; quarter: number } {
  const m = Number(date.slice(5, 7));
  const current = m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4;
  if (current === 1) {
    const fy = financialYearOf(date);
    const start = Number(fy.slice(0, 4)) - 1;
    return { fy: `${start}-${String((start + 1) % 100).padStart(2, '0')}`, quarter: 4 };
  }
  return { fy: financialYearOf(date), quarter: current - 1 };
}

const QUARTER_WORDS = [
  'Q1 (April to June)',
  'Q2 (July to September)',
  'Q3 (October to December)',
  'Q4 (January to March)',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const FIELDS = [
  'months',
  'bsr_code',
  'deposited_on',
  'serial_no',
  'tds_paise',
  'surcharge_paise',
  'cess_paise',
  'interest_paise',
  'fee_paise',
] as const;
type Draft = {
  months: string[];
  bsr_code: string;
  deposited_on: string;
  serial_no: string;
  tds: number | '';
  surcharge: number | '';
  cess: number | '';
  interest: number | '';
  fee: number | '';
};
const toPaise = (v: number | '') => (v === '' ? 0 : Math.round(v * 100));
const toRupees = (p: number): number | '' => (p === 0 ? '' : p / 100);

function ChallanForm({
  fy,
  quarter,
  challan,
  onClose,
}: {
  fy: string;
  quarter: number;
  challan: TdsChallan | null;
  onClose: () => void;
}) {
  const months = tdsQuarterMonths(fy, quarter);
  const save = useSaveChallan();
  const errs = useFormErrors(FIELDS);
  const [d, setD] = useState<Draft>(() => ({
    months: challan?.months ?? [],
    bsr_code: challan?.bsr_code ?? '',
    deposited_on: challan?.deposited_on ?? '',
    serial_no: challan?.serial_no ?? '',
    tds: challan ? toRupees(challan.tds_paise) : '',
    surcharge: challan ? toRupees(challan.surcharge_paise) : '',
    cess: challan ? toRupees(challan.cess_paise) : '',
    interest: challan ? toRupees(challan.interest_paise) : '',
    fee: challan ? toRupees(challan.fee_paise) : '',
  }));
  const set = <K extends keyof Draft>(k: K, v: Draft[K], field: string) => {
    setD((p) => ({ ...p, [k]: v }));
    errs.clear(field);
  };
  const body = () => ({
    financial_year: fy,
    quarter,
    months: d.months,
    bsr_code: d.bsr_code.trim(),
    deposited_on: d.deposited_on,
    serial_no: d.serial_no.trim(),
    tds_paise: toPaise(d.tds),
    surcharge_paise: toPaise(d.surcharge),
    cess_paise: toPaise(d.cess),
    interest_paise: toPaise(d.interest),
    fee_paise: toPaise(d.fee),
  });
  const onSave = async () => {
    const b = body();
    const local = formErrors(TdsChallanBodySchema, b);
    // 'months.0' and the like belong to the months field.
    const byField = Object.fromEntries(Object.entries(local).map(([k, v]) => [k.split('.')[0]!, v]));
    if (!errs.set(byField)) return;
    try {
      const res = await save.mutateAsync({ id: challan?.id ?? null, body: b });
      toastSuccess(res.message);
      onClose();
    } catch (e) {
      errs.fromServer(e);
    }
  };
  const money = (k: 'tds' | 'surcharge' | 'cess' | 'interest' | 'fee', field: string, label: string) => (
    <NumberInput
      label={label}
      leftSection="₹"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      value={d[k]}
      onChange={(v) => set(k, typeof v === 'number' ? v : v === '' ? '' : Number(v), field)}
      error={errs.of(field)}
      required={k === 'tds'}
    />
  );
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="Months whose TDS this challan paid"
        withAsterisk
        value={d.months}
        onChange={(v) => set('months', v, 'months')}
        error={errs.of('months')}
      >
        <Group mt={4}>
          {months.map((m) => (
            <Checkbox key={m} value={m} label={monthLabel(m)} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="BSR code"
          description="7 digits, on the challan"
          inputMode="numeric"
          maxLength={7}
          required
          value={d.bsr_code}
          onChange={(e) => set('bsr_code', e.currentTarget.value, 'bsr_code')}
          error={errs.of('bsr_code')}
        />
        <DateField
          label="Date of deposit"
          required
          maxDate={todayIn()}
          value={d.deposited_on}
          onChange={(v) => set('deposited_on', v, 'deposited_on')}
          error={errs.of('deposited_on')}
        />
        <TextInput
          label="Challan serial number"
          description="5 digits"
          inputMode="numeric"
          maxLength={5}
          required
          value={d.serial_no}
          onChange={(e) => set('serial_no', e.currentTarget.value, 'serial_no')}
          error={errs.of('serial_no')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {money('tds', 'tds_paise', 'Tax (TDS)')}
        {money('surcharge', 'surcharge_paise', 'Surcharge')}
        {money('cess', 'cess_paise', 'Health and education cess')}
        {money('interest', 'interest_paise', 'Interest')}
        {money('fee', 'fee_paise', 'Late fee (s.234E)')}
      </SimpleGrid>
      {errs.summary && (
        <Alert color="red" role="alert">
          {errs.summary}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton
          blockedBy={errs.has ? 'Correct the highlighted fields' : null}
          loading={save.isPending}
          onClick={() => void onSave()}
        >
          Save challan
        </SubmitButton>
      </Group>
    </Stack>
  );
}

function Months({ r }: { r: TdsReturn }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Pay run</Table.Th>
            <Table.Th ta="right">Employees with TDS</Table.Th>
            <Table.Th ta="right">TDS deducted</Table.Th>
            <Table.Th ta="right">Under a challan</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{monthLabel(m.month)}</Table.Td>
              <Table.Td>
                {m.confirmed ? (
                  <Badge color="green">Confirmed</Badge>
                ) : (
                  <Badge color="gray">Not confirmed</Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{m.employees}</Table.Td>
              <Table.Td ta="right">{formatPaise(m.tds_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(m.challan_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Challans({
  r,
  canEdit,
  onEdit,
}: {
  r: TdsReturn;
  canEdit: boolean;
  onEdit: (c: TdsChallan) => void;
}) {
  const del = useDeleteChallan();
  if (r.challans.length === 0) {
    return <EmptyState>No challans entered for this quarter yet.</EmptyState>;
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>BSR code / serial</Table.Th>
            <Table.Th>Deposited on</Table.Th>
            <Table.Th>Months</Table.Th>
            <Table.Th ta="right">Deposited</Table.Th>
            <Table.Th ta="right">TDS it carries</Table.Th>
            {canEdit && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.challans.map((c) => {
            const name = `challan ${c.bsr_code}/${c.serial_no} of ${formatDate(c.deposited_on)}`;
            return (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.bsr_code} / {c.serial_no}
                </Table.Td>
                <Table.Td>{formatDate(c.deposited_on)}</Table.Td>
                <Table.Td>{c.months.map(monthLabel).join(', ')}</Table.Td>
                <Table.Td ta="right">{formatPaise(c.total_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(c.covers_paise)}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onEdit(c)}
                        aria-label={`Edit ${name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Delete ${name}`}
                        loading={del.isPending && del.variables === c.id}
                        onClick={async () => {
                          const ok = await confirm({
                            title: 'Delete this challan?',
                            message: `Delete ${name} (${formatPaise(c.total_paise)})? The months it paid will need another challan before the return can be made.`,
                            acceptLabel: 'Delete challan',
                            danger: true,
                          });
                          if (!ok) return;
                          try {
                            toastSuccess((await del.mutateAsync(c.id)).message);
                          } catch (e) {
                            toastError(
                              e instanceof ApiError ? e.message : 'The challan could not be deleted',
                            );
                          }
                        }}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Payroll › TDS returns: Form 24Q of a quarter, its challans, its check and its file. */
export function TdsReturnsScreen() {
  const today = todayIn();
  const initial = lastQuarterOf(today);
  const [fy, setFy] = useState(initial.fy);
  const [quarter, setQuarter] = useState(initial.quarter);
  const ret = useTdsReturn(fy, quarter);
  const canEdit = useAppSelector(selectPermissions).includes('admin_dashboard.edit');
  const [editing, setEditing] = useState<TdsChallan | 'new' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const thisYear = Number(financialYearOf(today).slice(0, 4));
  const years = [0, 1, 2].map((i) => {
    const s = thisYear - i;
    return `${s}-${String((s + 1) % 100).padStart(2, '0')}`;
  });
  const r = ret.data;

  return (
    <>
      <PageHeader
        title="TDS returns"
        description="The quarterly return of tax deducted from salary (Form 24Q): enter the challans that deposited the tax, put right what the check finds, then download the file for the return preparation utility."
      />
      <Group mb="md" align="flex-end">
        <Select
          label="Financial year"
          data={years}
          value={fy}
          allowDeselect={false}
          onChange={(v) => v && setFy(v)}
          w={160}
        />
        <Select
          label="Quarter"
          data={QUARTER_WORDS.map((label, i) => ({ value: String(i + 1), label }))}
          value={String(quarter)}
          allowDeselect={false}
          onChange={(v) => v && setQuarter(Number(v))}
          w={240}
        />
      </Group>
      {ret.isLoading ? (
        <PageLoader label="Loading the return…" />
      ) : ret.isError || !r ? (
        <LoadError
          what="the TDS return"
          message={ret.error instanceof ApiError ? ret.error.message : undefined}
          onRetry={() => ret.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Tax deducted in {QUARTER_WORDS[quarter - 1]} of {fy}
            </Title>
            <Months r={r} />
            <Text size="sm" mt="sm">
              {r.deductee_rows} deductee {r.deductee_rows === 1 ? 'row' : 'rows'}, TDS{' '}
              {formatPaise(r.tds_paise)}
              {r.salary_records !== null && `; salary details of ${r.salary_records} employees for the year`}.
            </Text>
          </Card>

          <Card withBorder padding="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                Challans
              </Title>
              {canEdit && <Button onClick={() => setEditing('new')}>Add challan</Button>}
            </Group>
            <Challans r={r} canEdit={canEdit} onEdit={setEditing} />
          </Card>

          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Check and file
            </Title>
            {r.errors.length > 0 ? (
              <Alert
                color="red"
                title={`${r.errors.length} ${r.errors.length === 1 ? 'problem' : 'problems'} to put right before the file can be made`}
              >
                <List size="sm" spacing={4}>
                  {r.errors.map((e, i) => (
                    // The same words may repeat for different rows; the position keeps them apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rebuilt on each load
                    <List.Item key={i}>{e.message}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : r.ready ? (
              <Alert color="green" title="Ready to file">
                Every row checks out. Download the file and import it into the return preparation utility,
                which asks for the person responsible before the validation utility makes the return.
              </Alert>
            ) : (
              <EmptyState>
                No tax was deducted in this quarter’s confirmed pay runs: there is nothing to file.
              </EmptyState>
            )}
            <Group justify="flex-end" mt="sm">
              <SubmitButton
                blockedBy={!r.ready ? 'Put right every problem in the list first' : null}
                loading={downloading}
                onClick={async () => {
                  setDownloading(true);
                  try {
                    toastSuccess(`Downloaded ${await downloadTdsReturn(fy, quarter)}`);
                  } catch (e) {
                    toastError(e instanceof ApiError ? e.message : 'The file could not be made');
                  } finally {
                    setDownloading(false);
                  }
                }}
              >
                Download Form 24Q file
              </SubmitButton>
            </Group>
          </Card>
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add challan' : 'Edit challan'}
        size="lg"
      >
        {editing !== null && (
          <ChallanForm
            fy={fy}
            quarter={quarter}
            challan={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}
