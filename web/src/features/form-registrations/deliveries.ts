/**
 * What became of a registration's e-mails and integrations (spec 001 sections 3 and 4, decision
 * 017): the latest delivery per e-mail setting and per integration, as the registration detail
 * (admin shape) gives them. Read defensively: the API document types these lists only as
 * objects, and a row the page cannot read must not take the page down.
 */

export type HookStatus = 'pending' | 'error' | 'success';

export type HookType = 'email' | 'post-to-url' | 'sia-signal-create' | 'schouten-merge-registrations';

/** One row of `email_hooks` or `webhook_integrations`. */
export interface HookDelivery {
  hook_index: number;
  hook_name: string;
  /** One of `HookType`; another name is shown as it came. */
  hook_type: string;
  hook_status: HookStatus;
  attempts: number;
  last_answer: string | null;
  /** RFC 3339; when a waiting delivery is tried next. */
  next_attempt_at: string | null;
  updated_at: string | null;
  /** RFC 3339; when it was delivered. */
  delivered_at: string | null;
}

/** A delivery as the page lists it, with the channel it belongs to. */
export interface DeliveryRow extends HookDelivery {
  channel: 'email' | 'integration' | 'datasource';
  /** Unique within the registration, for React. */
  key: string;
}

const STATUSES: readonly HookStatus[] = ['pending', 'error', 'success'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function readDelivery(value: unknown, position: number, fallbackType: string): HookDelivery | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const status = STATUSES.find((known) => known === row.hook_status);
  // Without a status there is nothing to show about it.
  if (!status) return null;
  return {
    hook_index: typeof row.hook_index === 'number' ? row.hook_index : position,
    hook_name: text(row.hook_name) ?? '',
    hook_type: text(row.hook_type) ?? fallbackType,
    hook_status: status,
    attempts: count(row.attempts),
    last_answer: text(row.last_answer),
    next_attempt_at: text(row.next_attempt_at),
    updated_at: text(row.updated_at),
    delivered_at: text(row.delivered_at),
  };
}

function readList(value: unknown, fallbackType: string): HookDelivery[] {
  if (!Array.isArray(value)) return [];
  return value.map((row, position) => readDelivery(row, position, fallbackType)).filter((row): row is HookDelivery => row !== null);
}

/** The parts of a registration this module reads. */
export interface WithHooks {
  email_hooks?: unknown;
  webhook_integrations?: unknown;
  datasource_hooks?: unknown;
}

/**
 * Every delivery of the registration: e-mails first, then integrations, each in the order of
 * the form's settings; datasource hooks (keyed by name) last, once the server sends them.
 */
export function deliveryRows(registration: WithHooks): DeliveryRow[] {
  const emails = readList(registration.email_hooks, 'email').map((row) => ({
    ...row,
    channel: 'email' as const,
    key: `email-${row.hook_index}`,
  }));
  const integrations = readList(registration.webhook_integrations, '').map((row) => ({
    ...row,
    channel: 'integration' as const,
    key: `integration-${row.hook_index}`,
  }));
  const datasource =
    typeof registration.datasource_hooks === 'object' && registration.datasource_hooks !== null && !Array.isArray(registration.datasource_hooks)
      ? Object.entries(registration.datasource_hooks as Record<string, unknown>).flatMap(([name, value], position) => {
          const row = readDelivery(value, position, 'datasource');
          return row ? [{ ...row, hook_name: row.hook_name || name, channel: 'datasource' as const, key: `datasource-${name}` }] : [];
        })
      : [];
  const byIndex = (a: HookDelivery, b: HookDelivery) => a.hook_index - b.hook_index;
  return [...emails.sort(byIndex), ...integrations.sort(byIndex), ...datasource];
}

/** While any delivery waits in the queue the page asks again (spec 001 section 4: pending = queued). */
export function hasPending(rows: readonly HookDelivery[]): boolean {
  return rows.some((row) => row.hook_status === 'pending');
}
