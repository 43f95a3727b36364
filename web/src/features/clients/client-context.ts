import { useOutletContext } from 'react-router';
import type { ClientDetails } from './api';
import type { Rights } from './policy';

/**
 * What the client shell (`/clients/:client_id`) hands its tabs: the client as its loader read
 * it and the user's rights there, so no tab fetches them again.
 */
export interface ClientShellData {
  client: ClientDetails;
  rights: Rights;
}

/** For child routes of the client shell only. */
export function useClientShell(): ClientShellData {
  return useOutletContext<ClientShellData>();
}
