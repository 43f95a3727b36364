import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading';
// The rules page shares the builder's edited form, permission gate, header and preview with the
// element editor; both are parts of one form builder (spec 001 screens 8 and 9).
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormPreview } from '@/features/form-editor/components/form-preview';
import { SaveHeader } from '@/features/form-editor/components/save-header';
import { moveItem, removeAt, replaceAt } from '@/features/form-editor/reorder';
import { useEditedForm } from '@/features/form-editor/use-edited-form';
import { nl } from '@/messages/nl-admin';
import { RuleCard } from '../components/rule-card';
import { blankRule, checkRules } from '../rule-model';

export const RULES_PERMISSION = 'eform manage form conditions';

/**
 * The rules editor (spec 001 route form_rules, screen 9). Saves the whole form with its rules
 * (PATCH, decision 010); the preview runs the rules with the fill-in's engine.
 */
export function FormRulesRoute() {
  const t = nl.formRules;
  const edited = useEditedForm({ permission: RULES_PERMISSION, part: 'rules', logName: 'rules editor', messages: t });
  const { access, load, value: rules, change } = edited;
  const [submitted, setSubmitted] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);

  if (!access.allowed) return null;
  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'failed') return <Alert severity="error">{nl.formEditor.loadFailed}</Alert>;
  const form = load.form;
  const schema = form.schema ?? [];
  const errors = checkRules(rules, schema);
  const shownErrors = submitted ? errors : {};
  // The preview runs only the rules that are complete; a half-filled rule would only add noise.
  const previewRules = rules.filter((_, i) => !Object.keys(errors).some((key) => key.startsWith(`${i}.`)));

  const save = async () => {
    // Rule errors show only once the user tried to save, and go away with a save that worked.
    setSubmitted(true);
    if (await edited.save(Object.keys(errors).length > 0 ? [t.invalid] : [])) setSubmitted(false);
  };

  const removingRule = removing === null ? undefined : rules[removing];

  return (
    <>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <SaveHeader messages={t} state={edited} onSave={() => void save()} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Stack spacing={2}>
            {rules.length === 0 && <Typography color="text.secondary">{t.empty}</Typography>}
            {rules.map((rule, index) => (
              <RuleCard
                key={index}
                rule={rule}
                index={index}
                count={rules.length}
                schema={schema}
                workflow={form.form_type === 'workflow'}
                errors={shownErrors}
                onChange={(next) => change(replaceAt(rules, index, next))}
                onRemove={() => setRemoving(index)}
                onMove={(offset) => change(moveItem(rules, index, index + offset))}
              />
            ))}
            <Button startIcon={<AddIcon />} variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => change([...rules, blankRule()])}>
              {t.addRule}
            </Button>
          </Stack>
          {access.clientId && (
            <FormPreview
              key={form.form_id}
              title={t.preview}
              schema={schema}
              rules={previewRules}
              clientId={access.clientId}
              defaults={form.values}
              showRuleErrors
              rulesErrorTitle={t.previewErrors}
            />
          )}
        </Box>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t.removeRuleTitle}
        text={t.removeRuleConfirm(removingRule?.ruleName || String((removing ?? 0) + 1))}
        confirmLabel={nl.formEditor.confirmRemove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) change(removeAt(rules, removing));
          setRemoving(null);
        }}
      />
    </>
  );
}
