import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { FillableForm, Registration } from '@/lib/api/types';
import { signedInUser } from '@/lib/auth/session';
import { isUnreachableError } from '@/lib/api';
import { removeSavedRegistration, saveRegistration, type SavedRegistration } from '@/lib/offline/db';
import { isQuotaError, markOfflineFilesSent, offlineEntries } from '@/lib/offline/offline-files';
import { rememberInput } from '@/lib/offline/remembered-inputs';
import { syncSavedRegistrations } from '@/lib/offline/sync';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { sendRegistration, UploadError, type SendProgress, type SendTarget } from './api';
import { focusFirstError } from './components/form-fields';
import { newFillToken } from './fill-token';
import { initialFormValues, isEntry, valuesToSend } from './form-model';
import { OfflineFileUnavailable, uploadOfflineFiles, type UploadedValues } from './offline-uploads';
import { savedSummary } from './saved-summary';
import { useFormModel } from './use-form-model';

/**
 * One registration of a form being filled in: its values, its fill token and its send, with the
 * toasts and field errors of every outcome (spec 000 sections 5 and 8).
 */
export function useFillForm(
  form: FillableForm,
  target: SendTarget,
  fieldsRef: RefObject<HTMLElement | null>,
  /** A registration saved on this device, reopened: its values and fill token. */
  saved?: SavedRegistration,
  /** A workflow registration sent on in its current phase (spec 000 section 4). */
  workflow?: Registration,
) {
  // Rules of workflow forms see the phase: '1' for a new registration.
  const phase = workflow?.registration_phase ?? (form.form_type === 'workflow' ? '1' : null);
  const ruleContext = useMemo(() => ({ registration: { phase, formName: form.form_name } }), [phase, form.form_name]);
  const model = useFormModel(
    form.schema,
    form.rules ?? [],
    () => {
      if (workflow && isEntry(workflow.values)) return { ...workflow.values };
      return saved && isEntry(saved.values) ? { ...saved.values } : initialFormValues(form.form_id, form.schema, form.values);
    },
    undefined,
    ruleContext,
  );
  // Kept for retries of the same data; replaced only after a 409.
  const fillToken = useRef(saved?.fill_token ?? newFillToken());
  const [savingLocally, setSavingLocally] = useState(false);

  /**
   * Stores the registration as it is on this device (no validation): offline save, autosave and
   * the copy kept before every send. Guests have no saved registrations. Resolves 'saved', or
   * why not: 'full' when the device has no room left (nothing already saved is lost then).
   */
  const saveLocally = useCallback(async (): Promise<'saved' | 'not-kept' | 'full' | 'failed'> => {
    // Guests have no saved registrations; a workflow registration lives on the server.
    if (target.kind !== 'user' || workflow) return 'not-kept';
    try {
      const now = new Date();
      const summaryValues = valuesToSend(form.schema, model.values, model.states);
      await saveRegistration(
        {
          fill_token: fillToken.current,
          form_id: form.form_id,
          client_id: form.client_id,
          form_name: form.form_name,
          form_summary: savedSummary(form, summaryValues, signedInUser()?.username, now),
          schema: form.schema,
          values: model.values,
        },
        now,
      );
      return 'saved';
    } catch (error) {
      console.error('saving the registration on this device failed', error);
      return isQuotaError(error) ? 'full' : 'failed';
    }
  }, [form, target, workflow, model.values, model.states]);

  /** 'Formulier offline opslaan': store, sync when possible, then the caller moves on. */
  const saveOffline = useCallback(async (): Promise<boolean> => {
    setSavingLocally(true);
    const saved = await saveLocally();
    setSavingLocally(false);
    if (saved !== 'saved') {
      showToast(saved === 'full' ? nl.fill.saveOfflineFull : nl.fill.saveOfflineFailed, { severity: 'error', persistent: true });
      return false;
    }
    model.markSaved();
    showToast(nl.fill.savedOffline, { severity: 'success' });
    void syncSavedRegistrations();
    return true;
  }, [saveLocally, model]);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [sent, setSent] = useState<Registration | null>(null);

  const submit = useCallback(async () => {
    const problems = model.validate();
    if (Object.keys(problems).length > 0) {
      showToast(nl.fill.validationFailed, { severity: 'error', persistent: true });
      focusFirstError(fieldsRef.current, problems);
      return;
    }
    const values = valuesToSend(form.schema, model.values, model.states);
    // Kept on the device until the server acknowledged it (spec 000 section 4).
    const storedLocally = (await saveLocally()) === 'saved';
    // Files kept on the device are uploaded first: the send refers only to files the server has.
    let uploaded: UploadedValues = { values, fileIds: [] };
    if (offlineEntries(values).length > 0) {
      try {
        uploaded = await uploadOfflineFiles(target, values, (files) => setProgress({ phase: 'files', ...files }));
      } catch (error) {
        setProgress(null);
        showToast(filesFailure(error), { severity: 'error', persistent: true });
        return;
      }
    }
    const payload = {
      form_id: form.form_id,
      client_id: form.client_id,
      fill_token: fillToken.current,
      values: uploaded.values,
      ...(workflow ? { registration_id: workflow._id } : {}),
    };
    const outcome = await sendRegistration(target, payload, setProgress);
    setProgress(null);
    switch (outcome.kind) {
      case 'sent':
        // The kept files start their 31 days; the copy on the device goes.
        await markOfflineFilesSent(uploaded.fileIds).catch((error: unknown) => console.error(error));
        if (storedLocally) await removeSavedRegistration(payload.fill_token).catch((error: unknown) => console.error(error));
        rememberInput(form.form_id, form.schema, values);
        showToast(nl.fill.sentToast, { severity: 'success' });
        setSent(outcome.registration);
        return;
      case 'duplicate':
        if (workflow) {
          showToast(outcome.message ?? nl.fill.sendFailed, { severity: 'warning', persistent: true });
          return;
        }
        if (storedLocally) {
          await removeSavedRegistration(payload.fill_token).catch(() =>
            showToast(nl.fill.duplicateCleanupFailed, { severity: 'error', persistent: true }),
          );
        }
        fillToken.current = newFillToken();
        showToast(nl.fill.duplicate, { severity: 'warning', persistent: true });
        return;
      case 'invalid':
        model.setErrors(outcome.fieldErrors);
        showToast(nl.fill.validationFailed, { severity: 'error', persistent: true });
        // After the render that shows the messages.
        requestAnimationFrame(() => focusFirstError(fieldsRef.current, outcome.fieldErrors));
        return;
      case 'failed':
        showToast(outcome.message, { severity: 'error', persistent: true });
    }
  }, [form, target, workflow, model, fieldsRef, saveLocally]);

  return { model, submit, saveOffline, saveLocally, savingLocally, progress, sending: progress !== null, sent };
}

/** What to tell the user when the files kept on the device could not be uploaded before a send. */
function filesFailure(error: unknown): string {
  if (error instanceof OfflineFileUnavailable || error instanceof UploadError) return error.message;
  if (!isUnreachableError(error)) console.error('uploading the files kept on this device failed', error);
  return nl.fill.sendFailed;
}
