import { lazy } from 'react';

/** Screens load lazily, each in its own chunk. */
export const UserDashboard = lazy(() =>
  import('../../features/dashboard/components/user-dashboard').then((m) => ({ default: m.UserDashboard })),
);
export const TeamDashboard = lazy(() =>
  import('../../features/dashboard/components/team-dashboard').then((m) => ({ default: m.TeamDashboard })),
);
export const AdminDashboard = lazy(() =>
  import('../../features/dashboard/components/admin-dashboard').then((m) => ({ default: m.AdminDashboard })),
);
export const ProfileScreen = lazy(() =>
  import('../../features/profile/components/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);
export const EmployeeListScreen = lazy(() =>
  import('../../features/employees/components/employee-list-screen').then((m) => ({
    default: m.EmployeeListScreen,
  })),
);
export const EmployeePageScreen = lazy(() =>
  import('../../features/employees/components/employee-page').then((m) => ({
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
  import('../../components/ui/not-available-yet').then((m) => ({ default: m.NotAvailableYet })),
);
export const ForbiddenPage = lazy(() =>
  import('../../features/common/components/common-pages').then((m) => ({ default: m.ForbiddenPage })),
);
export const ServerErrorPage = lazy(() =>
  import('../../features/common/components/common-pages').then((m) => ({ default: m.ServerErrorPage })),
);
export const NotFoundPage = lazy(() =>
  import('../../features/common/components/common-pages').then((m) => ({ default: m.NotFoundPage })),
);
export const TeamProfileChangeScreen = lazy(() =>
  import('../../features/requests/components/profile-change-queue').then((m) => ({
    default: m.TeamProfileChangeScreen,
  })),
);
export const AdminProfileChangeScreen = lazy(() =>
  import('../../features/requests/components/profile-change-queue').then((m) => ({
    default: m.AdminProfileChangeScreen,
  })),
);
export const ApprovalFlowScreen = lazy(() =>
  import('../../features/approvals/components/approval-flow-screen').then((m) => ({
    default: m.ApprovalFlowScreen,
  })),
);
export const DivisionsScreen = lazy(() =>
  import('../../features/org/components/divisions-screen').then((m) => ({ default: m.DivisionsScreen })),
);
export const ReportingScreen = lazy(() =>
  import('../../features/org/components/reporting-screen').then((m) => ({ default: m.ReportingScreen })),
);
export const ManageAssetsScreen = lazy(() =>
  import('../../features/org/components/manage-assets-screen').then((m) => ({
    default: m.ManageAssetsScreen,
  })),
);
export const AssignAssetsScreen = lazy(() =>
  import('../../features/org/components/assign-assets-screen').then((m) => ({
    default: m.AssignAssetsScreen,
  })),
);
export const AnnouncementsScreen = lazy(() =>
  import('../../features/org/components/announcements-screen').then((m) => ({
    default: m.AnnouncementsScreen,
  })),
);
export const PermissionsScreen = lazy(() =>
  import('../../features/access/components/permissions-screen').then((m) => ({
    default: m.PermissionsScreen,
  })),
);
