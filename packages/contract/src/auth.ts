import { z } from 'zod';
import { envelope } from './envelope';

const email = z.string().trim().toLowerCase().email().max(254);
/** At least 8 characters with a letter and a digit; long passphrases welcome. */
export const PasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a digit');

export const LoginBodySchema = z.strictObject({ email, password: z.string().min(1).max(128) });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const UserResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  employee_id: z.string().nullable(),
  employee_code: z.string().nullable(),
  employee_name: z.string(),
  time_zone: z.string(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const ScopeSchema = z.object({
  name: z.string(),
  permissions: z.array(z.object({ name: z.string() })),
});
export type Scope = z.infer<typeof ScopeSchema>;

export const SessionDataSchema = z.object({
  token: z.string(),
  refresh: z.string(),
  userResponse: UserResponseSchema,
  scope: ScopeSchema,
});
export type SessionData = z.infer<typeof SessionDataSchema>;

/** When a second factor is on, login answers with a challenge instead of a session. */
export const OtpChallengeSchema = z.object({
  otp_required: z.literal(true),
  otp_token: z.string(),
});
export type OtpChallenge = z.infer<typeof OtpChallengeSchema>;

export const LoginResponseSchema = envelope(z.union([SessionDataSchema, OtpChallengeSchema]));

export const OtpVerifyBodySchema = z.strictObject({
  otp_token: z.string().min(1).max(512),
  otp: z.string().regex(/^[0-9]{6}$/, 'The code has 6 digits'),
});
export const OtpVerifyResponseSchema = envelope(SessionDataSchema);

export const RefreshBodySchema = z.strictObject({ refresh_token: z.string().min(1).max(512) });
export const RefreshResponseSchema = envelope(z.object({ token: z.string(), refresh: z.string() }));

export const LogoutBodySchema = z.strictObject({ refresh_token: z.string().min(1).max(512).optional() });

export const ForgotPasswordBodySchema = z.strictObject({ email });
export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().min(1).max(512),
  password: PasswordSchema,
});
export const ChangePasswordBodySchema = z.strictObject({
  current_password: z.string().min(1).max(128),
  new_password: PasswordSchema,
});

export const MeResponseSchema = envelope(z.object({ userResponse: UserResponseSchema, scope: ScopeSchema }));
