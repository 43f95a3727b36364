import type { LoaderFunctionArgs } from 'react-router';
import type { FillableForm } from '@/lib/api/types';
import { loadGuestForm } from '../api';
import { loadElements } from '../elements/deferred-elements';

/**
 * Spec 000 screen 11's data: the form behind a guest link, with the code of its elements. Apart
 * from the screen (`guest-form.tsx`) so the router carries it: the form is then asked for at
 * once, beside the screen's code (decision 025).
 */
export async function guestFormLoader({ params }: LoaderFunctionArgs): Promise<FillableForm> {
  const form = await loadGuestForm(params.guest_id ?? '');
  await loadElements(form.schema);
  return form;
}
