/**
 * rememberInput: a field's last sent value is kept on this device per form and element and
 * offered the next time the form is opened; it expires after 6 months (spec 000 sections 3, 9).
 * Stored at a successful send, not while typing, so only answers that were actually used return.
 * They are the user's answers: logout forgets them all (decision 012).
 */
import type { FormElement, FormValues } from '@/lib/form-logic';

const PREFIX = 'eform.remember';
const LIFETIME_MONTHS = 6;

interface Remembered {
  value: unknown;
  /** When it was stored, epoch ms. */
  timestamp: number;
}

function key(formId: string, name: string): string {
  return `${PREFIX}.${formId}.${name}`;
}

export function readRemembered(formId: string, name: string, now: Date = new Date(), storage: Storage = localStorage): unknown {
  const raw = storage.getItem(key(formId, name));
  if (raw === null) return undefined;
  let stored: Partial<Remembered> | null = null;
  try {
    stored = JSON.parse(raw) as Partial<Remembered>;
  } catch {
    // Unreadable: treated like an expired entry below.
  }
  if (!stored || typeof stored.timestamp !== 'number' || isExpired(stored.timestamp, now)) {
    storage.removeItem(key(formId, name));
    return undefined;
  }
  return stored.value;
}

export function rememberInput(
  formId: string,
  schema: readonly FormElement[],
  values: FormValues,
  now: Date = new Date(),
  storage: Storage = localStorage,
): void {
  for (const element of schema) {
    if (!element.rememberInput || values[element.name] === undefined) continue;
    const entry: Remembered = { value: values[element.name], timestamp: now.getTime() };
    try {
      storage.setItem(key(formId, element.name), JSON.stringify(entry));
    } catch {
      // Storage full or blocked: remembering is a convenience, the send itself succeeded.
    }
  }
}

/**
 * Removes every remembered value (at logout): they are the signed-out user's answers and must not
 * be offered to whoever signs in next on this device.
 */
export function forgetRememberedInputs(storage: Storage = localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const name = storage.key(index);
    if (name?.startsWith(`${PREFIX}.`)) keys.push(name);
  }
  for (const name of keys) storage.removeItem(name);
}

function isExpired(timestamp: number, now: Date): boolean {
  const expiry = new Date(timestamp);
  expiry.setMonth(expiry.getMonth() + LIFETIME_MONTHS);
  return now.getTime() > expiry.getTime();
}
