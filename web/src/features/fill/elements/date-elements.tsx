import Stack from '@mui/material/Stack';
import { TextInput } from '@/components/text-input';
import { nl } from '@/messages/nl';
import { FieldGroup } from './field-group';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/** The browser's own pickers: type=date gives 'YYYY-MM-DD' and type=time 'HH:mm', the value model. */
function NativeInput(props: ElementProps & { type: 'date' | 'time' }) {
  const { value, onChange, type } = props;
  return (
    <TextInput
      {...inputProps(props)}
      type={type}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      shrinkLabel
    />
  );
}

export function DateElement(props: ElementProps) {
  return <NativeInput {...props} type="date" />;
}

export function TimeElement(props: ElementProps) {
  return <NativeInput {...props} type="time" />;
}

/**
 * 'YYYY-MM-DD HH:mm' as a date and a time input: datetime-local pickers differ a lot between
 * browsers and cannot hold half a value while the user is still choosing.
 */
export function DatetimeElement(props: ElementProps) {
  const { element, id, value, onChange, required } = props;
  const [date = '', time = ''] = typeof value === 'string' ? value.split(' ') : [];
  // Half a value keeps its place ('2024-05-01 ' or ' 10:30') so the other half can follow;
  // validation reports it until both are there.
  const update = (nextDate: string, nextTime: string) =>
    onChange(nextDate === '' && nextTime === '' ? undefined : `${nextDate} ${nextTime}`);
  const label = element.label ?? '';
  return (
    <FieldGroup {...props}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <TextInput
          id={id}
          type="date"
          label={nl.elements.dateLabel(label)}
          required={required}
          error={Boolean(props.error)}
          value={date}
          onChange={(event) => update(event.target.value, time)}
          shrinkLabel
          sx={{ flex: 1 }}
        />
        <TextInput
          id={`${id}-time`}
          type="time"
          label={nl.elements.timeLabel(label)}
          required={required}
          error={Boolean(props.error)}
          value={time}
          onChange={(event) => update(date, event.target.value)}
          shrinkLabel
          sx={{ flex: 1 }}
        />
      </Stack>
    </FieldGroup>
  );
}
