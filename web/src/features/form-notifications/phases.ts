/**
 * The workflow phases an e-mail or integration is sent on (`send_on_registration_phase`, spec
 * 001 sections 3 and 4): phases 1 to 9; none means when the registration is completed, as the
 * server decides (domain/src/notifications.rs `due_at`).
 */
import { nl } from '@/messages/nl-admin';

/** Spec 001 section 9: phases 1 to 9. */
export const PHASES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A phase as the server reads one ('2', ' 2', 2), or null. */
function readPhase(value: unknown): string | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 && number <= PHASES.length ? String(number) : null;
}

/**
 * The stored phases (a list or one value) as sorted, distinct '1'...'9'. One the server would
 * refuse cannot be shown by the phase picker, so it is left out rather than kept unfixable.
 */
export function readPhases(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const phases = new Set(items.map(readPhase).filter((phase): phase is string => phase !== null));
  return PHASES.filter((phase) => phases.has(phase));
}

/** The server's check of a phase list, reported at `path/n`. */
export function checkPhases(phases: readonly string[], path: string, add: (path: string, message: string) => void): void {
  phases.forEach((phase, n) => {
    if (readPhase(phase) !== phase) add(`${path}/${n}`, nl.formNotifications.phaseInvalid);
  });
}
