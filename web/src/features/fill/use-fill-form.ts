import { useCallback, useRef, useState, type RefObject } from 'react';
import type { FillableForm, Registration } from '@/lib/api/types';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { sendRegistration, type SendProgress, type SendTarget } from './api';
import { focusFirstError } from './components/form-fields';
import { newFillToken } from './fill-token';
import { initialFormValues, valuesToSend } from './form-model';
import { rememberInput } from './remember-input';
import { useFormModel } from './use-form-model';

/**
 * One registration of a form being filled in: its values, its fill token and its send, with the
 * toasts and field errors of every outcome (spec 000 sections 5 and 8).
 */
export function useFillForm(form: FillableForm, target: SendTarget, fieldsRef: RefObject<HTMLElement | null>) {
  const model = useFormModel(form.schema, form.rules ?? [], () => initialFormValues(form.form_id, form.schema, form.values));
  // Kept for retries of the same data; replaced only after a 409.
  const fillToken = useRef(newFillToken());
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
    const payload = { form_id: form.form_id, client_id: form.client_id, fill_token: fillToken.current, values };
    const outcome = await sendRegistration(target, payload, setProgress);
    setProgress(null);
    switch (outcome.kind) {
      case 'sent':
        rememberInput(form.form_id, form.schema, values);
        showToast(nl.fill.sentToast, { severity: 'success' });
        setSent(outcome.registration);
        return;
      case 'duplicate':
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
  }, [form, target, model, fieldsRef]);

  return { model, submit, progress, sending: progress !== null, sent };
}
