import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { LeaveGuard } from '@/components/leave-guard';
import type { FillableForm, Registration } from '@/lib/api/types';
import { useOnline } from '@/lib/offline/connectivity';
import { startAutosave } from '@/lib/offline/autosave';
import type { SavedRegistration } from '@/lib/offline/db';
import { nl } from '@/messages/nl';
import type { SendTarget } from '../api';
import { useAssignees } from '../use-assignees';
import { FillEnvironmentContext } from '../fill-environment';
import { useFillForm } from '../use-fill-form';
import { renderLinkedFormDialog } from './fill-form-dialog';
import { FormFields } from './form-fields';
import { useFormHost } from './form-host';
import { ProgressDialog } from './progress-dialog';
import { RecordSearch } from './record-search';
import { SuccessDialog } from './success-dialog';
import { WorkflowHistory } from './workflow-history';

interface FillFormPageProps {
  form: FillableForm;
  target: SendTarget;
  /** The client has no credits left: the registration will be held (spec 000 section 8). */
  creditsExhausted: boolean;
  onBack(): void;
  /** 'Gereed' in the success dialog. */
  onDone(): void;
  /** 'Nogmaals invullen': start over with an empty form and a new fill token. */
  onFillAgain(): void;
  /** A registration saved on this device, reopened. */
  saved?: SavedRegistration;
  /** After 'Formulier offline opslaan' (signed-in users only; without it offline means disabled). */
  onSavedOffline?(): void;
  /** A workflow registration sent on in its current phase: its values, phase and moves. */
  workflow?: Registration;
}

/** Spec 000 screens 7 and 11: a form filled in as a page. */
export function FillFormPage({
  form,
  target,
  creditsExhausted,
  onBack,
  onDone,
  onFillAgain,
  saved,
  onSavedOffline,
  workflow,
}: FillFormPageProps) {
  const titleId = useId();
  const idPrefix = useId();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const { model, submit, saveOffline, saveLocally, savingLocally, progress, sending, sent } = useFillForm(
    form,
    target,
    fieldsRef,
    saved,
    workflow,
  );
  const assigneeName = useAssignees(form, target);
  const canSaveOffline = onSavedOffline !== undefined && target.kind === 'user';
  const offlineSave = !online && canSaveOffline;
  // Moves on only after the render that released the leave guard.
  const [savedOffline, setSavedOffline] = useState(false);
  useEffect(() => {
    if (savedOffline) onSavedOffline?.();
  }, [savedOffline, onSavedOffline]);
  const renderLinkedForm = useMemo(() => renderLinkedFormDialog(target), [target]);
  const host = useFormHost({ target, rules: form.rules ?? [], values: model.values, renderLinkedForm, assigneeName });
  useAutosave(canSaveOffline, model.values, host.modalOpen || sending || savingLocally || sent !== null || savedOffline, saveLocally);
  const searchFields = form.settings?.search_enabled ? (form.settings.searchable_fields ?? []) : [];
  // Spec 000 screen 7: 'Nogmaals invullen' except in workflow forms.
  const fillAgain = form.form_type !== 'workflow' && form.form_settings?.form_complete_action === 'fillFormAgain';

  const saveForLater = () => void saveOffline().then((ok) => ok && setSavedOffline(true));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (offlineSave) {
      saveForLater();
      return;
    }
    void submit();
  };

  return (
    <FillEnvironmentContext.Provider value={host.environment}>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <IconButton onClick={onBack} aria-label={nl.fill.back} edge="start">
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h4" component="h1" id={titleId}>
            {form.form_name}
          </Typography>
        </Stack>
        {creditsExhausted && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {nl.fill.creditsExhausted}
          </Alert>
        )}
        {workflow && (
          <Box sx={{ mb: 3 }}>
            <WorkflowHistory registration={workflow} />
          </Box>
        )}
        {workflow && !online && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {nl.workflow.onlineOnly}
          </Alert>
        )}
        {searchFields.length > 0 && (
          <Box sx={{ mb: 3 }}>
            <RecordSearch target={target} formId={form.form_id} fields={searchFields} />
          </Box>
        )}
        {/* The search has a form of its own, so it stays outside this one. */}
        <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          <Box ref={fieldsRef}>
            <FormFields
              schema={form.schema}
              values={model.values}
              states={model.states}
              errors={model.errors}
              onChange={model.setValue}
              idPrefix={idPrefix}
              under={1}
            />
          </Box>
          <Box sx={{ mt: 4, display: 'flex', justifyContent: 'flex-end', gap: 2 }}>
            {online && canSaveOffline && (
              <Button variant="outlined" size="large" onClick={saveForLater} disabled={sending || savingLocally || savedOffline}>
                {nl.fill.save}
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={sending || savingLocally || savedOffline || (!online && !offlineSave) || host.coolingDown}
            >
              {offlineSave ? nl.fill.saveOffline : nl.fill.submit}
            </Button>
          </Box>
        </form>
      </Box>
      {host.dialogs}
      <ProgressDialog progress={progress} />
      <SuccessDialog open={sent !== null} onDone={onDone} onFillAgain={fillAgain ? onFillAgain : undefined} />
      <LeaveGuard active={model.dirty && sent === null && !savedOffline} />
    </FillEnvironmentContext.Provider>
  );
}

/** Spec 000 section 9: the page's autosave, on the device only (see `lib/offline/autosave.ts`). */
function useAutosave(enabled: boolean, values: unknown, busy: boolean, saveLocally: () => Promise<string>) {
  const latest = useRef({ values, busy, saveLocally });
  const savedValues = useRef(values);
  useEffect(() => {
    latest.current = { values, busy, saveLocally };
  });
  useEffect(() => {
    if (!enabled) return;
    return startAutosave({
      hasChanges: () => latest.current.values !== savedValues.current,
      isBusy: () => latest.current.busy,
      save: async () => {
        const current = latest.current.values;
        if ((await latest.current.saveLocally()) === 'saved') savedValues.current = current;
      },
    });
  }, [enabled]);
}
