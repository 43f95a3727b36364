/**
 * The server's e-mail check (domain/src/validate.rs is_valid_email): one @, a non-empty local
 * part, a dotted domain without empty parts, no spaces. Deliverability is proven by the mail.
 */
export function isValidEmail(text: string): boolean {
  const at = text.indexOf('@');
  if (at <= 0 || /\s/.test(text)) return false;
  const domain = text.slice(at + 1);
  if (domain.includes('@')) return false;
  const parts = domain.split('.');
  return parts.length >= 2 && parts.every((part) => part !== '');
}
