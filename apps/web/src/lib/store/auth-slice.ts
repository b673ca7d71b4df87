import type { Scope, SessionData, UserResponse } from '@hr/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredAuth, type StoredAuth } from './storage';

export type AuthState = StoredAuth & { loading: boolean };

export function initialAuthState(): AuthState {
  return { ...readStoredAuth(), loading: false };
}

const emptyAuth: AuthState = {
  token: null,
  refresh: null,
  user_data: null,
  role: null,
  permissions: [],
  loading: false,
};

/**
 * The auth slice mirrors local storage. Reducers stay pure; `persistAuthMiddleware` (store/index.ts)
 * writes the same changes to local storage.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    setSession(state, action: PayloadAction<SessionData>) {
      const s = action.payload;
      state.token = s.token;
      state.refresh = s.refresh;
      state.user_data = s.userResponse;
      state.role = s.scope.name;
      state.permissions = s.scope.permissions.map((p) => p.name);
      state.loading = false;
    },
    /** A refresh replaces the access token and the refresh token. */
    setTokens(state, action: PayloadAction<{ token: string; refresh: string }>) {
      state.token = action.payload.token;
      state.refresh = action.payload.refresh;
    },
    /** From GET auth/me: fresher user data, role and permissions for the same session. */
    setProfile(state, action: PayloadAction<{ userResponse: UserResponse; scope: Scope }>) {
      state.user_data = action.payload.userResponse;
      state.role = action.payload.scope.name;
      state.permissions = action.payload.scope.permissions.map((p) => p.name);
    },
    clearAuth() {
      return { ...emptyAuth };
    },
    /** Re-reads local storage (another tab signed in or out). */
    hydrate() {
      return initialAuthState();
    },
  },
});

export const { setLoading, setSession, setTokens, setProfile, clearAuth, hydrate } = authSlice.actions;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectUser = (state: WithAuth) => state.auth.user_data;
export const selectRole = (state: WithAuth) => state.auth.role;
export const selectPermissions = (state: WithAuth) => state.auth.permissions;
export const selectIsSignedIn = (state: WithAuth) =>
  typeof state.auth.token === 'string' && state.auth.token.length > 0;
