import type { SessionData } from '@hr/contract';
import { clearAuth, createAppStore, isSignedIn, selectIsSignedIn, setSession, setTokens } from './index';

const session: SessionData = {
  token: 'access-1',
  refresh: 'refresh-1',
  userResponse: {
    id: 'u1',
    email: 'asha@example.com',
    company_id: 'c1',
    company_name: 'Acme',
    employee_id: 'e1',
    employee_code: 'E001',
    employee_name: 'Asha Rao',
    time_zone: 'Asia/Kolkata',
  },
  scope: {
    name: 'Employee',
    permissions: [{ name: 'employee_dashboard.view' }, { name: 'employee_profile.view' }],
  },
};

describe('auth slice and local storage', () => {
  it('starts signed out with empty storage', () => {
    const store = createAppStore();
    expect(store.getState().auth).toEqual({
      token: null,
      refresh: null,
      user_data: null,
      role: null,
      permissions: [],
      loading: false,
    });
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(isSignedIn()).toBe(false);
  });

  it('hydrates from the spec keys', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('refresh', 'r');
    localStorage.setItem('user_data', JSON.stringify(session.userResponse));
    localStorage.setItem('role', 'Manager');
    localStorage.setItem('permissions', JSON.stringify(['manager_dashboard.view']));
    const { auth } = createAppStore().getState();
    expect(auth.token).toBe('t');
    expect(auth.refresh).toBe('r');
    expect(auth.user_data?.employee_name).toBe('Asha Rao');
    expect(auth.role).toBe('Manager');
    expect(auth.permissions).toEqual(['manager_dashboard.view']);
  });

  it('survives malformed JSON in storage', () => {
    localStorage.setItem('user_data', '{oops');
    localStorage.setItem('permissions', '"not a list"');
    const { auth } = createAppStore().getState();
    expect(auth.user_data).toBeNull();
    expect(auth.permissions).toEqual([]);
  });

  it('an empty token is not signed in', () => {
    localStorage.setItem('token', '');
    expect(isSignedIn()).toBe(false);
    expect(selectIsSignedIn(createAppStore().getState())).toBe(false);
  });

  it('setSession stores token, refresh, user_data, role and permission names', () => {
    const store = createAppStore();
    store.dispatch(setSession(session));
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user_data') ?? 'null')).toEqual(session.userResponse);
    expect(localStorage.getItem('role')).toBe('Employee');
    expect(JSON.parse(localStorage.getItem('permissions') ?? 'null')).toEqual([
      'employee_dashboard.view',
      'employee_profile.view',
    ]);
    expect(store.getState().auth.permissions).toEqual(['employee_dashboard.view', 'employee_profile.view']);
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(isSignedIn()).toBe(true);
  });

  it('a refresh replaces token and refresh and keeps the rest', () => {
    const store = createAppStore();
    store.dispatch(setSession(session));
    store.dispatch(setTokens({ token: 'access-2', refresh: 'refresh-2' }));
    expect(store.getState().auth.token).toBe('access-2');
    expect(store.getState().auth.refresh).toBe('refresh-2');
    expect(store.getState().auth.role).toBe('Employee');
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refresh')).toBe('refresh-2');
    expect(localStorage.getItem('role')).toBe('Employee');
  });

  it('clearing auth empties all of local storage', () => {
    const store = createAppStore();
    store.dispatch(setSession(session));
    localStorage.setItem('something-else', 'x');
    store.dispatch(clearAuth());
    expect(localStorage.length).toBe(0);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.permissions).toEqual([]);
  });
});
