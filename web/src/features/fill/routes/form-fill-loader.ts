import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import type { FillableForm } from '@/lib/api/types';
import { restoreSession } from '@/lib/auth/session';
import { getSavedRegistration, type SavedRegistration } from '@/lib/offline/db';
import { loadClientCredits, loadForm } from '../api';
import { loadElements } from '../elements/deferred-elements';

export interface FormFillData {
  form: FillableForm;
  creditsExhausted: boolean;
  /** The registration saved on this device whose fill token is the second URL part, if any. */
  saved: SavedRegistration | null;
}

/** The second URL part is '0' / '1' (force reload) or the fill token of a saved registration. */
async function savedFor(formId: string, key: string | undefined): Promise<SavedRegistration | null> {
  if (!key || key === '0' || key === '1') return null;
  const saved = await getSavedRegistration(key).catch(() => undefined);
  return saved && saved.form_id === formId && saved.registration_saved_deleted_at === null ? saved : null;
}

/**
 * Spec 000 screen 7's data: the form, whether its client ran out of credits, and a registration
 * saved on this device. Apart from the screen (`form-fill.tsx`) so the router carries it: the
 * form is then asked for at once, beside the screen's code (decision 025).
 */
export async function formFillLoader({ params, request }: LoaderFunctionArgs): Promise<FormFillData> {
  // Spec 000 section 2: form_fill also takes `registration_id` (a workflow registration, which
  // opens in its phase) and `fill_token` (a registration saved on this device) as parameters.
  const query = new URL(request.url).searchParams;
  const registrationId = query.get('registration_id');
  if (registrationId) {
    throw redirect(paths.form_fill_workflow.build({ form_id: params.form_id ?? '', registration_id: registrationId }));
  }
  const form = await loadForm(params.form_id ?? '');
  const state = restoreSession();
  const member = state.status === 'authenticated' && state.session.user.clients.some((client) => client.id === form.client_id);
  // Side by side, as each is a round trip on a weak signal. Without an answer on the credits
  // there is no warning: the server holds the registration anyway.
  const [credits, saved] = await Promise.all([
    member ? loadClientCredits(form.client_id).catch(() => null) : null,
    savedFor(form.form_id, query.get('fill_token') ?? params.force_reload),
    loadElements(form.schema),
  ]);
  return { form, creditsExhausted: credits === 0, saved };
}
