// Only zod's email pattern, not zod: the sign-in page uses these checks and stays light (ADR 0011).
// The same test as z.string().trim().email().
import { regexes } from 'zod/v4/core';

export function validateEmail(value: string): string | null {
  if (value.trim() === '') return 'Email is required';
  return regexes.email.test(value.trim()) ? null : 'Enter a valid email address';
}

export function validateRequired(value: string, label: string): string | null {
  return value === '' ? `${label} is required` : null;
}

export function validateConfirmation(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'Confirm the new password';
  return password === confirmation ? null : 'Passwords do not match';
}

export function validateOtp(value: string): string | null {
  return /^[0-9]{6}$/.test(value.trim()) ? null : 'The code has 6 digits';
}
