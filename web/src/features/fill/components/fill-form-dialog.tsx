import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH } from '@/config/app';
import { ApiError } from '@/lib/api';
import type { FillableForm, Registration } from '@/lib/api/types';
import { useOnline } from '@/lib/offline/connectivity';
import { nl } from '@/messages/nl';
import { loadForm, type SendTarget } from '../api';
import { loadElements } from '../elements/deferred-elements';
import { FillEnvironmentContext } from '../fill-environment';
import { useFillForm } from '../use-fill-form';
import { FormFields } from './form-fields';
import { useFormHost, type RenderLinkedForm } from './form-host';
import { ProgressDialog } from './progress-dialog';
import { SuccessDialog } from './success-dialog';

interface FillFormDialogProps {
  form: FillableForm;
  target: SendTarget;
  /** The stored registration after 'Gereed', or null when cancelled. */
  onDone(registration: Registration | null): void;
}

/** A form in the modal variant (width 950): 'Versturen' and 'Annuleren'; the success dialog has only 'Gereed'. */
export function FillFormDialog({ form, target, onDone }: FillFormDialogProps) {
  const titleId = useId();
  const idPrefix = useId();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const { model, submit, saveOffline, savingLocally, progress, sending, sent } = useFillForm(form, target, fieldsRef);
  // Signed-in users save offline; the modal then closes (spec 000 section 8).
  const offlineSave = !online && target.kind === 'user';
  const renderLinkedForm = useMemo(() => renderLinkedFormDialog(target), [target]);
  const host = useFormHost({ target, rules: form.rules ?? [], values: model.values, renderLinkedForm });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (offlineSave) {
      void saveOffline().then((ok) => ok && onDone(null));
      return;
    }
    void submit();
  };

  return (
    <FillEnvironmentContext.Provider value={host.environment}>
      <SizedDialog width={DIALOG_WIDTH.form} open={!sent} onClose={() => onDone(null)} aria-labelledby={titleId} scroll="paper">
        <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
          <DialogTitle id={titleId}>{form.form_name}</DialogTitle>
          <DialogContent dividers ref={fieldsRef}>
            <FormFields
              schema={form.schema}
              values={model.values}
              states={model.states}
              errors={model.errors}
              onChange={model.setValue}
              idPrefix={idPrefix}
              under={2}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onDone(null)}>{nl.fill.cancel}</Button>
            <Button type="submit" variant="contained" disabled={sending || savingLocally || (!online && !offlineSave) || host.coolingDown}>
              {offlineSave ? nl.fill.saveOffline : nl.fill.submit}
            </Button>
          </DialogActions>
        </form>
      </SizedDialog>
      {host.dialogs}
      <ProgressDialog progress={progress} />
      <SuccessDialog open={sent !== null} onDone={() => onDone(sent)} />
    </FillEnvironmentContext.Provider>
  );
}

/** How forms open their linked forms: loaded by id, then filled in as a modal. */
export function renderLinkedFormDialog(target: SendTarget): RenderLinkedForm | undefined {
  if (target.kind !== 'user') return undefined;
  return (formId, onDone) => <LinkedFormDialog formId={formId} target={target} onDone={onDone} />;
}

type Loaded = { kind: 'loading' } | { kind: 'ready'; form: FillableForm } | { kind: 'failed'; message: string };

function LinkedFormDialog({ formId, target, onDone }: { formId: string; target: SendTarget; onDone(registration: Registration | null): void }) {
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    loadForm(formId)
      .then(async (form) => {
        await loadElements(form.schema);
        return form;
      })
      .then(
        (form) => active && setLoaded({ kind: 'ready', form }),
        (error: unknown) => {
          if (!active) return;
          const message = error instanceof ApiError && error.status === 404 ? nl.fill.formNotFound : error instanceof ApiError ? error.message : nl.errors.unexpected;
          setLoaded({ kind: 'failed', message });
        },
      );
    return () => {
      active = false;
    };
  }, [formId]);

  if (loaded.kind === 'ready') return <FillFormDialog form={loaded.form} target={target} onDone={onDone} />;
  return (
    <SizedDialog width={DIALOG_WIDTH.form} open onClose={() => onDone(null)} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{nl.elements.linkedFormOpen}</DialogTitle>
      <DialogContent>
        {loaded.kind === 'loading' ? (
          <Stack sx={{ alignItems: 'center', py: 3 }} role="status">
            <CircularProgress aria-label={nl.app.loading} />
          </Stack>
        ) : (
          <Alert severity="error">{loaded.message}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(null)}>{nl.fill.cancel}</Button>
      </DialogActions>
    </SizedDialog>
  );
}
