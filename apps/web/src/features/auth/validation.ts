import { PasswordSchema } from '@hr/contract';
import { z } from 'zod';

const emailFormat = z.string().trim().email();

export function validateEmail(value: string): string | null {
  if (value.trim() === '') return 'Email is required';
  return emailFormat.safeParse(value).success ? null : 'Enter a valid email address';
}

export function validateRequired(value: string, label: string): string | null {
  return value === '' ? `${label} is required` : null;
}

/** The contract's password rule (8+ characters with a letter and a digit), first message only. */
export function validateNewPassword(value: string): string | null {
  if (value === '') return 'New password is required';
  const result = PasswordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Password is not strong enough');
}

export function validateConfirmation(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'Confirm the new password';
  return password === confirmation ? null : 'Passwords do not match';
}

export function validateOtp(value: string): string | null {
  return /^[0-9]{6}$/.test(value.trim()) ? null : 'The code has 6 digits';
}
