import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { currentIosPromptInput, markIosPromptShown, shouldShowIosInstallPrompt } from '@/lib/pwa/ios-install';
import { nl } from '@/messages/nl';

/** Explains installation on iOS Safari, which has no install event; at most once per 24 hours. */
export function IosInstallPrompt() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const now = Date.now();
    if (shouldShowIosInstallPrompt(currentIosPromptInput(window, localStorage, now))) {
      markIosPromptShown(localStorage, now);
      setOpen(true);
    }
  }, []);

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
