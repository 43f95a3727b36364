/**
 * The headers of a request to eform's API: what it accepts, and the api-key of a signed-in user.
 * Apart from the API client so index.html's first script (`early-requests.ts`) asks exactly as the
 * client does without loading the client's code (decision 029).
 */
export const JSON_TYPE = 'application/json';

export function requestHeaders(apiKey: string | null | undefined, mediaType = JSON_TYPE): Headers {
  const headers = new Headers({ Accept: mediaType });
  if (apiKey) headers.set('api-key', apiKey);
  return headers;
}
