import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import type { FormValues } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import type { SendTarget } from '@/features/fill/api';
import { FormFields } from '@/features/fill/components/form-fields';
import { useFormHost } from '@/features/fill/components/form-host';
import { FillEnvironmentContext } from '@/features/fill/fill-environment';
import { deriveForm, initialFormValues } from '@/features/fill/form-model';
import type { AdminForm } from '../api';

interface FormPreviewProps {
  form: AdminForm;
  /** Workflow forms: the phase the rules see ('registration_phase'). */
  phase: string | null;
}

/**
 * Spec 001 screen 6: the form as a filler sees it, rendered by the fill-in renderer with the same
 * rule engine. Nothing is sent from here. Remount (key) it when the schema changes.
 */
export function FormPreview({ form, phase }: FormPreviewProps) {
  const idPrefix = useId();
  const schema = useMemo(() => form.schema ?? [], [form.schema]);
  const rules = useMemo(() => form.rules ?? [], [form.rules]);
  const [input, setInput] = useState<FormValues>(() => initialFormValues(form.form_id, schema, form.values));
  const ctx = useMemo(() => ({ registration: { phase, formName: form.form_name } }), [phase, form.form_name]);
  const derived = useMemo(() => deriveForm(schema, rules, input, ctx), [schema, rules, input, ctx]);
  const target = useMemo<SendTarget>(() => ({ kind: 'user', clientId: form.client_id }), [form.client_id]);
  const host = useFormHost({ target, rules, values: derived.values, adminMode: true });

  if (schema.length === 0) return <Typography color="text.secondary">{nl.formAdmin.detail.previewEmpty}</Typography>;

  return (
    <FillEnvironmentContext.Provider value={host.environment}>
      <FormFields
        schema={schema}
        values={derived.values}
        states={derived.states}
        errors={{}}
        onChange={(name, value) => setInput((previous) => deriveForm(schema, rules, { ...previous, [name]: value }, ctx).values)}
        idPrefix={idPrefix}
        under={2}
      />
      {host.dialogs}
    </FillEnvironmentContext.Provider>
  );
}
