import { api } from '@/lib/api';

export function acceptTerms(clientUuid: string): Promise<unknown> {
  return api.request(`/api/client/${encodeURIComponent(clientUuid)}/accept-terms-and-conditions`, {
    method: 'POST',
    json: { client_uuid: clientUuid },
  });
}
