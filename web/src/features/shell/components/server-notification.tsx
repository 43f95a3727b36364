import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl';

/** The notification the server sends with user info (e.g. planned maintenance). */
export function ServerNotification() {
  const state = useSession();
  // Dismissal is per message: a new message from the server shows again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const notification = state.status === 'authenticated' ? state.session.user.serverNotification : null;
  if (!notification?.message || notification.message === dismissed) return null;
  return (
    <Alert
      severity={notification.type}
      square
      onClose={() => setDismissed(notification.message)}
      slotProps={{ closeButton: { 'aria-label': nl.shell.close, title: nl.shell.close } }}
    >
      {notification.message}
    </Alert>
  );
}
