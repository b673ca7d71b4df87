import {
  LEAVE_REQUEST_STATUSES,
  type LeaveBalance,
  type LeavePreview,
  type LeaveRequest,
  type LeaveRequestStatus,
  type MyLeaveQuery,
  MyLeaveQuerySchema,
} from '@hr/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type Column,
  DataTable,
  FilterSelect,
  specFromContract,
  useListParams,
} from '../../../components/data-table';
import { DateField } from '../../../components/ui/date-field';
import { PageHeader } from '../../../components/ui/page-header';
import { SubmitButton } from '../../../components/ui/submit-button';
import { can } from '../../../lib/abilities';
import { ApiError } from '../../../lib/api-client';
import { mondayLead, WEEKDAY_LABELS } from '../../../lib/calendar';
import { confirm } from '../../../lib/confirm';
import { useFormErrors } from '../../../lib/form-errors';
import { formatDate, todayIn } from '../../../lib/format';
import { enumLabel } from '../../../lib/labels';
import { useAppSelector, useCompanyTimeZone } from '../../../lib/store';
import { selectPermissions, selectUser } from '../../../lib/store/auth-slice';
import { toastSuccess } from '../../../lib/toasts';
import {
  useApplyLeave,
  useExplainer,
  useLeaveCalendar,
  useLeaveConfiguration,
  useMyBalances,
  useMyLeaves,
  usePreview,
  useRemoveLeave,
  useUploadLeaveDocument,
} from '../api/use-leave';
import { EncashLeave } from './leave-encashment';
import { LeaveDocumentButton, LeaveStatusBadge } from './leave-parts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
/** An amount in the leave type's unit: "12.5 h" for types in hours, else days. */
const amountIn = (n: number, unit: string | undefined) => (unit === 'hour' ? `${n} h` : days(n));

