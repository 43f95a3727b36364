import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { markIosPromptShown } from '@/lib/pwa/ios-install';
import { nl } from '@/messages/nl';

/**
 * Explains installation on iOS Safari, which has no install event. The shell mounts it only when
 * it is due (`shouldShowIosInstallPrompt`: at most once per 24 hours); showing it starts the next
 * 24 hours.
 */
export function IosInstallPrompt() {
  const [open, setOpen] = useState(true);

  useEffect(() => markIosPromptShown(localStorage, Date.now()), []);

  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        onClose={() => setOpen(false)}
        slotProps={{ closeButton: { 'aria-label': nl.shell.close, title: nl.shell.close } }}
      >
        <AlertTitle>{nl.shell.iosInstallTitle}</AlertTitle>
        {nl.shell.iosInstallText}
      </Alert>
    </Snackbar>
  );
}
