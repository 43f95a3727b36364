import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useRef } from 'react';
import { displayValue, isLayoutType, renumberSubform, subformSchema, type FormValues } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { isEntry } from '../form-model';
import { useFillEnvironment } from '../fill-environment';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

/** How many answers of an entry its line in the list shows. */
const SUMMARY_FIELDS = 3;

/**
 * A list of entries filled in with the subform's own schema and rules, each in a modal. Entries
 * carry their 1-based subform_index, renumbered after every change.
 */
export function SubformElement(props: ElementProps) {
  const { element, id, value, onChange, entryErrors } = props;
  const { editSubformEntry } = useFillEnvironment();
  const entries = Array.isArray(value) ? value.filter(isEntry) : [];
  // The modal is open a while; what it returns is added to the list as it is by then.
  const latest = useRef(entries);
  latest.current = entries;
  const schema = subformSchema(element);
  const label = element.label ?? element.name;

  const store = (next: FormValues[]) => onChange(next.length > 0 ? renumberSubform(next) : undefined);

  const add = async () => {
    const entry = await editSubformEntry(element, null);
    if (entry) store([...latest.current, entry]);
  };
  const edit = async (position: number) => {
    const current = latest.current[position];
    const entry = current ? await editSubformEntry(element, current) : null;
    if (entry) store(latest.current.map((item, index) => (index === position ? entry : item)));
  };
  const remove = (position: number) => store(latest.current.filter((_, index) => index !== position));

  const summary = (entry: FormValues) =>
    schema
      .filter((field) => !isLayoutType(field.elementType))
      .map((field) => displayValue(field, entry[field.name]))
      .filter((text) => text !== '')
      .slice(0, SUMMARY_FIELDS)
      .join(' · ');

  const errorsOf = (position: number) => {
    const prefix = `${position + 1}.`;
    return Object.entries(entryErrors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => {
        const name = key.slice(prefix.length).split('.')[0] ?? '';
        return nl.elements.fieldError(schema.find((field) => field.name === name)?.label ?? name, message);
      });
  };

  return (
    <FieldGroup {...props}>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {nl.elements.subformEmpty}
        </Typography>
      ) : (
        <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry, position) => {
            const errors = errorsOf(position);
            const title = nl.elements.subformEntry(label, position + 1);
            return (
              <Paper component="li" key={position} variant="outlined" sx={{ p: 1.5, borderColor: errors.length > 0 ? 'error.main' : undefined }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2" component="p">
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {summary(entry)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void edit(position)} aria-label={`${title}: ${nl.elements.subformEdit}`}>
                      {nl.elements.subformEdit}
                    </Button>
                    <Button size="small" color="error" onClick={() => remove(position)} aria-label={`${title}: ${nl.elements.subformRemove}`}>
                      {nl.elements.subformRemove}
                    </Button>
                  </Stack>
                </Stack>
                {errors.map((message) => (
                  <Alert key={message} severity="error" sx={{ mt: 1 }}>
                    {message}
                  </Alert>
                ))}
              </Paper>
            );
          })}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <Button id={id} variant="outlined" startIcon={<AddIcon />} onClick={() => void add()}>
          {nl.elements.subformAdd}
        </Button>
      </Box>
    </FieldGroup>
  );
}
