import { dataScopeOf, hasAllPermissions } from '@hr/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectPermissions, useAppSelector } from '../../lib/store';

/**
 * Renders its children when the user holds every required permission (or none is required) and,
 * for a `companyWide` screen, has company-wide data scope; otherwise goes to /forbidden,
 * replacing the current history entry (spec sections 2 and 6).
 */
export function PermissionGuard({
  required,
  companyWide,
  children,
}: {
  required?: readonly string[];
  companyWide?: boolean;
  children: ReactNode;
}) {
  const permissions = useAppSelector(selectPermissions);
  if (!hasAllPermissions(permissions, required)) return <Navigate to="/forbidden" replace />;
  if (companyWide && dataScopeOf(permissions) !== 'company') return <Navigate to="/forbidden" replace />;
  return children;
}
