/**
 * Where a buyer goes after an order (spec 002 section 4; decision 022): the answer's
 * `checkout-url` is the payment provider's page (Mollie), or for an order on invoice this app's
 * own credits page with `?purchase=<id>`, which the router opens without reloading the app.
 */
import { redirect } from 'react-router';
import type { ContactErrors } from './contact';

export type CheckoutTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | { kind: 'invalid' };

export function checkoutTarget(url: string, origin: string = window.location.origin): CheckoutTarget {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return { kind: 'invalid' };
  }
  // Never a script or data address, whatever the answer says.
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return { kind: 'invalid' };
  if (target.origin === origin) return { kind: 'internal', path: `${target.pathname}${target.search}${target.hash}` };
  return { kind: 'external', url: target.href };
}

/** Leaves the app for the provider's page (a seam the tests replace). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export interface BuyResult {
  contactErrors?: ContactErrors;
  /** The bundle or module not chosen. */
  choiceError?: string;
  /** Red alerts above the form: the check text, or each detail of the server's refusal. */
  errors: string[];
  /** On the way to the provider's page. */
  redirecting?: boolean;
}

/**
 * Where the answer's `checkout-url` leads: this app's page through the router, the provider's
 * page by leaving the app; an address that is neither is refused.
 */
export function toCheckout(url: string, failed: string): BuyResult | Response {
  const target = checkoutTarget(url);
  if (target.kind === 'internal') return redirect(target.path);
  if (target.kind === 'external') {
    browser.assign(target.url);
    return { errors: [], redirecting: true };
  }
  return { errors: [failed] };
}

