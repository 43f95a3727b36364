import { useCallback, useMemo } from 'react';
import { redirect, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import type { FillableForm } from '@/lib/api/types';
import { restoreSession } from '@/lib/auth/session';
import { getSavedRegistration, type SavedRegistration } from '@/lib/offline/db';
import { loadClientCredits, loadForm, type SendTarget } from '../api';
import { FillFormPage } from '../components/fill-form-page';
import { useBack } from '../use-back';

interface FormFillData {
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
  // Without an answer there is no warning: the server holds the registration anyway.
  const credits = member ? await loadClientCredits(form.client_id).catch(() => null) : null;
  const saved = await savedFor(form.form_id, query.get('fill_token') ?? params.force_reload);
  return { form, creditsExhausted: credits === 0, saved };
}

/**
 * Spec 000 screen 7: every visit fetches the form; a fill token as second URL part reopens the
 * registration saved on this device under that token.
 */
export function FormFillRoute() {
  const { form, creditsExhausted, saved } = useLoaderData<FormFillData>();
  const location = useLocation();
  const navigate = useNavigate();
  const folders = paths.folder_list.build();
  const back = useBack(folders);
  const unsent = paths.unsend_registration_list.build();
  const onSavedOffline = useCallback(() => void navigate(unsent), [navigate, unsent]);
  const target = useMemo<SendTarget>(() => ({ kind: 'user', clientId: form.client_id }), [form.client_id]);

  return (
    <FillFormPage
      // A new visit (also 'Nogmaals invullen') is a new registration: fresh values and fill token.
      key={location.key}
      form={form}
      target={target}
      creditsExhausted={creditsExhausted}
      onBack={back}
      onDone={() => void navigate(folders)}
      // A fresh registration, also when this one was reopened from the device.
      onFillAgain={() => void navigate(paths.form_fill.build({ form_id: form.form_id, force_reload: '0' }), { replace: true })}
      saved={saved ?? undefined}
      onSavedOffline={onSavedOffline}
    />
  );
}
