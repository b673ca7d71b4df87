import type { SessionData, UserResponse } from '@hr/contract';

/** Local storage keys of the spec (section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  refresh: 'refresh',
  userData: 'user_data',
  role: 'role',
  permissions: 'permissions',
} as const;

export type StoredAuth = {
  token: string | null;
  refresh: string | null;
  user_data: UserResponse | null;
  role: string | null;
  permissions: string[];
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function readStoredAuth(): StoredAuth {
  const s = storage();
  const permissions = readJson(STORAGE_KEYS.permissions);
  const userData = readJson(STORAGE_KEYS.userData);
  return {
    token: s?.getItem(STORAGE_KEYS.token) ?? null,
    refresh: s?.getItem(STORAGE_KEYS.refresh) ?? null,
    user_data: userData && typeof userData === 'object' ? (userData as UserResponse) : null,
    role: s?.getItem(STORAGE_KEYS.role) ?? null,
    permissions: Array.isArray(permissions)
      ? permissions.filter((p): p is string => typeof p === 'string')
      : [],
  };
}

/** The spec's test: signed in when the stored access token exists and is a non-empty string. */
export function isSignedIn(): boolean {
  const token = storage()?.getItem(STORAGE_KEYS.token);
  return typeof token === 'string' && token.length > 0;
}

export function permissionNames(session: Pick<SessionData, 'scope'>): string[] {
  return session.scope.permissions.map((p) => p.name);
}

export function writeSession(session: SessionData): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.token, session.token);
  s.setItem(STORAGE_KEYS.refresh, session.refresh);
  s.setItem(STORAGE_KEYS.userData, JSON.stringify(session.userResponse));
  s.setItem(STORAGE_KEYS.role, session.scope.name);
  s.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissionNames(session)));
}

export function writeTokens(tokens: { token: string; refresh: string }): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.token, tokens.token);
  s.setItem(STORAGE_KEYS.refresh, tokens.refresh);
}

export function writeProfile(user: UserResponse, role: string, permissions: string[]): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  s.setItem(STORAGE_KEYS.role, role);
  s.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
}

/** Clearing auth data empties all of local storage (spec section 4). */
export function clearStorage(): void {
  storage()?.clear();
}
