import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH } from '@/config/app';
import { paths } from '@/config/paths';
import type { Registration } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';
import { RegistrationValues } from '@/components/registration-values';

/** One of the user's registrations with its answers, and the way to fill in its form again. */
export function RegistrationDialog({ registration, onClose }: { registration: Registration; onClose(): void }) {
  const titleId = useId();
  return (
    <SizedDialog width={DIALOG_WIDTH.registration} open onClose={onClose} aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId}>
        {nl.myRegistrations.detailTitle(registration.form_name, registration.registration_serial_number)}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {formatTimestamp(registration.registration_date)}
        </Typography>
        <RegistrationValues
          schema={registration.schema}
          values={registration.values}
          trackingMap={paths.map_tracking.build({ form_id: registration.form_id, registration_id: registration._id })}
        />
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={paths.form_fill.build({ form_id: registration.form_id, force_reload: '0' })}>
          {nl.myRegistrations.fillAgain}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {nl.myRegistrations.close}
        </Button>
      </DialogActions>
    </SizedDialog>
  );
}
