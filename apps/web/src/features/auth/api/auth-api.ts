import type { OtpChallenge, Scope, SessionData, UserResponse } from '@hr/contract';

// The API client (and axios) loads with the first call, not with the sign-in page (ADR 0011).
const client = () => import('../../../lib/api-client');

export type LoginResult = SessionData | OtpChallenge;

export function isOtpChallenge(result: LoginResult): result is OtpChallenge {
  return 'otp_required' in result && result.otp_required === true;
}

/** The screens show these errors themselves, so the calls are `silent`. */
export async function login(body: { email: string; password: string }): Promise<LoginResult> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/login', body, { silent: true }));
}

export async function verifyOtp(body: { otp_token: string; otp: string }): Promise<SessionData> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/otp-verify', body, { silent: true }));
}

export async function forgotPassword(body: { email: string }): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/forgot-password', body, { silent: true }));
}

export async function resetPassword(body: { token: string; password: string }): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/reset-password', body, { silent: true }));
}

export async function changePassword(body: {
  current_password: string;
  new_password: string;
}): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/change-password', body, { silent: true }));
}

export async function fetchMe(): Promise<{ userResponse: UserResponse; scope: Scope }> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.get('/auth/me'));
}
