import Typography from '@mui/material/Typography';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { isUnreachableError } from '@/lib/api';
import { nl } from '@/messages/nl-admin';
import { loadClientDetails, loadOwnClients } from '../api';
import { ClientTable, type ClientRow } from '../components/client-table';

const t = nl.clients.assigned;

/**
 * The user's clients from user info, each with its credits. A client whose credits cannot be
 * read keeps its row (spec 002 section 8: load failures are only logged).
 */
export async function clientListAssignedLoader({ request }: LoaderFunctionArgs): Promise<ClientRow[]> {
  const { signal } = request;
  const clients = await loadOwnClients(signal);
  const rows = await Promise.all(
    clients.map(async ({ id, name }): Promise<ClientRow> => {
      try {
        return { id, name, credits: (await loadClientDetails(id, signal)).credits };
      } catch (error) {
        if (signal.aborted) throw error;
        if (!isUnreachableError(error)) console.warn(`credits of client ${id} could not be read`, error);
        return { id, name, credits: null };
      }
    }),
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** Spec 002 screen 1: the user's own clients with their credits; a row opens the client. */
export function ClientListAssignedRoute() {
  const rows = useLoaderData<ClientRow[]>();
  return (
    <AdminPage title={t.title} maxWidth={950}>
      {rows.length === 0 ? <Typography>{t.empty}</Typography> : <ClientTable rows={rows} />}
    </AdminPage>
  );
}
