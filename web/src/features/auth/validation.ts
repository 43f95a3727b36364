import { isValidEmail } from '@/lib/email';
import { nl } from '@/messages/nl';

export const MIN_PASSWORD_LENGTH = 8;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return nl.auth.emailRequired;
  if (!isValidEmail(value)) return nl.auth.emailInvalid;
  return undefined;
}

/** Spec 000 section 5: e-mail required and valid; password required. */
export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> | null {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (values.password === '') errors.password = nl.auth.passwordRequired;
  return Object.keys(errors).length > 0 ? errors : null;
}

export function validateNewPassword(values: {
  password: string;
  repeat: string;
}): FieldErrors<'password' | 'repeat'> | null {
  const errors: FieldErrors<'password' | 'repeat'> = {};
  if (values.password === '') errors.password = nl.auth.passwordRequired;
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = nl.auth.passwordTooShort(MIN_PASSWORD_LENGTH);
  if (!errors.password && values.repeat !== values.password) errors.repeat = nl.auth.passwordsDiffer;
  return Object.keys(errors).length > 0 ? errors : null;
}