/** Balances, each opening onto the ledger entries behind it. */
function Balances({ onExplain }: { onExplain: (b: LeaveBalance) => void }) {
  const balances = useMyBalances();
  if (balances.isLoading) return <Text>Loading balances…</Text>;
  if (balances.isError) return <Alert color="red">Balances could not be loaded.</Alert>;
  if (!balances.data?.length) return <Text c="dimmed">No leave types apply to you yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="group" aria-label="Leave balances">
      {balances.data.map((b) => (
        <Card key={b.leave_type_id} withBorder padding="sm" role="group" aria-label={`${b.name} balance`}>
          <Text fw={600}>{b.name}</Text>
          {b.paid ? (
            <>
              <Text size="xl" fw={700} data-testid={`balance-${b.code}`}>
                {b.unit === 'hour' ? `${b.balance} h` : b.balance}
              </Text>
              <Text size="sm">
                {b.pending > 0
                  ? `${amountIn(b.pending, b.unit)} pending, ${b.unit === 'hour' ? `${b.available} h` : b.available} available`
                  : b.unit === 'hour'
                    ? 'hours available'
                    : 'days available'}
              </Text>
              {/* The label wraps: a long type name in a quarter-width card was cut off. */}
              <Button
                size="xs"
                variant="light"
                mt="xs"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                onClick={() => onExplain(b)}
              >
                Explain {b.name} balance
              </Button>
            </>
          ) : (
            <Text size="sm">Unpaid: no balance, counted as loss of pay</Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Explainer({ balance, onClose }: { balance: LeaveBalance | null; onClose: () => void }) {
  const employeeId = useAppSelector((s) => s.auth.user_data?.employee_id ?? null);
  const q = useExplainer(balance ? employeeId : null, balance?.leave_type_id ?? null);
  return (
    <Drawer
      opened={balance !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={`${balance?.name ?? ''}: how the balance adds up`}
      closeButtonProps={{ 'aria-label': 'Close the explainer' }}
    >
      {q.isLoading && <Text>Loading…</Text>}
      {q.isError && <Alert color="red">The entries could not be loaded.</Alert>}
      {q.data && (
        <Stack gap="sm">
          <Text>
            Balance <b>{q.data.balance}</b> from {q.data.entries.length} ledger entries.
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder aria-label="Ledger entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Entry</Table.Th>
                  <Table.Th scope="col">Days</Table.Th>
                  <Table.Th scope="col">Balance</Table.Th>
                  <Table.Th scope="col">Rule</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDate(e.date)}</Table.Td>
                    <Table.Td>
                      {enumLabel(e.kind)}
                      <Text size="xs">{e.reason}</Text>
                    </Table.Td>
                    <Table.Td>{e.amount > 0 ? `+${e.amount}` : e.amount}</Table.Td>
                    <Table.Td>{e.running}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.rule ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Drawer>
  );
}

type Session = 'full_day' | 'first_half' | 'second_half';

function PreviewTable({ preview, unit }: { preview: LeavePreview; unit: string | undefined }) {
  const u = (n: number) => (unit === 'hour' ? `${n} h` : `${n}`);
  return (
    <Stack gap="xs" aria-live="polite">
      <Text fw={600} data-testid="preview-total">
        {amountIn(preview.total, unit)} counted
      </Text>
      <Table withTableBorder aria-label={unit === 'hour' ? 'Hours counted' : 'Days counted'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Counted</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.days.map((d) => (
            <Table.Tr key={d.date}>
              <Table.Td>{formatDate(d.date)}</Table.Td>
              <Table.Td>{u(d.amount)}</Table.Td>
              <Table.Td>{d.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        Balance {u(preview.balance)}, available {u(preview.available)}, after this request{' '}
        {u(preview.balance_after)}.
      </Text>
      {preview.violations.length > 0 && (
        <Alert color="red" title="This request breaks a rule">
          {preview.violations.map((v) => (
            <Text size="sm" key={v.rule + v.message}>
              {v.message}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

const APPLY_FIELDS = [
  'leave_type_id',
  'from_date',
  'to_date',
  'day_type',
  'half_day_type',
  'from_time',
  'to_time',
  'reason',
  'document_id',
] as const;

function ApplyForm() {
  const config = useLeaveConfiguration();
  const preview = usePreview();
  const apply = useApplyLeave();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [session, setSession] = useState<Session>('full_day');
  const [fromTime, setFromTime] = useState('');
  const [toTime, setToTime] = useState('');
  const errs = useFormErrors(APPLY_FIELDS);
  const [reason, setReason] = useState('');
  const [docFile, setDocFile] = useState<File | null>(null);
  const [doc, setDoc] = useState<{ id: string; name: string } | null>(null);
  const [docError, setDocError] = useState<string | null>(null);
  const user = useAppSelector(selectUser);
  const upload = useUploadLeaveDocument(user?.employee_id);
  const type = config.data?.leave_types.find((t) => t.id === typeId);
  // A type in hours takes one date with a start and an end time, no half days.
  const hourly = type?.unit === 'hour';

  const input = () =>
    hourly
      ? {
          leave_type_id: typeId ?? '',
          from_date: from,
          to_date: from,
          day_type: 'full_day' as const,
          half_day_type: null,
          from_time: fromTime,
          to_time: toTime,
          reason: reason.trim() || null,
          document_id: doc?.id ?? null,
        }
      : {
          leave_type_id: typeId ?? '',
          from_date: from,
          to_date: session === 'full_day' ? to || from : from,
          day_type: session === 'full_day' ? ('full_day' as const) : ('half_day' as const),
          half_day_type: session === 'full_day' ? null : session,
          reason: reason.trim() || null,
          document_id: doc?.id ?? null,
        };
  /** What the form still needs before it can be counted and sent, in words; null when complete. */
  const missing = !typeId
    ? 'Choose a leave type'
    : !from
      ? hourly || session !== 'full_day'
        ? 'Choose the date'
        : 'Choose the start date'
      : hourly && (!fromTime || !toTime)
        ? 'Give the start and end time'
        : !hourly && session === 'full_day' && !to
          ? 'Choose the end date'
          : null;
  const ready = missing === null;
  /** A field changed: its message and the count go; the count comes back by itself. */
  const reset = (...fields: string[]) => {
    preview.reset();
    errs.clear(...fields);
  };
  /** The end time after the start time, checked here before the server says it. */
  const timesOk = () => {
    if (hourly && fromTime && toTime && toTime <= fromTime)
      return errs.set({ to_time: 'The end time must be after the start time' });
    return true;
  };

  // The days are counted as soon as the type and dates are complete (issue 24: no hidden
  // "Preview days" step between the person and the Submit button).
  const previewKey = ready ? JSON.stringify({ ...input(), reason: null }) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the input
  useEffect(() => {
    if (!previewKey || !timesOk()) return;
    preview.mutateAsync(JSON.parse(previewKey)).catch((e: unknown) => errs.fromServer(e));
  }, [previewKey]);
  // The file is checked by the server (content and size) and stored as the employee's document.
  const onDocument = async (file: File | null) => {
    errs.clear('document_id');
    setDocError(null);
    setDocFile(file);
    if (!file) return setDoc(null);
    try {
      const d = await upload.mutateAsync(file);
      setDoc({ id: d.id, name: d.file_name });
    } catch (e) {
      setDoc(null);
      setDocFile(null);
      setDocError(e instanceof ApiError ? e.message : 'Could not upload the document');
    }
  };
  const onSubmit = async () => {
    if (!timesOk()) return;
    try {
      await apply.mutateAsync(input());
      toastSuccess('Leave requested');
      preview.reset();
      setFrom('');
      setTo('');
      setFromTime('');
      setToTime('');
      setReason('');
      setDoc(null);
      setDocFile(null);
    } catch (e) {
      errs.fromServer(e);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="apply-title">
      <Title order={2} size="h4" id="apply-title" mb="sm">
        Apply for leave
      </Title>
      <Stack gap="sm">
        <Select
          label="Leave type"
          required
          data={(config.data?.leave_types ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={typeId}
          error={errs.of('leave_type_id')}
          onChange={(v) => {
            setTypeId(v);
            reset('leave_type_id');
          }}
          nothingFoundMessage="No leave types apply to you"
        />
        {!hourly && (
          <SegmentedControl
            aria-label="Day type"
            value={session}
            onChange={(v) => {
              setSession(v as Session);
              reset('day_type', 'half_day_type', 'to_date');
            }}
            data={[
              { value: 'full_day', label: 'Full day' },
              { value: 'first_half', label: 'First half' },
              { value: 'second_half', label: 'Second half' },
            ]}
          />
        )}
        <Group grow align="flex-start">
          <DateField
            label={session === 'full_day' && !hourly ? 'From' : 'Date'}
            required
            value={from}
            error={
              errs.of('from_date') ??
              (hourly || session !== 'full_day' ? (errs.of('to_date') ?? errs.of('day_type')) : undefined)
            }
            onChange={(v) => {
              setFrom(v);
              reset('from_date', 'to_date', 'day_type');
            }}
          />
          {session === 'full_day' && !hourly && (
            <DateField
              label="To"
              required
              value={to}
              // The calendar offers no day before the start; a typed one is refused in words.
              minDate={from || undefined}
              minDateMessage="The end date is before the start date"
              error={errs.of('to_date')}
              onChange={(v) => {
                setTo(v);
                reset('to_date');
              }}
            />
          )}
        </Group>
        {hourly && (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="time"
              label="From time"
              required
              step={900}
              miw={140}
              value={fromTime}
              error={errs.of('from_time')}
              onChange={(e) => {
                setFromTime(e.currentTarget.value);
                reset('from_time', 'to_time');
              }}
            />
            <TextInput
              type="time"
              label="To time"
              required
              step={900}
              miw={140}
              value={toTime}
              error={errs.of('to_time')}
              onChange={(e) => {
                setToTime(e.currentTarget.value);
                reset('to_time');
              }}
            />
          </Group>
        )}
        {hourly && (
          <Text size="sm" mt={-6}>
            Times in quarter hours, within your shift, on the one date.
          </Text>
        )}
        <Textarea
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          rows={2}
          maxLength={1000}
        />
        <FileInput
          label="Document (PDF, PNG or JPEG, up to 5 MiB)"
          placeholder="Choose a file"
          // Mantine's default placeholder grey falls short of AA contrast on white.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          value={docFile}
          accept="application/pdf,image/png,image/jpeg"
          onChange={(file) => void onDocument(file)}
          clearable
          error={docError || errs.of('document_id')}
          description={
            upload.isPending
              ? 'Uploading…'
              : doc
                ? `Attached: ${doc.name}`
                : type?.document_over_days != null
                  ? `Needed for more than ${amountIn(type.document_over_days, type.unit)} of ${type.name}`
                  : undefined
          }
        />
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        {preview.data && <PreviewTable preview={preview.data} unit={type?.unit} />}
        <Group justify="flex-end">
          <SubmitButton
            blockedBy={
              missing ??
              (upload.isPending
                ? 'Wait for the document to upload'
                : docFile && !doc
                  ? 'The document was not accepted: choose another or remove it'
                  : errs.has
                    ? 'Correct the highlighted fields'
                    : preview.isPending || !preview.data
                      ? hourly
                        ? 'Counting the hours…'
                        : 'Counting the days…'
                      : preview.data.violations.length > 0
                        ? 'This request breaks a leave rule (see above)'
                        : null)
            }
            loading={apply.isPending}
            onClick={() => void onSubmit()}
          >
            Submit request
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

const MY_LIST = specFromContract<MyLeaveQuery['sortBy'], 'status'>(MyLeaveQuerySchema, {
  filters: ['status'],
});
const STATUS_OPTIONS = LEAVE_REQUEST_STATUSES.map((s) => ({ value: s, label: enumLabel(s) }));

function MyRequests() {
  const list = useListParams(MY_LIST);
  const query = useMyLeaves({ ...list.params, status: list.params.status as LeaveRequestStatus | undefined });
  const remove = useRemoveLeave();
  const act = async (r: LeaveRequest) => {
    const cancel = r.status === 'approved';
    const ok = await confirm({
      title: cancel ? 'Cancel this leave?' : 'Withdraw this request?',
      message: cancel
        ? `${r.hours != null ? `${r.total} h` : days(r.total)} of ${r.leave_type.name} will be credited back to your balance.`
        : 'The request is withdrawn and your approvers no longer see it.',
      acceptLabel: cancel ? 'Cancel leave' : 'Withdraw',
      danger: true,
      centered: true,
    });
    if (!ok) return;
    await remove.mutateAsync(r.id);
    toastSuccess(cancel ? 'Leave cancelled and credited back' : 'Request withdrawn');
  };
  const columns: Column<LeaveRequest, MyLeaveQuery['sortBy']>[] = [
    { key: 'type', label: 'Leave type', cell: (r) => r.leave_type.name },
    {
      key: 'dates',
      label: 'Dates',
      sort: 'from_date',
      cell: (r) =>
        `${formatDate(r.from_date)}${r.to_date !== r.from_date ? ` – ${formatDate(r.to_date)}` : ''}${
          r.half_day_type ? ` (${enumLabel(r.half_day_type)})` : ''
        }${r.from_time ? `, ${r.from_time} to ${r.to_time}` : ''}`,
    },
    { key: 'days', label: 'Days', cell: (r) => (r.hours != null ? `${r.total} h` : r.total) },
    {
      key: 'status',
      label: 'Status',
      cell: (r) => (
        <>
          <LeaveStatusBadge status={r.status} />
          {r.status === 'pending' && r.approval && r.approval.next_approvers.length > 0 && (
            <Text size="xs">Waiting on {r.approval.next_approvers.map((a) => a.name).join(', ')}</Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <LeaveDocumentButton request={r} />
          {can(r, 'withdraw') || r.abilities.cancel ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void act(r)}
              aria-label={`${r.status === 'approved' ? 'Cancel' : 'Withdraw'} leave from ${formatDate(r.from_date)}`}
            >
              {r.status === 'approved' ? 'Cancel' : 'Withdraw'}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <section aria-labelledby="my-leaves-title">
      <Title order={2} size="h4" id="my-leaves-title" mb="sm">
        My requests
      </Title>
      <Group mb="xs">
        <FilterSelect list={list} field="status" label="Status" data={STATUS_OPTIONS} />
      </Group>
      <DataTable
        label="My leave requests"
        noun="requests"
        columns={columns}
        rowKey={(r) => r.id}
        query={query}
        list={list}
        emptyText="No leave requests yet."
      />
    </section>
  );
}

function MonthCalendar() {
  const timeZone = useCompanyTimeZone();
  const permissions = useAppSelector(selectPermissions);
  const today = todayIn(timeZone);
  const [ym, setYm] = useState({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const cal = useLeaveCalendar(ym.month, ym.year, scope);
  const first = `${ym.year}-${String(ym.month).padStart(2, '0')}-01`;
  const lastDay = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  // Weeks start on Monday, as every calendar of the product.
  const lead = mondayLead(first);
  const dates = Array.from(
    { length: lastDay },
    (_, i) => `${first.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
  );
  const move = (n: number) =>
    setYm((c) => {
      const m = c.month - 1 + n;
      return { year: c.year + Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 };
    });
  const title = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first}T00:00:00Z`),
  );
  return (
    <section aria-labelledby="calendar-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="calendar-title">
          Calendar: {title}
        </Title>
        <Group gap="xs">
          {permissions.includes('leave_requests.view') && (
            <SegmentedControl
              aria-label="Whose leave"
              size="xs"
              value={scope}
              onChange={(v) => setScope(v as 'mine' | 'team')}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'team', label: 'My team' },
              ]}
            />
          )}
          <Button size="xs" variant="default" onClick={() => move(-1)} aria-label="Previous month">
            ‹
          </Button>
          <Button size="xs" variant="default" onClick={() => move(1)} aria-label="Next month">
            ›
          </Button>
        </Group>
      </Group>
      {cal.isError && <Alert color="red">The calendar could not be loaded.</Alert>}
      <SimpleGrid cols={7} spacing={2} aria-hidden="true" mb={2}>
        {WEEKDAY_LABELS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center">
            {w}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={7} spacing={2} role="list" aria-label={`Leave calendar, ${title}`}>
        {Array.from({ length: lead }, (_, i) => (
          <div key={`lead-${String(i)}`} aria-hidden />
        ))}
        {dates.map((d) => {
          const holiday = cal.data?.holidays.find((h) => h.date === d);
          const off = cal.data?.weekly_offs.includes(d);
          const leaves = cal.data?.leaves.filter((l) => l.date === d) ?? [];
          return (
            <Card
              key={d}
              withBorder
              padding={4}
              role="listitem"
              bg={holiday ? 'yellow.0' : off ? 'gray.1' : undefined}
            >
              <Text size="xs" fw={600}>
                {Number(d.slice(8))}
              </Text>
              {holiday && <Text size="xs">{holiday.name}</Text>}
              {off && !holiday && <Text size="xs">Off</Text>}
              {leaves.map((l) => (
                <Badge
                  key={l.request_id}
                  size="xs"
                  color={l.status === 'approved' ? 'green' : 'yellow'}
                  variant="light"
                  fullWidth
                >
                  {scope === 'team' ? l.employee_name.split(' ')[0] : l.leave_type}
                </Badge>
              ))}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

/** The employee's leave: balances (with the explainer), applying with a preview, requests, calendar. */
export function LeaveScreen() {
  const [explain, setExplain] = useState<LeaveBalance | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Leaves" description="Your balances, requests and calendar." />
      <Balances onExplain={setExplain} />
      <ApplyForm />
      <EncashLeave />
      <MyRequests />
      <MonthCalendar />
      <Explainer balance={explain} onClose={() => setExplain(null)} />
    </Stack>
  );
}
