import type { ErrorEnvelope, FieldError } from '@hr/contract';
import axios, {
  type AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { cleanQuery, isNullEmptyCall, prepareBody } from './clean';
import { navigateTo } from './navigation';
import { clearAuth, setTokens, store } from './store';
import { toastError } from './toasts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Turn empty/undefined body fields into null instead of removing them (spec section 5). */
    nullEmpty?: boolean;
    /** Do not toast this call's error; the screen shows it itself. */
    silent?: boolean;
    /** Set on the one retry after a token refresh. */
    _retry?: boolean;
  }
}

export const API_BASE = '/api';
export const MSG_SERVER_ERROR = 'Server error!';
export const MSG_NO_CONNECTION = 'Failed to connect to server';
export const MSG_NO_REFRESH = 'Refresh token not available, please login again!';

/** What a failed call rejects with: the server's envelope fields, or status 500 when nothing answered. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly errors: FieldError[];

  constructor(message: string, status: number, body?: Partial<ErrorEnvelope> | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.requestId = body?.requestId;
    this.errors = body?.errors ?? [];
  }
}

/** Calls that never trigger refresh-and-retry (spec section 4). */
const REFRESH_EXEMPT = [/\/?auth\/login$/, /\/?auth\/refresh$/, /\/?auth\/otp-verify$/];
export function isRefreshExempt(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return REFRESH_EXEMPT.some((re) => re.test(path));
}

/** Errors from notification calls are silent (spec section 8). */
export function isNotificationUrl(url: string | undefined): boolean {
  return /(^|\/)notification(\/|\?|$)/.test(url ?? '');
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return undefined;
}

function toApiError(error: AxiosError): ApiError {
  if (!error.response) return new ApiError(MSG_NO_CONNECTION, 500);
  const body = (error.response.data ?? null) as Partial<ErrorEnvelope> | null;
  return new ApiError(serverMessage(body) ?? MSG_SERVER_ERROR, error.response.status, body);
}

/** The error catalogue (spec section 8) for a failure that is not answered by refresh-and-retry. */
function reportError(error: AxiosError): ApiError {
  const apiError = toApiError(error);
  const config = error.config;
  if (axios.isCancel(error)) return apiError;
  if (!error.response) {
    if (!config?.silent) toastError(MSG_NO_CONNECTION);
    return apiError;
  }
  const status = error.response.status;
  if (status >= 500 && status <= 504) {
    console.error(
      `API ${config?.method?.toUpperCase()} ${config?.url} failed with ${status}`,
      error.response.data,
    );
    return apiError;
  }
  if (config?.silent || isNotificationUrl(config?.url)) return apiError;
  toastError(apiError.message);
  return apiError;
}

function signOutLocally(): void {
  store.dispatch(clearAuth());
  navigateTo('/sign-in', { replace: true });
}

let refreshPromise: Promise<string> | null = null;

/**
 * One shared refresh for every concurrent 401: the first caller starts it, the others await the same
 * promise. Uses a bare axios call so that the refresh itself is never retried.
 */
export function refreshAccessToken(): Promise<string> {
  if (refreshPromise) return refreshPromise;
  const refresh = store.getState().auth.refresh;
  if (!refresh) return Promise.reject(new ApiError(MSG_NO_REFRESH, 401));
  refreshPromise = axios
    .post<{ data: { token: string; refresh: string } }>(`${API_BASE}/auth/refresh`, {
      refresh_token: refresh,
    })
    .then((res) => {
      const tokens = res.data.data;
      store.dispatch(setTokens({ token: tokens.token, refresh: tokens.refresh }));
      return tokens.token;
    })
    .finally(() => {
      refreshPromise = null;
    });
  return refreshPromise;
}

function withAuthHeaders(config: InternalAxiosRequestConfig, token: string | null): void {
  const headers = AxiosHeaders.from(config.headers);
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('access-token', token);
  } else {
    headers.delete('Authorization');
    headers.delete('access-token');
  }
  config.headers = headers;
}

export function createApiClient(): AxiosInstance {
  const client = axios.create({ baseURL: API_BASE });

  client.interceptors.request.use((config) => {
    withAuthHeaders(config, store.getState().auth.token);
    if (config.params && typeof config.params === 'object' && !(config.params instanceof URLSearchParams)) {
      config.params = cleanQuery(config.params as Record<string, unknown>);
    }
    const method = (config.method ?? 'get').toLowerCase();
    // The retry reuses a config whose body is already cleaned and serialised.
    if (!config._retry && ['post', 'put', 'patch'].includes(method) && config.data !== undefined) {
      const nullEmpty = config.nullEmpty ?? isNullEmptyCall(method, config.url);
      config.data = prepareBody(config.data, { nullEmpty });
    }
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    async (error: AxiosError) => {
      const config = error.config;
      const status = error.response?.status;
      if (!config || status !== 401 || isRefreshExempt(config.url)) {
        return Promise.reject(reportError(error));
      }
      if (config._retry) {
        // The retried request was refused again: the session is no longer valid.
        signOutLocally();
        return Promise.reject(toApiError(error));
      }
      if (!store.getState().auth.refresh) {
        toastError(MSG_NO_REFRESH);
        signOutLocally();
        return Promise.reject(new ApiError(MSG_NO_REFRESH, 401));
      }
      // A 401 that lands after another call's refresh has already finished: retry with the new
      // token rather than refreshing again (a refresh token is single use).
      const sent = AxiosHeaders.from(config.headers).get('access-token');
      const current = store.getState().auth.token;
      if (current && sent && sent !== current) {
        config._retry = true;
        withAuthHeaders(config, current);
        return client.request(config);
      }
      let token: string;
      try {
        token = await refreshAccessToken();
      } catch {
        signOutLocally();
        return Promise.reject(toApiError(error));
      }
      config._retry = true;
      withAuthHeaders(config, token);
      // A failure of the retry (other than 401) goes through the catalogue above: its message is toasted.
      return client.request(config);
    },
  );

  return client;
}

export const apiClient = createApiClient();

/** The envelope's `data` of a successful call. */
export async function unwrap<T>(request: Promise<AxiosResponse<{ data: T }>>): Promise<T> {
  const res = await request;
  return res.data.data;
}
