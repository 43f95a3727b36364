import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextInput } from '@/components/text-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { selectClient } from '@/lib/auth/auth-service';
import type { StoredSession } from '@/lib/auth/session-storage';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';

/** 'Klant' selector: switches the current client (spec 000 screen 2, spec 002 section 1). */
export function ClientSelector({ session, onSwitched }: { session: StoredSession; onSwitched(): void }) {
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const { clients } = session.user;

  async function handleChange(clientId: string) {
    if (clientId === session.currentClientId) return;
    setSwitching(true);
    try {
      const client = await selectClient(clientId);
      showToast(nl.shell.clientSwitched(client.name), { severity: 'success' });
      onSwitched();
      navigate(paths.dashboard.build());
    } catch (error) {
      // 401 and 403 are already handled app-wide (logout, no-rights message).
      const handled = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!handled) showToast(nl.shell.clientSwitchFailed, { severity: 'error' });
    } finally {
      setSwitching(false);
    }
  }

  return (
    <TextInput
      id="client-selector"
      select
      fullWidth
      size="small"
      label={nl.shell.clientLabel}
      value={session.currentClientId ?? ''}
      onChange={(event) => void handleChange(event.target.value)}
      disabled={clients.length <= 1 || switching}
      shrinkLabel
    >
      {clients.map((client) => (
        <option key={client.id} value={client.id}>
          {client.name}
        </option>
      ))}
    </TextInput>
  );
}
