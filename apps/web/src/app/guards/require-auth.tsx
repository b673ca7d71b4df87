import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectIsSignedIn, useAppSelector } from '../../lib/store';

export type FromState = { from?: string };

/** The authenticated layout's gate: without a token, go to /sign-in and come back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const from = `${location.pathname}${location.search}`;
    return (
      <Navigate to="/sign-in" replace state={from === '/' ? undefined : ({ from } satisfies FromState)} />
    );
  }
  return children;
}

/** The sign-in screen sends a signed-in user on to the app. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (signedIn) return <Navigate to="/" replace />;
  return children;
}
