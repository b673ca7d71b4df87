import type {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBody,
  OtpChallenge,
  OtpVerifyBodySchema,
  ResetPasswordBodySchema,
  Scope,
  SessionData,
  UserResponse,
} from '@hr/contract';
import type { z } from 'zod';
import { apiClient, unwrap } from '../../../lib/api-client';

export type LoginResult = SessionData | OtpChallenge;

export function isOtpChallenge(result: LoginResult): result is OtpChallenge {
  return 'otp_required' in result && result.otp_required === true;
}

/** The screens show these errors themselves, so the calls are `silent`. */
export function login(body: LoginBody): Promise<LoginResult> {
  return unwrap(apiClient.post('/auth/login', body, { silent: true }));
}

export function verifyOtp(body: z.infer<typeof OtpVerifyBodySchema>): Promise<SessionData> {
  return unwrap(apiClient.post('/auth/otp-verify', body, { silent: true }));
}

export function forgotPassword(body: z.infer<typeof ForgotPasswordBodySchema>): Promise<null> {
  return unwrap(apiClient.post('/auth/forgot-password', body, { silent: true }));
}

export function resetPassword(body: z.infer<typeof ResetPasswordBodySchema>): Promise<null> {
  return unwrap(apiClient.post('/auth/reset-password', body, { silent: true }));
}

export function changePassword(body: z.infer<typeof ChangePasswordBodySchema>): Promise<null> {
  return unwrap(apiClient.post('/auth/change-password', body, { silent: true }));
}

export function fetchMe(): Promise<{ userResponse: UserResponse; scope: Scope }> {
  return unwrap(apiClient.get('/auth/me'));
}
