import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { LeaveGuard } from '@/features/fill/components/leave-guard';
// The rules page shares the builder's form calls, permission gate and preview with the element
// editor; both are parts of one form builder (spec 001 screens 8 and 9).
import { errorLines, loadAdminForm, saveAdminForm, type AdminForm } from '@/features/form-editor/api';
import { ConfirmDialog } from '@/features/form-editor/components/confirm-dialog';
import { FormPreview } from '@/features/form-editor/components/form-preview';
import { moveItem, removeAt, replaceAt } from '@/features/form-editor/reorder';
import { useEditorAccess } from '@/features/form-editor/use-editor-access';
import type { Rule } from '@/lib/form-logic';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { RuleCard } from '../components/rule-card';
import { blankRule, checkRules } from '../rule-model';

export const RULES_PERMISSION = 'eform manage form conditions';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; form: AdminForm };

/**
 * The rules editor (spec 001 route form_rules, screen 9). Saves the whole form with its rules
 * (PATCH, decision 010); the preview runs the rules with the fill-in's engine.
 */
export function FormRulesRoute() {
  const { form_id: formId = '' } = useParams();
  const access = useEditorAccess(RULES_PERMISSION);
  const t = nl.formRules;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [rules, setRules] = useState<Rule[]>([]);
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);

  useEffect(() => {
    if (!access.allowed) return;
    const controller = new AbortController();
    loadAdminForm(formId, controller.signal).then(
      (form) => {
        setLoad({ status: 'ready', form });
        setRules(form.rules ?? []);
        setDirty(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('rules editor: loading the form failed', error);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [formId, access.allowed]);

  if (!access.allowed) return null;
  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'failed') return <Alert severity="error">{nl.formEditor.loadFailed}</Alert>;
  const form = load.form;
  const schema = form.schema ?? [];
  const errors = checkRules(rules, schema);
  const shownErrors = submitted ? errors : {};
  // The preview runs only the rules that are complete; a half-filled rule would only add noise.
  const previewRules = rules.filter((_, i) => !Object.keys(errors).some((key) => key.startsWith(`${i}.`)));

  const change = (next: Rule[]) => {
    setRules(next);
    setDirty(true);
    setProblems([]);
  };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      setProblems([t.invalid]);
      showToast(t.saveFailed, { severity: 'error' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAdminForm({ ...form, rules });
      setLoad({ status: 'ready', form: saved });
      setRules(saved.rules ?? rules);
      setDirty(false);
      setSubmitted(false);
      setProblems([]);
      showToast(t.saved, { severity: 'success' });
    } catch (error) {
      setProblems(errorLines(error));
      showToast(t.saveFailed, { severity: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const removingRule = removing === null ? undefined : rules[removing];

  return (
    <>
      <LeaveGuard active={dirty} />
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {t.title}
          </Typography>
          {dirty && <Typography color="warning.main">{nl.formEditor.unsaved}</Typography>}
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={saving}>
            {saving ? nl.formEditor.saving : t.save}
          </Button>
        </Stack>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t.saveFailed}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
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
