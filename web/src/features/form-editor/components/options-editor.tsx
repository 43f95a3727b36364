import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ElementOption } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import { withOption } from '../element-model';
import type { FieldMessages } from '../element-validation';

interface OptionsEditorProps {
  options: readonly ElementOption[];
  onChange(options: ElementOption[]): void;
  errors: FieldMessages;
  warnings: FieldMessages;
  idPrefix: string;
}

/** Value and label per option (spec 001 section 5); duplicates are a warning, not an error. */
export function OptionsEditor({ options, onChange, errors, warnings, idPrefix }: OptionsEditorProps) {
  const t = nl.formEditor;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t.options}
      </Typography>
      <Stack spacing={1}>
        {options.map((option, index) => {
          const n = index + 1;
          const valueMessage = errors[`options.${index}.value`] ?? warnings[`options.${index}.value`];
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`${idPrefix}-option-${index}-label`}
                label={t.optionLabel(n)}
                value={option.label ?? ''}
                onChange={(event) => onChange(withOption(options, index, { label: event.target.value }))}
                error={Boolean(errors[`options.${index}.label`])}
                helperText={errors[`options.${index}.label`]}
                size="small"
                sx={{ flex: 1 }}
              />
              <TextField
                id={`${idPrefix}-option-${index}-value`}
                label={t.optionValue(n)}
                value={option.value ?? ''}
                onChange={(event) => onChange(withOption(options, index, { value: event.target.value }))}
                error={Boolean(errors[`options.${index}.value`])}
                color={warnings[`options.${index}.value`] ? 'warning' : undefined}
                focused={warnings[`options.${index}.value`] && !errors[`options.${index}.value`] ? true : undefined}
                helperText={valueMessage}
                size="small"
                sx={{ flex: 1 }}
              />
              <IconButton aria-label={t.removeOption(n)} onClick={() => onChange(options.filter((_, i) => i !== index))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {errors.options && <FormHelperText error>{errors.options}</FormHelperText>}
      <Button sx={{ mt: 1 }} onClick={() => onChange([...options, { value: '', label: '' }])}>
        {t.addOption}
      </Button>
    </Box>
  );
}
