/**
 * The value checks of e-mail settings and integrations, twins of the server's
 * (domain/src/submission.rs `is_email_or_token`, `is_filename_or_token`, domain/src/validate.rs
 * `is_valid_email`, domain/src/notifications.rs `is_web_url`): the client finds what the server
 * would refuse, so its 422 answer is a rarity rather than the way users learn the rules.
 */
import { isValidEmail } from '@/lib/email';

/** Longest e-mail address the server takes (RFC 5321's limit on a path), in characters. */
const MAX_EMAIL_LEN = 254;

/** `$token$` whose body is one or more characters `allowed` accepts, and nothing around it. */
function isSingleToken(text: string, allowed: RegExp): boolean {
  return text.length > 2 && text.startsWith('$') && text.endsWith('$') && allowed.test(text.slice(1, -1));
}

/** The server's e-mail check, its length limit included. */
export function isEmailAddress(text: string): boolean {
  return [...text].length <= MAX_EMAIL_LEN && isValidEmail(text);
}

/** Spec 000 section 5, rule emailOrToken: a valid address or exactly one `$token$` (trimmed). */
export function isEmailOrToken(raw: string): boolean {
  const text = raw.trim();
  return isEmailAddress(text) || isSingleToken(text, /^[A-Za-z0-9_.#-]+$/);
}

/**
 * Spec 000 section 5, rule filenameOrToken: only letters, digits, hyphen, underscore and `$`;
 * or a single `$token$` of lowercase letters, digits or underscore.
 */
export function isFilenameOrToken(text: string): boolean {
  return /^[A-Za-z0-9_$-]+$/.test(text) || isSingleToken(text, /^[a-z0-9_]+$/);
}

/** An http(s) URL with a host: the only kind of address a webhook may call. */
export function isWebUrl(url: string): boolean {
  const rest = url.startsWith('https://') ? url.slice(8) : url.startsWith('http://') ? url.slice(7) : null;
  if (rest === null) return false;
  const host = rest.split(/[/?#]/)[0] ?? '';
  return host !== '' && !/\s/.test(url);
}
