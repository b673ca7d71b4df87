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

// The API client (and axios) loads with the first call, not with the sign-in page (ADR 0011).
const client = () => import('../../../lib/api-client');

export type LoginResult = SessionData | OtpChallenge;

export function isOtpChallenge(result: LoginResult): result is OtpChallenge {
  return 'otp_required' in result && result.otp_required === true;
}

/** The screens show these errors themselves, so the calls are `silent`. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/login', body, { silent: true }));
}

export async function verifyOtp(body: z.infer<typeof OtpVerifyBodySchema>): Promise<SessionData> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/otp-verify', body, { silent: true }));
}

export async function forgotPassword(body: z.infer<typeof ForgotPasswordBodySchema>): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/forgot-password', body, { silent: true }));
}

export async function resetPassword(body: z.infer<typeof ResetPasswordBodySchema>): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/reset-password', body, { silent: true }));
}

export async function changePassword(body: z.infer<typeof ChangePasswordBodySchema>): Promise<null> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.post('/auth/change-password', body, { silent: true }));
}

export async function fetchMe(): Promise<{ userResponse: UserResponse; scope: Scope }> {
  const { apiClient, unwrap } = await client();
  return unwrap(apiClient.get('/auth/me'));
}
