/**
 * Orders of credit bundles and modules (decision 022), as the Credits tab of a client and the
 * admin dashboard show them, and the admins' confirmation of an order on invoice.
 */
import { api } from '@/lib/api';
import type { ApiSchemas, StatusMessage } from '@/lib/api/types';
import { nl } from '@/messages/nl-admin';

/** An order: what was bought, for how much, how it is paid and where it stands. */
export type Purchase = ApiSchemas['PurchaseJson'];

/** The statuses of an order: only a pending one can still be confirmed (or paid). */
export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** The Dutch name of a status; one the app does not know keeps its own. */
export function purchaseStatusLabel(status: string): string {
  return nl.purchases.status[status] ?? status;
}

/** The Dutch name of a way of paying ('Op factuur'). */
export function purchaseProviderLabel(provider: string): string {
  return nl.purchases.provider[provider] ?? provider;
}

/**
 * `POST api/purchases/{id}/confirm` (admins): the invoice is paid, the credits or the module are
 * granted, once however often it is confirmed. Answers the server's text ('Credits zijn
 * toegevoegd aan klant.'); an order that failed or expired is a 409 with its reason.
 */
export function confirmPurchase(purchaseId: string): Promise<StatusMessage> {
  return api.request<StatusMessage>(`/api/purchases/${encodeURIComponent(purchaseId)}/confirm`, { method: 'POST' });
}
