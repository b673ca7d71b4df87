import {
  LANDLORD_PAN_ABOVE_PAISE,
  type RegimeComparisonView,
  type RegimeSideView,
  type TaxDeclaration,
  type TaxDeclarationBody,
  TaxDeclarationBodySchema,
} from '@hr/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { formErrors, useFormErrors } from '../../../lib/form-errors';
import { formatPaise } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toasts';
import { useMyComparison, useMyDeclaration, useSaveDeclaration, useSubmitDeclaration } from '../api/tax-api';
import { MyProofs } from './proof-items';

/** Rupees typed in a field ('' while empty) ↔ paise the API keeps. */
type Rupees = number | string;
const toPaise = (r: Rupees): number => (r === '' ? 0 : Math.round(Number(r) * 100));
const toRupees = (p: number): Rupees => (p ? p / 100 : '');

type Form = {
  regime: 'new' | 'old';
  section_80c: { label: string; amount: Rupees }[];
  nps: Rupees;
  health_self: Rupees;
  self_senior: boolean;
  health_parents: Rupees;
  parents_senior: boolean;
  pays_rent: boolean;
  monthly_rent: Rupees;
  months: Rupees;
  city: string;
  landlord_name: string;
  landlord_pan: string;
  home_loan_interest: Rupees;
  lta: Rupees;
  other_income: Rupees;
  joined_mid_year: boolean;
  employer_name: string;
  prev_salary: Rupees;
  prev_tds: Rupees;
  prev_pt: Rupees;
  prev_pf: Rupees;
};

function formOf(d: TaxDeclaration): Form {
  return {
    regime: d.regime,
    section_80c: d.section_80c.map((i) => ({ label: i.label, amount: toRupees(i.amount_paise) })),
    nps: toRupees(d.nps_80ccd1b_paise),
    health_self: toRupees(d.health_self_paise),
    self_senior: d.self_senior,
    health_parents: toRupees(d.health_parents_paise),
    parents_senior: d.parents_senior,
    pays_rent: d.rent !== null,
    monthly_rent: toRupees(d.rent?.monthly_rent_paise ?? 0),
    months: d.rent?.months ?? 12,
    city: d.rent?.city ?? '',
    landlord_name: d.rent?.landlord_name ?? '',
    landlord_pan: d.rent?.landlord_pan ?? '',
    home_loan_interest: toRupees(d.home_loan_interest_paise),
    lta: toRupees(d.lta_paise),
    other_income: toRupees(d.other_income_paise),
    joined_mid_year: d.previous_employer !== null,
    employer_name: d.previous_employer?.employer_name ?? '',
    prev_salary: toRupees(d.previous_employer?.salary_paise ?? 0),
    prev_tds: toRupees(d.previous_employer?.tds_paise ?? 0),
    prev_pt: toRupees(d.previous_employer?.professional_tax_paise ?? 0),
    prev_pf: toRupees(d.previous_employer?.employee_pf_paise ?? 0),
  };
}

function bodyOf(fy: string, f: Form): TaxDeclarationBody {
  return {
    financial_year: fy,
    regime: f.regime,
    section_80c: f.section_80c.map((i) => ({ label: i.label, amount_paise: toPaise(i.amount) })),
    nps_80ccd1b_paise: toPaise(f.nps),
    health_self_paise: toPaise(f.health_self),
    self_senior: f.self_senior,
    health_parents_paise: toPaise(f.health_parents),
    parents_senior: f.parents_senior,
    rent: f.pays_rent
      ? {
          monthly_rent_paise: toPaise(f.monthly_rent),
          months: Number(f.months || 0),
          city: f.city,
          landlord_name: f.landlord_name,
          landlord_pan: f.landlord_pan.trim() || null,
        }
      : null,
    home_loan_interest_paise: toPaise(f.home_loan_interest),
    lta_paise: toPaise(f.lta),
    other_income_paise: toPaise(f.other_income),
    previous_employer: f.joined_mid_year
      ? {
          employer_name: f.employer_name,
          salary_paise: toPaise(f.prev_salary),
          tds_paise: toPaise(f.prev_tds),
          professional_tax_paise: toPaise(f.prev_pt),
          employee_pf_paise: toPaise(f.prev_pf),
        }
      : null,
  };
}

