import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { applyUpdate, useUpdateAvailable } from '@/lib/pwa/update';
import { nl } from '@/messages/nl';

/** A new version is installed; it activates only on the user's click so no work is lost. */
export function UpdateSnackbar() {
  const available = useUpdateAvailable();
  const [updating, setUpdating] = useState(false);
  return (
    <Snackbar
      open={available}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={nl.shell.updateAvailable}
      action={
        <Button
          size="small"
          sx={{ color: 'secondary.light' }}
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            void applyUpdate();
          }}
        >
          {nl.shell.updateNow}
        </Button>
      }
    />
  );
}
