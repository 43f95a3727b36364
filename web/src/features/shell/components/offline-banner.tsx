import Alert from '@mui/material/Alert';
import { useOnline } from '@/lib/offline/connectivity';
import { nl } from '@/messages/nl';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" square role="status" data-testid="offline-banner">
      {nl.shell.offline}
    </Alert>
  );
}
