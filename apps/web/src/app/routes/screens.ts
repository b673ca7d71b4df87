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
