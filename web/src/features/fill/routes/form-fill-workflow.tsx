import { useMemo } from 'react';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import type { FillableForm, Registration } from '@/lib/api/types';
import { loadAssignedRegistration, loadForm, type SendTarget } from '../api';
import { FillFormPage } from '../components/fill-form-page';
import { loadElements } from '../elements/deferred-elements';
import { useBack } from '../use-back';

interface FormFillWorkflowData {
  form: FillableForm;
  registration: Registration;
}

export async function formFillWorkflowLoader({ params }: LoaderFunctionArgs): Promise<FormFillWorkflowData> {
  const [form, registration] = await Promise.all([
    loadForm(params.form_id ?? '').then(async (loaded) => {
      await loadElements(loaded.schema);
      return loaded;
    }),
    loadAssignedRegistration(params.registration_id ?? ''),
  ]);
  if (registration.form_id !== form.form_id) throw new Response('', { status: 404 });
  return { form, registration };
}

/**
 * Spec 000 section 2, route form_fill_workflow: a workflow registration filled in its current
 * phase. The phase's rules decide what shows; sending moves it on (or completes it) and leaves
 * it for the next user, so 'Gereed' goes back to the assigned registrations.
 */
export function FormFillWorkflowRoute() {
  const { form, registration } = useLoaderData<FormFillWorkflowData>();
  const location = useLocation();
  const navigate = useNavigate();
  const list = paths.assigned_registration_list.build();
  const back = useBack(list);
  const target = useMemo<SendTarget>(() => ({ kind: 'user', clientId: form.client_id }), [form.client_id]);
  return (
    <FillFormPage
      key={location.key}
      form={form}
      target={target}
      creditsExhausted={false}
      onBack={back}
      onDone={() => void navigate(list)}
      onFillAgain={() => void navigate(list)}
      workflow={registration}
    />
  );
}
