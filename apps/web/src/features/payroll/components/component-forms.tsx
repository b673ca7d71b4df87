import {
  BenefitBodySchema,
  DEDUCTION_FREQUENCIES,
  DeductionBodySchema,
  EARNING_KINDS,
  EarningBodySchema,
  type EarningKind,
} from '@hr/contract';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formErrors, serverFieldErrors } from '../../../lib/form-errors';
import { enumOptions } from '../../../lib/labels';
import {
  useBenefit,
  useBenefitOptions,
  useDeduction,
  useDropdown,
  useEarning,
  useSaveBenefit,
  useSaveDeduction,
  useSaveEarning,
} from '../api/payroll-api';
import { toPaise } from './payroll-format';

const BASE = '/payroll/settings/components';
const KIND_LABELS: Record<EarningKind, string> = {
  basic: 'Basic',
  hra: 'House rent allowance',
  special_allowance: 'Special allowance (balancing line)',
  allowance: 'Other allowance',
};

function FormPage({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description: string;
  /** The record being edited; absent when adding. */
  query?: { isLoading: boolean; error: Error | null; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      {query?.isLoading ? (
        <PageLoader />
      ) : query?.error ? (
        <LoadError what="the component" message={query.error.message} onRetry={query.refetch} />
      ) : (
        <Paper p="md" withBorder maw={760}>
          {children}
        </Paper>
      )}
    </>
  );
}

function AmountFields({
  valueType,
  amount,
  percent,
  onAmount,
  onPercent,
  errors,
}: {
  valueType: string;
  amount: string;
  percent: string;
  onAmount: (v: string) => void;
  onPercent: (v: string) => void;
  errors: Record<string, string>;
}) {
  if (valueType === 'fixed_amount') {
    return (
      <NumberInput
        label="Amount a month (₹)"
        min={0}
        decimalScale={2}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        value={amount}
        onChange={(v) => onAmount(String(v))}
        error={errors.amount_paise}
        withAsterisk
      />
    );
  }
  if (valueType.startsWith('percentage_')) {
    return (
      <NumberInput
        label={valueType === 'percentage_of_ctc' ? 'Percentage of CTC' : 'Percentage of basic'}
        min={0}
        max={100}
        decimalScale={2}
        suffix="%"
        value={percent}
        onChange={(v) => onPercent(String(v))}
        error={errors.percent}
        withAsterisk
      />
    );
  }
  return null;
}

/** settings/components/earning/new and /earning/{earning_id}. */
export function EarningFormScreen() {
  const { earning_id } = useParams();
  const id = earning_id === 'new' ? undefined : earning_id;
  const navigate = useNavigate();
  const existing = useEarning(id);
  const valueTypes = useDropdown('value-type');
  const earningTypes = useDropdown('earning-type');
  const save = useSaveEarning();
  const [f, setF] = useState({
    name: '',
    payslip_name: '',
    kind: 'allowance' as EarningKind,
    earning_type: 'fixed',
    value_type: 'fixed_amount',
    amount: '',
    percent: '',
    taxable: true,
    epf_wage: false,
    esi_wage: true,
    prorated: true,
    show_on_payslip: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const e = existing.data;
    if (!e) return;
    setF({
      name: e.name,
      payslip_name: e.payslip_name,
      kind: e.kind,
      earning_type: e.earning_type,
      value_type: e.value_type,
      amount: e.amount_paise === null ? '' : String(e.amount_paise / 100),
      percent: e.percent === null ? '' : String(e.percent),
      taxable: e.taxable,
      epf_wage: e.epf_wage,
      esi_wage: e.esi_wage,
      prorated: e.prorated,
      show_on_payslip: e.show_on_payslip,
    });
  }, [existing.data]);
  const set =
    <K extends keyof typeof f>(k: K) =>
    (v: (typeof f)[K]) =>
      setF((s) => ({ ...s, [k]: v }));
  const balancing = f.kind === 'special_allowance';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name.trim(),
      payslip_name: f.payslip_name.trim() || undefined,
      kind: f.kind,
      earning_type: f.earning_type,
      value_type: balancing ? 'balancing' : f.value_type,
      amount_paise: toPaise(f.amount),
      percent: f.percent === '' ? null : Number(f.percent),
      taxable: f.taxable,
      epf_wage: f.epf_wage,
      esi_wage: f.esi_wage,
      prorated: f.prorated,
      show_on_payslip: f.show_on_payslip,
    };
    const found = formErrors(EarningBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id, body: EarningBodySchema.parse(body) });
      navigate(`${BASE}/earnings`);
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  const check = (k: 'taxable' | 'epf_wage' | 'esi_wage' | 'prorated' | 'show_on_payslip', label: string) => (
    <Checkbox label={label} checked={f[k]} onChange={(e) => set(k)(e.currentTarget.checked)} />
  );
  return (
    <FormPage
      title={id ? 'Edit earning' : 'Add earning'}
      description="An earning is a line of the salary: how it is calculated and what it counts for."
      query={id ? existing : undefined}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              value={f.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
              maxLength={100}
            />
            <TextInput
              label="Name on payslip"
              description="The name when left empty"
              value={f.payslip_name}
              onChange={(e) => set('payslip_name')(e.currentTarget.value)}
              error={errors.payslip_name}
              maxLength={100}
            />
            <Select
              label="Kind"
              data={EARNING_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
              value={f.kind}
              onChange={(v) => v && set('kind')(v as EarningKind)}
              allowDeselect={false}
              error={errors.kind}
            />
            <Select
              label="Earning type"
              data={earningTypes.data ?? []}
              value={f.earning_type}
              onChange={(v) => v && set('earning_type')(v)}
              allowDeselect={false}
              error={errors.earning_type}
            />
            {!balancing && (
              <Select
                label="Calculation"
                data={valueTypes.data ?? []}
                value={f.value_type === 'balancing' ? null : f.value_type}
                onChange={(v) => v && set('value_type')(v)}
                allowDeselect={false}
                error={errors.value_type}
              />
            )}
            {!balancing && (
              <AmountFields
                valueType={f.value_type}
                amount={f.amount}
                percent={f.percent}
                onAmount={set('amount')}
                onPercent={set('percent')}
                errors={errors}
              />
            )}
          </SimpleGrid>
          <Stack gap="xs">
            {check('taxable', 'Taxable')}
            {check('epf_wage', 'Part of the EPF wage')}
            {check('esi_wage', 'Part of the ESI wage')}
            {check('prorated', 'Pro-rated by payable days')}
            {check('show_on_payslip', 'Shown on the payslip')}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(`${BASE}/earnings`)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save earning
            </Button>
          </Group>
        </Stack>
      </form>
    </FormPage>
  );
}

/** settings/components/deductions/post-tax-deductions/new and /{deduction_id}. */
export function DeductionFormScreen() {
  const { deduction_id } = useParams();
  const id = deduction_id === 'new' ? undefined : deduction_id;
  const navigate = useNavigate();
  const existing = useDeduction(id);
  const save = useSaveDeduction();
  const [f, setF] = useState({ name: '', payslip_name: '', frequency: 'recurring' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const d = existing.data;
    if (d) setF({ name: d.name, payslip_name: d.payslip_name, frequency: d.frequency });
  }, [existing.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name.trim(),
      payslip_name: f.payslip_name.trim() || undefined,
      frequency: f.frequency,
    };
    const found = formErrors(DeductionBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id, body: DeductionBodySchema.parse(body) });
      navigate(`${BASE}/deductions`);
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <FormPage
      title={id ? 'Edit deduction' : 'Add deduction'}
      description="A post-tax deduction is taken from net pay (loan recovery, canteen, ...)."
      query={id ? existing : undefined}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            error={errors.name}
            maxLength={100}
          />
          <TextInput
            label="Name on payslip"
            value={f.payslip_name}
            onChange={(e) => setF({ ...f, payslip_name: e.currentTarget.value })}
            error={errors.payslip_name}
            maxLength={100}
          />
          <Select
            label="Frequency"
            data={enumOptions(DEDUCTION_FREQUENCIES)}
            value={f.frequency}
            onChange={(v) => v && setF({ ...f, frequency: v })}
            allowDeselect={false}
            error={errors.frequency}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(`${BASE}/deductions`)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save deduction
            </Button>
          </Group>
        </Stack>
      </form>
    </FormPage>
  );
}

