/**
 * The webhook integrations of a form (spec 001 section 3 'Webhook integration', sections 5 and
 * 9): read, checked as domain/src/notifications.rs `webhooks` checks them, and written back.
 * What each type needs lives in one table, so the screen and the check cannot disagree.
 */
import { nl } from '@/messages/nl-admin';
import { isEmailAddress, isWebUrl } from './checks';
import { checkPhases, readPhases } from './phases';
import type { Problems } from './problems';

/** Spec 001 section 9: the hook types, and the one address each of them needs. */
export const HOOK_TYPES = {
  'post-to-url': { address: 'hook_url' },
  'sia-signal-create': { address: 'hook_url' },
  'schouten-merge-registrations': { address: 'merged_registration_email' },
} as const;

export type HookType = keyof typeof HOOK_TYPES;
export type HookAddress = (typeof HOOK_TYPES)[HookType]['address'];

export function isHookType(value: unknown): value is HookType {
  return typeof value === 'string' && Object.hasOwn(HOOK_TYPES, value);
}

export interface Webhook {
  hook_name: string;
  /** Empty until the user picks one (the check asks for it). */
  hook_type: HookType | '';
  hook_url: string;
  merged_registration_email: string;
  /** sia-signal-create: the Signalen sub-category URL the signal is filed under (optional). */
  sia_category: string;
  /** Workflow forms: the phases whose reaching sends it; none: on completion. */
  send_on_registration_phase: string[];
}

export function blankWebhook(): Webhook {
  return { hook_name: '', hook_type: '', hook_url: '', merged_registration_email: '', sia_category: '', send_on_registration_phase: [] };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** One stored integration as this screen edits it; unknown keys (hook_status...) ride along. */
export function readWebhook(value: unknown): Webhook {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    ...stored,
    hook_name: text(stored.hook_name),
    hook_type: isHookType(stored.hook_type) ? stored.hook_type : '',
    hook_url: text(stored.hook_url),
    merged_registration_email: text(stored.merged_registration_email),
    sia_category: text(stored.sia_category),
    send_on_registration_phase: readPhases(stored.send_on_registration_phase),
  };
}

export function readWebhooks(value: unknown): Webhook[] {
  return Array.isArray(value) ? value.map(readWebhook) : [];
}

/**
 * The integration as it is saved: the address its type does not use is emptied (a switched
 * type leaves no stale URL behind), phases only on workflow forms.
 */
export function tidyWebhook(hook: Webhook, workflow: boolean): Webhook {
  const uses = hook.hook_type ? HOOK_TYPES[hook.hook_type].address : null;
  return {
    ...hook,
    hook_url: uses === 'hook_url' ? hook.hook_url.trim() : '',
    merged_registration_email: uses === 'merged_registration_email' ? hook.merged_registration_email.trim() : '',
    sia_category: hook.hook_type === 'sia-signal-create' ? hook.sia_category.trim() : '',
    send_on_registration_phase: workflow ? hook.send_on_registration_phase : [],
  };
}

/** Spec 001 section 5 for integrations, as the server checks them (addresses trimmed). */
export function checkWebhooks(hooks: readonly Webhook[]): Problems {
  const t = nl.formNotifications;
  const problems: Record<string, string> = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };
  hooks.forEach((hook, index) => {
    const at = (key: string) => `${index}/${key}`;
    if (!hook.hook_name.trim()) add(at('hook_name'), t.required);
    if (!hook.hook_type) {
      add(at('hook_type'), t.required);
    } else if (HOOK_TYPES[hook.hook_type].address === 'hook_url') {
      const url = hook.hook_url.trim();
      if (!url) add(at('hook_url'), t.required);
      else if (!isWebUrl(url)) add(at('hook_url'), t.urlInvalid);
    } else {
      const email = hook.merged_registration_email.trim();
      if (!email) add(at('merged_registration_email'), t.required);
      else if (!isEmailAddress(email)) add(at('merged_registration_email'), t.emailInvalid);
    }
    checkPhases(hook.send_on_registration_phase, at('send_on_registration_phase'), add);
  });
  return problems;
}
