import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { TextInput } from '@/components/text-input';
import type { ElementOption, FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { FieldGroup, helpText } from './field-group';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/** Spec 000 section 9: a multiple choice shows at most 50 options. */
export const MAX_MULTIPLE_OPTIONS = 50;

export function optionsOf(element: FormElement): ElementOption[] {
  return element.options ?? [];
}

/** A single tick box; its value is true or false (unticked and untouched is no answer). */
export function CheckboxSingleElement({ element, id, value, onChange, error, required }: ElementProps) {
  const help = error ?? helpText(element.help);
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            id={id}
            checked={value === true}
            required={required}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: { 'aria-invalid': Boolean(error), 'aria-describedby': help ? `${id}-help` : undefined },
            }}
          />
        }
        // FormControlLabel adds the asterisk itself when its control is required.
        label={element.label}
      />
      {help && (
        <FormHelperText id={`${id}-help`} error={Boolean(error)}>
          {help}
        </FormHelperText>
      )}
    </>
  );
}

export function CheckboxMultipleElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const all = optionsOf(element);
  const shown = all.slice(0, MAX_MULTIPLE_OPTIONS);
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...selected, option] : selected.filter((item) => item !== option);
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <FieldGroup {...props}>
      <FormGroup>
        {shown.map((option, index) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                id={index === 0 ? id : `${id}-${index}`}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
      {all.length > shown.length && (
        <FormHelperText error={false}>{nl.elements.optionsTruncated(shown.length, all.length)}</FormHelperText>
      )}
    </FieldGroup>
  );
}

export function RadioElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  return (
    <FieldGroup {...props}>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {optionsOf(element).map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio id={index === 0 ? id : `${id}-${index}`} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
    </FieldGroup>
  );
}

/** A native select: the most dependable choice list for keyboards, screen readers and phones. */
export function SelectElement(props: ElementProps) {
  const { element, value, onChange } = props;
  return (
    <TextInput
      {...inputProps(props)}
      select
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      shrinkLabel
    >
      <option value="">{nl.elements.chooseOption}</option>
      {optionsOf(element).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextInput>
  );
}
