import { lazy } from 'react';

/**
 * Screens load lazily, each in its own chunk. All but the public ones (sign-in, password) also bring
 * the full Mantine styles, which the first load leaves out (main.tsx).
 */
function withFullStyles<T>(screen: Promise<T>): Promise<T> {
  return Promise.all([import('../full-styles'), screen]).then(([, module]) => module);
}

export const UserDashboard = lazy(() =>
  withFullStyles(import('../../features/dashboard/components/user-dashboard')).then((m) => ({
    default: m.UserDashboard,
  })),
);
export const TeamDashboard = lazy(() =>
  withFullStyles(import('../../features/dashboard/components/team-dashboard')).then((m) => ({
    default: m.TeamDashboard,
  })),
);
export const JobsScreen = lazy(() =>
  withFullStyles(import('../../features/jobs/components/jobs-panel')).then((m) => ({
    default: m.JobsScreen,
  })),
);
export const AdminDashboard = lazy(() =>
  withFullStyles(import('../../features/dashboard/components/admin-dashboard')).then((m) => ({
    default: m.AdminDashboard,
  })),
);
export const ProfileScreen = lazy(() =>
  withFullStyles(import('../../features/profile/components/profile-screen')).then((m) => ({
    default: m.ProfileScreen,
  })),
);
export const EmployeeListScreen = lazy(() =>
  withFullStyles(import('../../features/employees/components/employee-list-screen')).then((m) => ({
    default: m.EmployeeListScreen,
  })),
);
export const EmployeePageScreen = lazy(() =>
  withFullStyles(import('../../features/employees/components/employee-page')).then((m) => ({
    default: m.EmployeePageScreen,
  })),
);
export const SignInScreen = lazy(() =>
  import('../../features/auth/components/sign-in-screen').then((m) => ({ default: m.SignInScreen })),
);
export const PasswordScreen = lazy(() =>
  import('../../features/auth/components/password-screen').then((m) => ({ default: m.PasswordScreen })),
);
export const NotAvailableYet = lazy(() =>
  withFullStyles(import('../../components/ui/not-available-yet')).then((m) => ({
    default: m.NotAvailableYet,
  })),
);
export const ForbiddenPage = lazy(() =>
  withFullStyles(import('../../features/common/components/common-pages')).then((m) => ({
    default: m.ForbiddenPage,
  })),
);
export const ServerErrorPage = lazy(() =>
  withFullStyles(import('../../features/common/components/common-pages')).then((m) => ({
    default: m.ServerErrorPage,
  })),
);
export const NotFoundPage = lazy(() =>
  withFullStyles(import('../../features/common/components/common-pages')).then((m) => ({
    default: m.NotFoundPage,
  })),
);
export const TeamProfileChangeScreen = lazy(() =>
  withFullStyles(import('../../features/requests/components/profile-change-queue')).then((m) => ({
    default: m.TeamProfileChangeScreen,
  })),
);
export const AdminProfileChangeScreen = lazy(() =>
  withFullStyles(import('../../features/requests/components/profile-change-queue')).then((m) => ({
    default: m.AdminProfileChangeScreen,
  })),
);
export const ApprovalFlowScreen = lazy(() =>
  withFullStyles(import('../../features/approvals/components/approval-flow-screen')).then((m) => ({
    default: m.ApprovalFlowScreen,
  })),
);
export const DivisionsScreen = lazy(() =>
  withFullStyles(import('../../features/org/components/divisions-screen')).then((m) => ({
    default: m.DivisionsScreen,
  })),
);
export const ReportingScreen = lazy(() =>
  withFullStyles(import('../../features/org/components/reporting-screen')).then((m) => ({
    default: m.ReportingScreen,
  })),
);
export const ManageAssetsScreen = lazy(() =>
  withFullStyles(import('../../features/org/components/manage-assets-screen')).then((m) => ({
    default: m.ManageAssetsScreen,
  })),
);
export const AssignAssetsScreen = lazy(() =>
  withFullStyles(import('../../features/org/components/assign-assets-screen')).then((m) => ({
    default: m.AssignAssetsScreen,
  })),
);
export const AnnouncementsScreen = lazy(() =>
  withFullStyles(import('../../features/org/components/announcements-screen')).then((m) => ({
    default: m.AnnouncementsScreen,
  })),
);
export const PermissionsScreen = lazy(() =>
  withFullStyles(import('../../features/access/components/permissions-screen')).then((m) => ({
    default: m.PermissionsScreen,
  })),
);
export const ReportsScreen = lazy(() =>
  withFullStyles(import('../../features/reports/components/reports-screen')).then((m) => ({
    default: m.ReportsScreen,
  })),
);
export const NotificationsScreen = lazy(() =>
  withFullStyles(import('../../features/notifications/components/notifications-screen')).then((m) => ({
    default: m.NotificationsScreen,
  })),
);
export const ExpensesScreen = lazy(() =>
  withFullStyles(import('../../features/expenses/components/expenses-screen')).then((m) => ({
    default: m.ExpensesScreen,
  })),
);
export const TeamReimbursementsScreen = lazy(() =>
  withFullStyles(import('../../features/expenses/components/reimbursement-queue')).then((m) => ({
    default: m.TeamReimbursementsScreen,
  })),
);
export const AdminReimbursementsScreen = lazy(() =>
  withFullStyles(import('../../features/expenses/components/reimbursement-queue')).then((m) => ({
    default: m.AdminReimbursementsScreen,
  })),
);
export const LettersScreen = lazy(() =>
  withFullStyles(import('../../features/letters/components/letters-screen')).then((m) => ({
    default: m.LettersScreen,
  })),
);
export const AdminLettersScreen = lazy(() =>
  withFullStyles(import('../../features/letters/components/admin-letters-screen')).then((m) => ({
    default: m.AdminLettersScreen,
  })),
);
export const AttendanceScreen = lazy(() =>
  withFullStyles(import('../../features/attendance/components/attendance-screen')).then((m) => ({
    default: m.AttendanceScreen,
  })),
);
export const TeamRegularisationScreen = lazy(() =>
  withFullStyles(import('../../features/attendance/components/regularisation-queue')).then((m) => ({
    default: m.TeamRegularisationScreen,
  })),
);
export const AdminRegularisationScreen = lazy(() =>
  withFullStyles(import('../../features/attendance/components/regularisation-queue')).then((m) => ({
    default: m.AdminRegularisationScreen,
  })),
);
export const LeaveScreen = lazy(() =>
  withFullStyles(import('../../features/leave/components/leave-screen')).then((m) => ({
    default: m.LeaveScreen,
  })),
);
export const TeamLeaveScreen = lazy(() =>
  withFullStyles(import('../../features/leave/components/leave-queue')).then((m) => ({
    default: m.TeamLeaveScreen,
  })),
);
export const AdminLeaveScreen = lazy(() =>
  withFullStyles(import('../../features/leave/components/leave-queue')).then((m) => ({
    default: m.AdminLeaveScreen,
  })),
);
export const LeaveSetupScreen = lazy(() =>
  withFullStyles(import('../../features/leave/components/leave-setup')).then((m) => ({
    default: m.LeaveSetupScreen,
  })),
);
export const PoliciesSummaryScreen = lazy(() =>
  withFullStyles(import('../../features/policies/components/policies-summary-screen')).then((m) => ({
    default: m.PoliciesSummaryScreen,
  })),
);
export const AttendancePoliciesScreen = lazy(() =>
  withFullStyles(import('../../features/policies/components/attendance-screen')).then((m) => ({
    default: m.AttendancePoliciesScreen,
  })),
);
export const WeeklyOffsScreen = lazy(() =>
  withFullStyles(import('../../features/policies/components/weekly-offs-screen')).then((m) => ({
    default: m.WeeklyOffsScreen,
  })),
);
export const HolidayCalendarScreen = lazy(() =>
  withFullStyles(import('../../features/policies/components/holiday-calendar-screen')).then((m) => ({
    default: m.HolidayCalendarScreen,
  })),
);
export const MasterPoliciesScreen = lazy(() =>
  withFullStyles(import('../../features/policies/components/master-policies-screen')).then((m) => ({
    default: m.MasterPoliciesScreen,
  })),
);
export const PayrollComponentsScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/components-screen')).then((m) => ({
    default: m.ComponentsScreen,
  })),
);
export const EarningFormScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/component-forms')).then((m) => ({
    default: m.EarningFormScreen,
  })),
);
export const DeductionFormScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/component-forms')).then((m) => ({
    default: m.DeductionFormScreen,
  })),
);
export const BenefitFormScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/component-forms')).then((m) => ({
    default: m.BenefitFormScreen,
  })),
);
export const SalaryTemplatesScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/templates-screen')).then((m) => ({
    default: m.TemplatesScreen,
  })),
);
export const SalaryTemplateEditorScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/templates-screen')).then((m) => ({
    default: m.TemplateEditorScreen,
  })),
);
export const EpfScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/statutory-screen')).then((m) => ({
    default: m.EpfScreen,
  })),
);
export const StatutoryFiguresScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/figures-screen')).then((m) => ({
    default: m.StatutoryFiguresScreen,
  })),
);
export const EsiScreen = lazy(() =>
  withFullStyles(import('../../features/payroll/components/statutory-screen')).then((m) => ({
    default: m.EsiScreen,
  })),
);
export const PayslipsScreen = lazy(() =>
  withFullStyles(import('../../features/payslips/components/payslips-screen')).then((m) => ({
    default: m.PayslipsScreen,
  })),
);
export const RunPayrollScreen = lazy(() =>
  withFullStyles(import('../../features/payrun/components/run-payroll-screen')).then((m) => ({
    default: m.RunPayrollScreen,
  })),
);
export const PayRunHistoryScreen = lazy(() =>
  withFullStyles(import('../../features/payrun/components/history-screen')).then((m) => ({
    default: m.PayRunHistoryScreen,
  })),
);
export const PayableDaysScreen = lazy(() =>
  withFullStyles(import('../../features/payrun/components/payable-days-screen')).then((m) => ({
    default: m.PayableDaysScreen,
  })),
);
export const TaxDeclarationScreen = lazy(() =>
  withFullStyles(import('../../features/tax/components/tax-declaration-screen')).then((m) => ({
    default: m.TaxDeclarationScreen,
  })),
);
export const TaxDeclarationsAdminScreen = lazy(() =>
  withFullStyles(import('../../features/tax/components/tax-admin-screen')).then((m) => ({
    default: m.TaxDeclarationsAdminScreen,
  })),
);
export const MyExitScreen = lazy(() =>
  withFullStyles(import('../../features/exits/components/my-exit-screen')).then((m) => ({
    default: m.MyExitScreen,
  })),
);
export const ExitsScreen = lazy(() =>
  withFullStyles(import('../../features/exits/components/exits-screen')).then((m) => ({
    default: m.ExitsScreen,
  })),
);
export const TdsReturnsScreen = lazy(() =>
  withFullStyles(import('../../features/tds-returns/components/tds-returns-screen')).then((m) => ({
    default: m.TdsReturnsScreen,
  })),
);
export const Form16AdminScreen = lazy(() =>
  withFullStyles(import('../../features/form16/components/form16-admin-screen')).then((m) => ({
    default: m.Form16AdminScreen,
  })),
);
export const MyForm16Screen = lazy(() =>
  withFullStyles(import('../../features/form16/components/my-form16-screen')).then((m) => ({
    default: m.MyForm16Screen,
  })),
);
