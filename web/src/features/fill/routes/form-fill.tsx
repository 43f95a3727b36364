import { useMemo } from 'react';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import type { FillableForm } from '@/lib/api/types';
import { restoreSession } from '@/lib/auth/session';
import { loadClientCredits, loadForm, type SendTarget } from '../api';
import { FillFormPage } from '../components/fill-form-page';
import { useBack } from '../use-back';

interface FormFillData {
  form: FillableForm;
  creditsExhausted: boolean;
}

export async function formFillLoader({ params }: LoaderFunctionArgs): Promise<FormFillData> {
  const form = await loadForm(params.form_id ?? '');
  const state = restoreSession();
  const member = state.status === 'authenticated' && state.session.user.clients.some((client) => client.id === form.client_id);
  // Without an answer there is no warning: the server holds the registration anyway.
  const credits = member ? await loadClientCredits(form.client_id).catch(() => null) : null;
  return { form, creditsExhausted: credits === 0 };
}

/** Spec 000 screen 7: `force_reload` needs no handling yet, every visit fetches the form. */
export function FormFillRoute() {
  const { form, creditsExhausted } = useLoaderData<FormFillData>();
  const location = useLocation();
  const navigate = useNavigate();
  const folders = paths.folder_list.build();
  const back = useBack(folders);
  const target = useMemo<SendTarget>(() => ({ kind: 'user', clientId: form.client_id }), [form.client_id]);

  return (
    <FillFormPage
      // A new visit (also 'Nogmaals invullen') is a new registration: fresh values and fill token.
      key={location.key}
      form={form}
      target={target}
      creditsExhausted={creditsExhausted}
      searchAllowed
      onBack={back}
      onDone={() => void navigate(folders)}
      onFillAgain={() => void navigate(location.pathname, { replace: true })}
    />
  );
}
