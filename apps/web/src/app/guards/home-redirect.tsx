import { Navigate } from 'react-router';
import { selectPermissions, useAppSelector } from '../../lib/store';
import { homePathFor } from '../areas';

/** `/` goes to the first area the user may enter (the employee dashboard for employees). */
export function HomeRedirect() {
  const permissions = useAppSelector(selectPermissions);
  return <Navigate to={homePathFor(permissions)} replace />;
}
