import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { FormFields } from '@/features/fill/components/form-fields';
import { useFormHost } from '@/features/fill/components/form-host';
import { FillEnvironmentContext } from '@/features/fill/fill-environment';
import { deriveForm } from '@/features/fill/form-model';
import type { FormElement, FormValues, Rule } from '@/lib/form-logic';

interface FormPreviewProps {
  title: string;
  schema: readonly FormElement[];
  rules: readonly Rule[];
  clientId: string;
  /** The form's default values. */
  defaults?: FormValues | null;
  /** Shows the rule engine's complaints (the rules editor). */
  showRuleErrors?: boolean;
  rulesErrorTitle?: string;
}

/**
 * The form as a filler sees it, rendered by the fill-in's own components and rule engine
 * (`deriveForm`), so the builder previews exactly what is filled in. Nothing is sent.
 */
export function FormPreview({ title, schema, rules, clientId, defaults, showRuleErrors, rulesErrorTitle }: FormPreviewProps) {
  const [input, setInput] = useState<FormValues>(() => ({ ...(defaults ?? {}) }));
  const derived = useMemo(() => deriveForm(schema, rules, input), [schema, rules, input]);
  const target = useMemo(() => ({ kind: 'user' as const, clientId }), [clientId]);
  const { environment, dialogs } = useFormHost({ target, rules, values: derived.values, adminMode: true });

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {showRuleErrors && derived.ruleErrors.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {rulesErrorTitle}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {derived.ruleErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </Box>
        </Alert>
      )}
      <FillEnvironmentContext.Provider value={environment}>
        <FormFields
          schema={schema}
          values={derived.values}
          states={derived.states}
          errors={{}}
          idPrefix="preview"
          under={2}
          onChange={(name, value) => setInput((previous) => ({ ...previous, [name]: value }))}
        />
        {dialogs}
      </FillEnvironmentContext.Provider>
    </Paper>
  );
}
