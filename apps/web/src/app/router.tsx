import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { PageLoader } from '../components/ui/page-loader';
import { setNavigate } from '../lib/navigation';
import { HomeRedirect } from './guards/home-redirect';
import { PermissionGuard } from './guards/permission-guard';
import { RedirectIfSignedIn, RequireAuth } from './guards/require-auth';
import { ADMIN_SCREENS } from './routes/admin';
import { PAYROLL_SCREENS } from './routes/payroll';
import {
  ForbiddenPage,
  NotAvailableYet,
  NotFoundPage,
  PasswordScreen,
  ServerErrorPage,
  SignInScreen,
} from './routes/screens';
import { TEAM_SCREENS } from './routes/team';
import type { ScreenDef } from './routes/types';
import { USER_SCREENS } from './routes/user';

/** The signed-in frame is not part of the first load (the sign-in page does not need it). */
const PrivateLayout = lazy(() => import('./private-layout').then((m) => ({ default: m.PrivateLayout })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** A private screen: permission guard, then the lazy screen (or the not-available placeholder). */
function screenRoute(def: ScreenDef): RouteObject {
  const element = (
    <PermissionGuard required={def.permission} companyWide={def.companyWide}>
      <Lazy>{def.Screen ? <def.Screen /> : <NotAvailableYet title={def.title} />}</Lazy>
    </PermissionGuard>
  );
  return def.path === '' ? { index: true, element } : { path: def.path, element };
}

/** An area group; its children render in the outlet. */
function areaRoute(path: string, screens: readonly ScreenDef[], index?: RouteObject): RouteObject {
  return {
    path,
    element: <Outlet />,
    children: [...(index ? [index] : []), ...screens.map(screenRoute)],
  };
}

export const routes: RouteObject[] = [
  {
    // Private routes: the authenticated layout at the root.
    path: '/',
    element: (
      <RequireAuth>
        <Lazy>
          <PrivateLayout />
        </Lazy>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeRedirect /> },
      areaRoute('user', USER_SCREENS),
      areaRoute('team', TEAM_SCREENS),
      areaRoute('admin', ADMIN_SCREENS),
      areaRoute('payroll', PAYROLL_SCREENS, {
        index: true,
        element: (
          <PermissionGuard required={['admin_dashboard.view']}>
            <Navigate to="payrun" replace />
          </PermissionGuard>
        ),
      }),
    ],
  },
  {
    // Public routes.
    element: <PublicLayout />,
    children: [
      {
        path: 'sign-in',
        element: (
          <RedirectIfSignedIn>
            <SignInScreen />
          </RedirectIfSignedIn>
        ),
      },
      { path: 'forgot-password', element: <PasswordScreen /> },
      { path: 'reset-password', element: <PasswordScreen /> },
    ],
  },
  // Common routes.
  {
    path: 'forbidden',
    element: (
      <Lazy>
        <ForbiddenPage />
      </Lazy>
    ),
  },
  {
    path: 'server-error',
    element: (
      <Lazy>
        <ServerErrorPage />
      </Lazy>
    ),
  },
  {
    path: '*',
    element: (
      <Lazy>
        <NotFoundPage />
      </Lazy>
    ),
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Lets the API client navigate (401 handling) from outside React.
  setNavigate((to, options) => void router.navigate(to, options));
  return router;
}
