import { useCallback, useMemo } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SendTarget } from '../api';
import { FillFormPage } from '../components/fill-form-page';
import { useBack } from '../use-back';
import type { FormFillData } from './form-fill-loader';

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
