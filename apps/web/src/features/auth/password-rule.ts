import { PasswordSchema } from '@hr/contract';

/**
 * The contract's password rule (8+ characters with a letter and a digit), first message only. Apart
 * from validation.ts because it needs zod, which the sign-in page does not load.
 */
export function validateNewPassword(value: string): string | null {
  if (value === '') return 'New password is required';
  const result = PasswordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Password is not strong enough');
}
