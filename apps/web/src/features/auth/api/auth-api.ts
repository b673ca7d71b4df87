import type { OtpChallenge, Scope, SessionData, UserResponse } from '@hr/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

export type LoginResult = SessionData | OtpChallenge;

export function isOtpChallenge(result: LoginResult): result is OtpChallenge {
  return 'otp_required' in result && result.otp_required === true;
}

/** The screens show these errors themselves, so the calls are `silent`. */
export function login(body: { email: string; password: string }): Promise<LoginResult> {
  return unwrap(apiClient.post('/auth/login', body, { silent: true }));
}

export function verifyOtp(body: { otp_token: string; otp: string }): Promise<SessionData> {
  return unwrap(apiClient.post('/auth/otp-verify', body, { silent: true }));
}

export function forgotPassword(body: { email: string }): Promise<null> {
  return unwrap(apiClient.post('/auth/forgot-password', body, { silent: true }));
}

export function resetPassword(body: { token: string; password: string }): Promise<null> {
  return unwrap(apiClient.post('/auth/reset-password', body, { silent: true }));
}

export function changePassword(body: { current_password: string; new_password: string }): Promise<null> {
  return unwrap(apiClient.post('/auth/change-password', body, { silent: true }));
}

export function fetchMe(): Promise<{ userResponse: UserResponse; scope: Scope }> {
  return unwrap(apiClient.get('/auth/me'));
}
