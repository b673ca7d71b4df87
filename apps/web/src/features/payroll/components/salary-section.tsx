import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { PageLoader } from '../../../components/ui/page-loader';
import { useFormErrors } from '../../../lib/form-errors';
import { formatDate, formatPaise } from '../../../lib/format';
import { selectPermissions, useAppSelector } from '../../../lib/store';
import { useEmployeeSalary, useSaveSalary, useTemplates } from '../api/payroll-api';
import { toPaise } from './payroll-format';
import { WhatIfPanel } from './what-if-panel';

/**
 * An employee's salary on their record: the revision in force, every revision (each a new row,
 * effective from its date), a form to assign or revise from a template, and the what-if payslip.
 */
export function EmployeeSalarySection({ employeeId }: { employeeId: string }) {
  const perms = useAppSelector(selectPermissions);
  const canEdit = perms.includes('admin_dashboard.edit');
  const q = useEmployeeSalary(employeeId);
  const templates = useTemplates({ page: 1, records: 100, active: 'true' });
  const save = useSaveSalary();
  const [f, setF] = useState({ template_id: '', annual: '', effective_from: '', note: '' });
  const errs = useFormErrors(['template_id', 'annual_ctc_paise', 'effective_from', 'note']);
  const errors = errs.errors;
  if (q.isLoading) return <PageLoader label="Loading salary…" />;
  if (q.error || !q.data) {
    return (
      <Alert color="red" title="Could not load the salary">
        {q.error?.message}
      </Alert>
    );
  }
  const s = q.data;
  const first = s.history.length === 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Salary update: empty fields go as null (spec section 5); the API names what is missing.
    const body = {
      employee_id: employeeId,
      template_id: f.template_id || null,
      annual_ctc_paise: toPaise(f.annual),
      effective_from: f.effective_from || null,
      note: f.note.trim() || null,
    };
    // A negative CTC is refused in words, not turned into 0 behind the person's back.
    if (f.annual.trim() !== '' && Number(f.annual) < 0)
      return void errs.set({ annual_ctc_paise: 'The amount cannot be negative' });
    errs.reset();
    try {
      await save.mutateAsync({ first, body });
      setF({ template_id: '', annual: '', effective_from: '', note: '' });
    } catch (err) {
      errs.fromServer(err);
    }
  };
  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Salary in force
        </Title>
        {s.current ? (
          <Stack gap={4}>
            <Text>
              Annual CTC <strong>{formatPaise(s.current.annual_ctc_paise)}</strong> · gross{' '}
              {formatPaise(s.current.monthly_gross_paise)} a month · from{' '}
              {formatDate(s.current.effective_from)}
              {s.current.template_name && ` · template ${s.current.template_name}`}
            </Text>
            <Table.ScrollContainer minWidth={360}>
              <Table>
                <caption style={{ captionSide: 'top', textAlign: 'left' }}>Current salary lines</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Component</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      Monthly
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      Annual
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.current.lines.map((l) => (
                    <Table.Tr key={`${l.group}-${l.code}-${l.component_id ?? ''}`}>
                      <Table.Th scope="row" style={{ fontWeight: 400 }}>
                        {l.name}
                      </Table.Th>
                      <Table.Td style={{ textAlign: 'right' }}>{formatPaise(l.monthly_paise)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatPaise(l.annual_paise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : (
          <Text c="dimmed">No salary in force today.</Text>
        )}
      </Paper>
      {s.history.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>Revisions</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Effective from</Table.Th>
                <Table.Th scope="col">Annual CTC</Table.Th>
                <Table.Th scope="col">Template</Table.Th>
                <Table.Th scope="col">Arrears</Table.Th>
                <Table.Th scope="col">Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.history.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDate(r.effective_from)}</Table.Td>
                  <Table.Td>{formatPaise(r.annual_ctc_paise)}</Table.Td>
                  <Table.Td>{r.template_name ?? 'Line by line'}</Table.Td>
                  <Table.Td>
                    {r.arrears_from ? (
                      <Badge variant="light" color="orange">
                        From {formatDate(r.arrears_from)} in the next run
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{r.note ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={2} size="h4">
                {first ? 'Assign a salary' : 'Record a revision'}
              </Title>
              <Text size="sm" c="dimmed">
                A revision is kept beside the earlier ones; one dated before this month is paid as arrears in
                the next pay run.
              </Text>
              <Group grow align="flex-start">
                <Select
                  label="Salary template"
                  data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  value={f.template_id || null}
                  onChange={(v) => {
                    const t = templates.data?.items.find((x) => x.id === v);
                    setF({
                      ...f,
                      template_id: v ?? '',
                      annual: t && !f.annual ? String(t.annual_ctc_paise / 100) : f.annual,
                    });
                    errs.clear('template_id');
                  }}
                  error={errors.template_id}
                />
                <NumberInput
                  label="Annual CTC (₹)"
                  min={0}
                  clampBehavior="none"
                  decimalScale={2}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  value={f.annual}
                  onChange={(v) => {
                    setF({ ...f, annual: String(v) });
                    errs.clear('annual_ctc_paise');
                  }}
                  error={errors.annual_ctc_paise}
                />
                <DateField
                  label="Effective from"
                  value={f.effective_from}
                  onChange={(v) => {
                    setF({ ...f, effective_from: v });
                    errs.clear('effective_from');
                  }}
                  error={errors.effective_from}
                />
              </Group>
              <TextInput
                label="Note"
                value={f.note}
                maxLength={500}
                onChange={(e) => {
                  setF({ ...f, note: e.currentTarget.value });
                  errs.clear('note');
                }}
                error={errors.note}
              />
              {errs.summary && (
                <Alert color="red" role="alert">
                  {errs.summary}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {first ? 'Assign salary' : 'Save revision'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {s.history.length > 0 && <WhatIfPanel employeeId={employeeId} />}
    </Stack>
  );
}