/** settings/components/deductions/pre-tax-deductions/new and /{benefit_id} (admin_dashboard.edit). */
export function BenefitFormScreen() {
  const { benefit_id } = useParams();
  const id = benefit_id === 'new' ? undefined : benefit_id;
  const navigate = useNavigate();
  const existing = useBenefit(id);
  const plans = useBenefitOptions('benefit-plan');
  const exemptions = useBenefitOptions('tax-exemption');
  const options = useBenefitOptions('options');
  const save = useSaveBenefit();
  const [f, setF] = useState({
    name: '',
    payslip_name: '',
    benefit_plan: 'flexible_benefit',
    tax_exemption: 'none',
    value_type: 'fixed_amount',
    amount: '',
    percent: '',
    include_in_ctc: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const b = existing.data;
    if (!b) return;
    setF({
      name: b.name,
      payslip_name: b.payslip_name,
      benefit_plan: b.benefit_plan,
      tax_exemption: b.tax_exemption,
      value_type: b.value_type,
      amount: b.amount_paise === null ? '' : String(b.amount_paise / 100),
      percent: b.percent === null ? '' : String(b.percent),
      include_in_ctc: b.include_in_ctc,
    });
  }, [existing.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name.trim(),
      payslip_name: f.payslip_name.trim() || undefined,
      benefit_plan: f.benefit_plan,
      tax_exemption: f.tax_exemption,
      value_type: f.value_type,
      amount_paise: toPaise(f.amount),
      percent: f.percent === '' ? null : Number(f.percent),
      include_in_ctc: f.include_in_ctc,
    };
    const found = formErrors(BenefitBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id, body: BenefitBodySchema.parse(body) });
      navigate(`${BASE}/deductions`);
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors));
    }
  };
  return (
    <FormPage
      title={id ? 'Edit pre-tax benefit' : 'Add pre-tax benefit'}
      description="A pre-tax benefit is part of CTC and exempt under its section (employer NPS, flexible benefit items)."
      query={id ? existing : undefined}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              value={f.name}
              onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
              error={errors.name}
              maxLength={100}
            />
            <TextInput
              label="Name on payslip"
              value={f.payslip_name}
              onChange={(e) => setF({ ...f, payslip_name: e.currentTarget.value })}
              error={errors.payslip_name}
              maxLength={100}
            />
            <Select
              label="Benefit plan"
              data={plans.data ?? []}
              value={f.benefit_plan}
              onChange={(v) => v && setF({ ...f, benefit_plan: v })}
              allowDeselect={false}
              error={errors.benefit_plan}
            />
            <Select
              label="Tax exemption section"
              data={exemptions.data ?? []}
              value={f.tax_exemption}
              onChange={(v) => v && setF({ ...f, tax_exemption: v })}
              allowDeselect={false}
              error={errors.tax_exemption}
            />
            <Select
              label="Calculation"
              data={options.data ?? []}
              value={f.value_type}
              onChange={(v) => v && setF({ ...f, value_type: v })}
              allowDeselect={false}
              error={errors.value_type}
            />
            <AmountFields
              valueType={f.value_type}
              amount={f.amount}
              percent={f.percent}
              onAmount={(v) => setF((s) => ({ ...s, amount: v }))}
              onPercent={(v) => setF((s) => ({ ...s, percent: v }))}
              errors={errors}
            />
          </SimpleGrid>
          <Checkbox
            label="Part of CTC"
            checked={f.include_in_ctc}
            onChange={(e) => setF({ ...f, include_in_ctc: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(`${BASE}/deductions`)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save benefit
            </Button>
          </Group>
        </Stack>
      </form>
    </FormPage>
  );
}
