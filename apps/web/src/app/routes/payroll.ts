import type { AreaNav } from '../../components/layouts/types';
import {
  BenefitFormScreen,
  DeductionFormScreen,
  EarningFormScreen,
  EpfScreen,
  EsiScreen,
  ExitsScreen,
  Form16AdminScreen,
  PayableDaysScreen,
  PayRunHistoryScreen,
  PayrollComponentsScreen,
  RunPayrollScreen,
  SalaryTemplateEditorScreen,
  SalaryTemplatesScreen,
  StatutoryFiguresScreen,
  TaxDeclarationsAdminScreen,
  TdsReturnsScreen,
} from './screens';
import type { ScreenDef } from './types';

const VIEW = ['admin_dashboard.view'] as const;
/** The pre-tax benefit routes need admin_dashboard.edit (spec section 2). */
const BENEFIT = ['admin_dashboard.edit'] as const;

/** Payroll (path payroll), spec section 2. The index goes to Run Payroll. */
export const PAYROLL_SCREENS: ScreenDef[] = [
  {
    path: 'settings/components/earnings',
    title: 'Salary Components',
    permission: VIEW,
    Screen: PayrollComponentsScreen,
  },
  {
    path: 'settings/components/deductions',
    title: 'Salary Components',
    permission: VIEW,
    Screen: PayrollComponentsScreen,
  },
  {
    path: 'settings/components/earning/new',
    title: 'Add earning',
    permission: VIEW,
    Screen: EarningFormScreen,
  },
  {
    path: 'settings/components/earning/:earning_id',
    title: 'Edit earning',
    permission: VIEW,
    Screen: EarningFormScreen,
  },
  {
    path: 'settings/components/deductions/post-tax-deductions/new',
    title: 'Add deduction',
    permission: VIEW,
    Screen: DeductionFormScreen,
  },
  {
    path: 'settings/components/deductions/post-tax-deductions/:deduction_id',
    title: 'Edit deduction',
    permission: VIEW,
    Screen: DeductionFormScreen,
  },
  {
    path: 'settings/components/deductions/pre-tax-deductions/new',
    title: 'Add pre-tax benefit',
    permission: BENEFIT,
    Screen: BenefitFormScreen,
  },
  {
    path: 'settings/components/deductions/pre-tax-deductions/:benefit_id',
    title: 'Edit pre-tax benefit',
    permission: BENEFIT,
    Screen: BenefitFormScreen,
  },
  {
    path: 'settings/salary-templates',
    title: 'Salary templates',
    permission: VIEW,
    Screen: SalaryTemplatesScreen,
  },
  {
    path: 'settings/salary-templates/new',
    title: 'Create salary template',
    permission: VIEW,
    Screen: SalaryTemplateEditorScreen,
  },
  {
    path: 'settings/salary-templates/:salary_template_id/edit',
    title: 'Edit salary template',
    permission: VIEW,
    Screen: SalaryTemplateEditorScreen,
  },
  {
    path: 'settings/statutory-details/epf',
    title: 'Statutory Components',
    permission: VIEW,
    Screen: EpfScreen,
  },
  { path: 'settings/statutory-details/esi', title: 'ESI', permission: VIEW, Screen: EsiScreen },
  {
    path: 'settings/statutory-details/figures',
    title: 'Statutory figures in force',
    permission: VIEW,
    Screen: StatutoryFiguresScreen,
  },
  { path: 'payrun', title: 'Run Payroll', permission: VIEW, Screen: RunPayrollScreen },
  { path: 'payrun/history', title: 'Pay run history', permission: VIEW, Screen: PayRunHistoryScreen },
  { path: 'payrun/payable-days', title: 'Payable days', permission: VIEW, Screen: PayableDaysScreen },
  {
    path: 'tax/declarations',
    title: 'Tax declarations',
    permission: VIEW,
    Screen: TaxDeclarationsAdminScreen,
  },
  { path: 'tax/form16', title: 'Form 16', permission: VIEW, Screen: Form16AdminScreen },
  { path: 'exits', title: 'Exits and settlements', permission: VIEW, Screen: ExitsScreen },
  { path: 'tds-returns', title: 'TDS returns', permission: VIEW, Screen: TdsReturnsScreen },
];

/**
 * Every screen without a path parameter is in the menu (issue 24: salary templates and pay run
 * history could only be found by their address); creation forms open from their list's button.
 */
export const PAYROLL_AREA: AreaNav = {
  key: 'payroll',
  label: 'Payroll',
  base: '/payroll/payrun',
  permission: VIEW,
  menu: [
    {
      label: 'Pay runs',
      icon: 'salary',
      children: [
        { label: 'Run Payroll', to: '/payroll/payrun', permission: VIEW, end: true },
        { label: 'Pay run history', to: '/payroll/payrun/history', permission: VIEW },
        { label: 'Payable days', to: '/payroll/payrun/payable-days', permission: VIEW },
        { label: 'Exits and settlements', to: '/payroll/exits', permission: VIEW },
      ],
    },
    { label: 'Tax declarations', to: '/payroll/tax/declarations', icon: 'policies', permission: VIEW },
    { label: 'TDS returns', to: '/payroll/tds-returns', icon: 'documents', permission: VIEW },
    { label: 'Form 16', to: '/payroll/tax/form16', icon: 'documents', permission: VIEW },
    {
      label: 'Salary Components',
      icon: 'setupPolicies',
      children: [
        { label: 'Earnings', to: '/payroll/settings/components/earnings', permission: VIEW },
        { label: 'Deductions', to: '/payroll/settings/components/deductions', permission: VIEW },
      ],
    },
    {
      label: 'Salary templates',
      to: '/payroll/settings/salary-templates',
      icon: 'documents',
      permission: VIEW,
    },
    {
      label: 'Statutory Components',
      icon: 'policies',
      children: [
        { label: 'EPF', to: '/payroll/settings/statutory-details/epf', permission: VIEW },
        { label: 'ESI', to: '/payroll/settings/statutory-details/esi', permission: VIEW },
        { label: 'Figures in force', to: '/payroll/settings/statutory-details/figures', permission: VIEW },
      ],
    },
  ],
};
