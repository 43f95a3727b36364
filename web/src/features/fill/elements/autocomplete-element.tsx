import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ElementOption } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { optionsOf } from './choice-elements';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/** Spec 000 section 5: labels match case-insensitively by substring. */
export function matchOptions(options: readonly ElementOption[], input: string): ElementOption[] {
  const needle = input.trim().toLowerCase();
  return needle === '' ? [...options] : options.filter((option) => option.label.toLowerCase().includes(needle));
}

export function AutocompleteElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const options = optionsOf(element);
  const selected = options.find((option) => option.value === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_, option) => onChange(option?.value)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      filterOptions={(list, state) => matchOptions(list, state.inputValue)}
      noOptionsText={options.length === 0 ? nl.elements.listEmpty : nl.elements.noMatches}
      renderInput={(params) => <TextField {...params} {...inputProps(props)} id={id} />}
    />
  );
}
