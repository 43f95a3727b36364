import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useRef, type FormEvent } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH } from '@/config/app';
import { subformSchema, type FormElement, type FormValues, type Rule } from '@/lib/form-logic';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { newSubformEntry, subformRules, valuesToSend } from '../form-model';
import { useFormModel } from '../use-form-model';
import { FormFields, focusFirstError } from './form-fields';

interface SubformDialogProps {
  subform: FormElement;
  /** The entry to edit, or null for a new one. */
  entry: FormValues | null;
  mainRules: readonly Rule[];
  /** The main form's values: formulas in an entry may read them. */
  outerValues: FormValues;
  onDone(entry: FormValues | null): void;
}

/** One subform entry in the modal variant (width 800), with the subform's own rules. */
export function SubformDialog({ subform, entry, mainRules, outerValues, onDone }: SubformDialogProps) {
  const titleId = useId();
  const idPrefix = useId();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const schema = subformSchema(subform);
  const rules = useMemo(() => subformRules(subform, mainRules), [subform, mainRules]);
  const model = useFormModel(schema, rules, () => entry ?? newSubformEntry(subform), outerValues);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const problems = model.validate();
    if (Object.keys(problems).length > 0) {
      // Spec 000 section 5: in a subform modal the message times out like any toast.
      showToast(nl.fill.validationFailed, { severity: 'error' });
      focusFirstError(fieldsRef.current, problems);
      return;
    }
    onDone(valuesToSend(schema, model.values, model.states));
  };

  return (
    <SizedDialog width={DIALOG_WIDTH.subform} open onClose={() => onDone(null)} aria-labelledby={titleId} scroll="paper">
      <form noValidate onSubmit={confirm} style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{subform.label}</DialogTitle>
        <DialogContent dividers ref={fieldsRef}>
          <FormFields
            schema={schema}
            values={model.values}
            states={model.states}
            errors={model.errors}
            onChange={model.setValue}
            idPrefix={idPrefix}
            under={2}
            outerValues={outerValues}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(null)}>{nl.fill.cancel}</Button>
          <Button type="submit" variant="contained">
            {nl.fill.submit}
          </Button>
        </DialogActions>
      </form>
    </SizedDialog>
  );
}
