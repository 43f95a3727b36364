import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { nl } from '@/messages/nl';

/** The E-mails, Integraties and Registraties tabs until their screens land (a later issue). */
export function FormSectionNotAvailableRoute() {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
      <Alert severity="info">
        <AlertTitle>{nl.formAdmin.notAvailableTitle}</AlertTitle>
        {nl.formAdmin.notAvailableText}
      </Alert>
    </Box>
  );
}
