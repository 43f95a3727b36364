import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { nl } from '@/messages/nl';
import { useFillEnvironment } from '../fill-environment';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

/** What a linkedForm element stores once its form was sent. */
export interface LinkedRegistration {
  registration_id: string;
  serial_number: number | string;
}

function linked(value: unknown): LinkedRegistration | null {
  if (typeof value !== 'object' || value === null) return null;
  const { registration_id, serial_number = '' } = value as Partial<LinkedRegistration>;
  return typeof registration_id === 'string' ? { registration_id, serial_number } : null;
}

/** Opens another form (formId) in the modal variant; its stored registration becomes the value. */
export function LinkedFormElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const { fillLinkedForm } = useFillEnvironment();
  const current = linked(value);
  const formId = typeof element.formId === 'string' ? element.formId : '';

  const open = async () => {
    const registration = await fillLinkedForm?.(formId);
    if (registration) {
      onChange({ registration_id: registration._id, serial_number: registration.registration_serial_number } satisfies LinkedRegistration);
    }
  };

  return (
    <FieldGroup {...props}>
      {current && (
        <Typography variant="body2" role="status">
          {nl.elements.linkedFormDone(current.serial_number)}
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        <Button id={id} variant="outlined" onClick={() => void open()} disabled={formId === '' || !fillLinkedForm}>
          {nl.elements.linkedFormOpen}
        </Button>
      </Box>
    </FieldGroup>
  );
}