const FIXED_FIELDS = [
  'regime',
  'section_80c',
  'nps_80ccd1b_paise',
  'health_self_paise',
  'health_parents_paise',
  'rent.monthly_rent_paise',
  'rent.months',
  'rent.city',
  'rent.landlord_name',
  'rent.landlord_pan',
  'home_loan_interest_paise',
  'lta_paise',
  'other_income_paise',
  'previous_employer.employer_name',
  'previous_employer.salary_paise',
  'previous_employer.tds_paise',
  'previous_employer.professional_tax_paise',
  'previous_employer.employee_pf_paise',
];

const REGIME_NAME = { new: 'New regime', old: 'Old regime' } as const;

/** One regime's column: from the year's income to its tax, each figure in ₹. */
function RegimeColumn({ side, cheaper }: { side: RegimeSideView; cheaper: boolean }) {
  const rows: [string, number][] = [
    ['Income for the year', side.gross_paise],
    ['Deductions and exemptions', side.deductions_paise],
    ['Taxable income', side.taxable_income_paise],
    ['Tax on the slabs', side.slab_tax_paise],
    ['Rebate u/s 87A', side.rebate_paise],
    ['Surcharge', side.surcharge_paise],
    ['Cess (4%)', side.cess_paise],
  ];
  return (
    <Card
      withBorder
      padding="md"
      data-testid={`regime-${side.regime}`}
      style={cheaper ? { borderColor: 'var(--mantine-color-green-7)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {REGIME_NAME[side.regime]}
        </Title>
        {cheaper && (
          <Badge color="green" variant="light">
            Costs you less
          </Badge>
        )}
      </Group>
      <Table aria-label={`${REGIME_NAME[side.regime]}: tax for the year`}>
        <Table.Tbody>
          {rows.map(([label, paise]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{formatPaise(paise)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Tax for the year</Table.Th>
            <Table.Td ta="right" fw={700} data-testid={`tax-${side.regime}`}>
              {formatPaise(side.tax_paise)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {side.deductions.length > 0 && (
        <Stack gap={2} mt="sm">
          <Text size="sm" fw={600}>
            Deductions counted
          </Text>
          {side.deductions.map((d) => (
            <Text size="xs" key={d.key}>
              {d.label}: {formatPaise(d.amount_paise)} ({d.detail})
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function RegimeComparison({ c }: { c: RegimeComparisonView }) {
  return (
    <Stack gap="sm">
      <Alert color={c.cheaper ? 'green' : 'blue'} data-testid="regime-summary">
        <Text fw={700}>{c.summary}</Text>
        {c.cheaper && (
          <Text size="sm">
            Difference: <strong data-testid="regime-difference">{formatPaise(c.difference_paise)}</strong> a
            year.
            {c.cheaper !== c.chosen_regime && ` You have chosen the ${c.chosen_regime} regime.`}
          </Text>
        )}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RegimeColumn side={c.new} cheaper={c.cheaper === 'new'} />
        <RegimeColumn side={c.old} cheaper={c.cheaper === 'old'} />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="xs">
          Figures used
        </Title>
        <Table aria-label="Figures used">
          <Table.Tbody>
            {c.figures_used.map((f) => (
              <Table.Tr key={f.label}>
                <Table.Th scope="row" fw={400}>
                  {f.label}
                </Table.Th>
                <Table.Td ta="right">{f.amount_paise === null ? '' : formatPaise(f.amount_paise)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{f.detail}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

function Money({
  label,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  value: Rupees;
  onChange: (v: Rupees) => void;
  error?: string | undefined;
  description?: string;
}) {
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={onChange}
      min={0}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      prefix="₹"
      error={error}
      description={description}
    />
  );
}

function DeclarationForm({ d }: { d: TaxDeclaration }) {
  const [f, setF] = useState<Form>(() => formOf(d));
  // A saved change comes back from the server: the form shows what is stored.
  useEffect(() => setF(formOf(d)), [d]);
  const fields = [
    ...FIXED_FIELDS,
    ...f.section_80c.flatMap((_, i) => [`section_80c.${i}.label`, `section_80c.${i}.amount_paise`]),
  ];
  const errs = useFormErrors(fields);
  const save = useSaveDeclaration();
  const submit = useSubmitDeclaration();
  const change = (patch: Partial<Form>, ...names: string[]) => {
    setF((prev) => ({ ...prev, ...patch }));
    errs.clear(...names);
  };
  const rentYear = f.pays_rent ? toPaise(f.monthly_rent) * Number(f.months || 0) : 0;
  const old = f.regime === 'old';

  const onSave = async (then?: 'submit') => {
    const body = bodyOf(d.financial_year, f);
    if (!errs.set(formErrors(TaxDeclarationBodySchema, body))) return;
    try {
      await save.mutateAsync(body);
      if (then === 'submit') {
        await submit.mutateAsync(d.financial_year);
        toastSuccess(`Declaration for ${d.financial_year} submitted`);
      } else toastSuccess('Declaration saved');
    } catch (e) {
      errs.fromServer(e);
    }
  };

  const blocked = !d.abilities.edit
    ? d.window_message
    : errs.has
      ? 'Correct the highlighted fields'
      : save.isPending || submit.isPending
        ? 'Saving…'
        : null;

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Your declaration
        </Title>
        <Radio.Group
          label="Tax regime for the year"
          value={f.regime}
          onChange={(v) => change({ regime: v as Form['regime'] }, 'regime')}
          error={errs.of('regime')}
        >
          <Group mt={4}>
            <Radio value="new" label="New regime (default)" />
            <Radio value="old" label="Old regime" />
          </Group>
        </Radio.Group>
        {!old && (
          <Text size="sm" c="dimmed">
            The new regime allows no 80C, 80D, HRA, home-loan or LTA claims: only other income and a previous
            employer's salary count. Choose the old regime to declare them.
          </Text>
        )}
        {old && (
          <>
            <Stack gap="xs">
              <Title order={3} size="h5">
                Section 80C (PPF, ELSS, life insurance, tuition fees, home-loan principal)
              </Title>
              <Text size="xs" c="dimmed">
                Your PF is counted already. 80C is capped at ₹1,50,000 in all.
              </Text>
              {errs.of('section_80c') && (
                <Text size="sm" c="red.8" role="alert">
                  {errs.of('section_80c')}
                </Text>
              )}
              {f.section_80c.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the position is the key
                <Group key={i} align="flex-start" wrap="wrap">
                  <TextInput
                    label="Item"
                    value={item.label}
                    maxLength={100}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      change(
                        { section_80c: f.section_80c.map((x, j) => (j === i ? { ...x, label: v } : x)) },
                        `section_80c.${i}.label`,
                      );
                    }}
                    error={errs.of(`section_80c.${i}.label`)}
                  />
                  <Money
                    label="Amount"
                    value={item.amount}
                    onChange={(v) =>
                      change(
                        { section_80c: f.section_80c.map((x, j) => (j === i ? { ...x, amount: v } : x)) },
                        `section_80c.${i}.amount_paise`,
                      )
                    }
                    error={errs.of(`section_80c.${i}.amount_paise`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={`Remove ${item.label || `item ${i + 1}`}`}
                    onClick={() => change({ section_80c: f.section_80c.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  disabled={f.section_80c.length >= 20}
                  onClick={() => change({ section_80c: [...f.section_80c, { label: '', amount: '' }] })}
                >
                  Add an 80C item
                </Button>
              </Group>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Money
                label="Own NPS contribution, 80CCD(1B)"
                description="Up to ₹50,000 beyond 80C"
                value={f.nps}
                onChange={(v) => change({ nps: v }, 'nps_80ccd1b_paise')}
                error={errs.of('nps_80ccd1b_paise')}
              />
              <Money
                label="Home-loan interest, s.24(b)"
                description="Self-occupied home, up to ₹2,00,000"
                value={f.home_loan_interest}
                onChange={(v) => change({ home_loan_interest: v }, 'home_loan_interest_paise')}
                error={errs.of('home_loan_interest_paise')}
              />
              <Stack gap={4}>
                <Money
                  label="Health insurance, self and family (80D)"
                  value={f.health_self}
                  onChange={(v) => change({ health_self: v }, 'health_self_paise')}
                  error={errs.of('health_self_paise')}
                />
                <Checkbox
                  label="A senior citizen is insured"
                  checked={f.self_senior}
                  onChange={(e) => change({ self_senior: e.currentTarget.checked })}
                />
              </Stack>
              <Stack gap={4}>
                <Money
                  label="Health insurance, parents (80D)"
                  value={f.health_parents}
                  onChange={(v) => change({ health_parents: v }, 'health_parents_paise')}
                  error={errs.of('health_parents_paise')}
                />
                <Checkbox
                  label="My parents are senior citizens"
                  checked={f.parents_senior}
                  onChange={(e) => change({ parents_senior: e.currentTarget.checked })}
                />
              </Stack>
              <Money
                label="Leave travel (LTA) claimed"
                value={f.lta}
                onChange={(v) => change({ lta: v }, 'lta_paise')}
                error={errs.of('lta_paise')}
              />
            </SimpleGrid>
            <Checkbox
              label="I pay rent (HRA)"
              checked={f.pays_rent}
              onChange={(e) => change({ pays_rent: e.currentTarget.checked })}
            />
            {f.pays_rent && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Money
                  label="Monthly rent"
                  value={f.monthly_rent}
                  onChange={(v) => change({ monthly_rent: v }, 'rent.monthly_rent_paise')}
                  error={errs.of('rent.monthly_rent_paise')}
                />
                <NumberInput
                  label="Months rented this year"
                  value={f.months}
                  onChange={(v) => change({ months: v }, 'rent.months')}
                  min={1}
                  max={12}
                  allowDecimal={false}
                  error={errs.of('rent.months')}
                />
                <TextInput
                  label="City"
                  description="Delhi, Mumbai, Kolkata and Chennai count 50% of Basic; others 40%"
                  value={f.city}
                  maxLength={60}
                  onChange={(e) => change({ city: e.currentTarget.value }, 'rent.city')}
                  error={errs.of('rent.city')}
                />
                <TextInput
                  label="Landlord's name"
                  value={f.landlord_name}
                  maxLength={100}
                  onChange={(e) => change({ landlord_name: e.currentTarget.value }, 'rent.landlord_name')}
                  error={errs.of('rent.landlord_name')}
                />
                <TextInput
                  label="Landlord's PAN"
                  description={
                    rentYear > LANDLORD_PAN_ABOVE_PAISE
                      ? `Needed: the rent is ${formatPaise(rentYear)} a year, more than ₹1,00,000`
                      : 'Needed when the rent is more than ₹1,00,000 a year'
                  }
                  withAsterisk={rentYear > LANDLORD_PAN_ABOVE_PAISE}
                  value={f.landlord_pan}
                  maxLength={10}
                  onChange={(e) =>
                    change({ landlord_pan: e.currentTarget.value.toUpperCase() }, 'rent.landlord_pan')
                  }
                  error={errs.of('rent.landlord_pan')}
                />
              </SimpleGrid>
            )}
          </>
        )}
        <Money
          label="Other income to tax with the salary"
          description="Interest, rent received ... (counted in both regimes)"
          value={f.other_income}
          onChange={(v) => change({ other_income: v }, 'other_income_paise')}
          error={errs.of('other_income_paise')}
        />
        <Checkbox
          label="I worked for another employer earlier this financial year (Form 12B)"
          checked={f.joined_mid_year}
          onChange={(e) => change({ joined_mid_year: e.currentTarget.checked })}
        />
        {f.joined_mid_year && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Previous employer"
              value={f.employer_name}
              maxLength={100}
              onChange={(e) =>
                change({ employer_name: e.currentTarget.value }, 'previous_employer.employer_name')
              }
              error={errs.of('previous_employer.employer_name')}
            />
            <Money
              label="Salary paid there this year"
              value={f.prev_salary}
              onChange={(v) => change({ prev_salary: v }, 'previous_employer.salary_paise')}
              error={errs.of('previous_employer.salary_paise')}
            />
            <Money
              label="Tax (TDS) deducted there"
              value={f.prev_tds}
              onChange={(v) => change({ prev_tds: v }, 'previous_employer.tds_paise')}
              error={errs.of('previous_employer.tds_paise')}
            />
            <Money
              label="Professional tax deducted there"
              value={f.prev_pt}
              onChange={(v) => change({ prev_pt: v }, 'previous_employer.professional_tax_paise')}
              error={errs.of('previous_employer.professional_tax_paise')}
            />
            <Money
              label="Your PF there"
              value={f.prev_pf}
              onChange={(v) => change({ prev_pf: v }, 'previous_employer.employee_pf_paise')}
              error={errs.of('previous_employer.employee_pf_paise')}
            />
          </SimpleGrid>
        )}
        {errs.summary && (
          <Alert color="red" role="alert">
            {errs.summary}
          </Alert>
        )}
        <Group justify="flex-end" align="flex-start">
          <SubmitButton
            blockedBy={blocked}
            variant="default"
            loading={save.isPending}
            onClick={() => void onSave()}
          >
            Save draft
          </SubmitButton>
          <SubmitButton blockedBy={blocked} loading={submit.isPending} onClick={() => void onSave('submit')}>
            {d.status === 'submitted' ? 'Submit again' : 'Submit declaration'}
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

const STATUS_WORDS = { not_started: 'Not started', draft: 'Draft', submitted: 'Submitted' } as const;

/** user/salary/tax-declaration: my regime, what I declare, and which regime costs me less. */
export function TaxDeclarationScreen() {
  const decl = useMyDeclaration();
  const d = decl.data;
  const comparison = useMyComparison(d?.financial_year);
  return (
    <>
      <PageHeader
        title="Tax declaration"
        description="Choose your tax regime for the year and declare what you will claim; the payroll uses your submitted declaration for your monthly TDS."
      />
      {decl.isError && !d ? (
        <LoadError what="your declaration" message={decl.error?.message ?? ''} onRetry={decl.refetch} />
      ) : !d ? (
        <PageLoader label="Loading your declaration…" />
      ) : (
        <Stack gap="lg">
          <Group gap="sm" align="center" data-testid="window-message">
            <Badge variant="light" color={d.status === 'submitted' ? 'green' : 'gray'}>
              {STATUS_WORDS[d.status]}
            </Badge>
            <Text size="sm">{d.window_message}.</Text>
          </Group>
          <section aria-labelledby="comparison-title">
            <Title order={2} size="h3" id="comparison-title" mb="sm">
              Which regime costs me less ({d.financial_year})
            </Title>
            {comparison.data ? (
              <RegimeComparison c={comparison.data} />
            ) : comparison.isError ? (
              <Alert color="yellow">
                {comparison.error instanceof ApiError
                  ? comparison.error.message
                  : 'The comparison could not be worked out.'}
              </Alert>
            ) : (
              <PageLoader label="Working out both regimes…" />
            )}
          </section>
          <MyProofs d={d} />
          <DeclarationForm d={d} />
        </Stack>
      )}
    </>
  );
}
