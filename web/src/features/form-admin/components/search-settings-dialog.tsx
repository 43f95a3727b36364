import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import type { SearchableField } from '@/lib/api/types';
import { isLayoutType, type FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';

const t = nl.formAdmin.search;

/** The elements a registration search can look in: those that hold a value of their own. */
export function searchableElements(schema: readonly FormElement[]): SearchableField[] {
  return schema
    .filter((element) => !isLayoutType(element.elementType) && element.elementType !== 'subform')
    .map((element) => ({ value: element.name, label: typeof element.label === 'string' && element.label ? element.label : element.name }));
}

interface SearchSettingsDialogProps {
  open: boolean;
  schema: readonly FormElement[];
  fields: readonly SearchableField[];
  onClose(): void;
  onSave(fields: SearchableField[]): void;
}

/** Spec 001 screen 6: which elements the registration search offers (searchable_fields), each with a label. */
export function SearchSettingsDialog({ open, schema, fields, onClose, onSave }: SearchSettingsDialogProps) {
  const titleId = useId();
  const candidates = useMemo(() => searchableElements(schema), [schema]);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    if (open) setChosen(new Map(fields.map((field) => [field.value, field.label])));
  }, [open, fields]);

  const toggle = (field: SearchableField, on: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (on) next.set(field.value, field.label);
      else next.delete(field.value);
      return next;
    });

  return (
    <SizedDialog width={800} open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent dividers>
        {candidates.length === 0 ? (
          <Typography>{t.noElements}</Typography>
        ) : (
          <Stack spacing={1} role="group" aria-label={t.fields}>
            {candidates.map((candidate) => {
              const label = chosen.get(candidate.value);
              return (
                <Stack key={candidate.value} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <FormControlLabel
                    sx={{ minWidth: 240 }}
                    control={<Checkbox checked={label !== undefined} onChange={(event) => toggle(candidate, event.target.checked)} />}
                    label={candidate.label}
                  />
                  {label !== undefined && (
                    <TextField
                      size="small"
                      label={t.fieldLabel(candidate.label)}
                      value={label}
                      onChange={(event) => setChosen((previous) => new Map(previous).set(candidate.value, event.target.value))}
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{nl.formAdmin.cancel}</Button>
        <Button
          variant="contained"
          onClick={() =>
            onSave(
              candidates
                .filter((candidate) => chosen.has(candidate.value))
                .map((candidate) => ({ value: candidate.value, label: chosen.get(candidate.value)?.trim() || candidate.label })),
            )
          }
        >
          {nl.formAdmin.save}
        </Button>
      </DialogActions>
    </SizedDialog>
  );
}
