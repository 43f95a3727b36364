import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from './client';
import { ApiError, isTermsRequired, NetworkError } from './errors';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(answer: () => Promise<Response>, apiKey: string | null = 'key-123') {
  const fetch = vi.fn<ApiClientDeps['fetch']>(answer);
  const deps = {
    fetch,
    getApiKey: () => apiKey,
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
    onTermsRequired: vi.fn(),
    onReachability: vi.fn(),
  };
  return { client: createApiClient(deps), deps, fetch };
}

function sentHeaders(fetch: ReturnType<typeof vi.fn<ApiClientDeps['fetch']>>): Headers {
  return new Headers(fetch.mock.calls[0]?.[1]?.headers);
}

describe('api client', () => {
  it('sends the api-key header and returns the JSON body', async () => {
    const { client, fetch, deps } = setup(async () => json(200, { roles: ['form_filler'] }));
    await expect(client.request('/api/client/c1/info')).resolves.toEqual({ roles: ['form_filler'] });
    expect(sentHeaders(fetch).get('api-key')).toBe('key-123');
    expect(deps.onReachability).toHaveBeenCalledWith(true);
  });

  it('does not count an answer from the service worker cache as the server being reachable', async () => {
    const cached = new Response('{"features":[]}', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'x-eform-from-cache': '1' },
    });
    const { client, deps } = setup(async () => cached);
    await expect(client.request('/api/datasource/d1')).resolves.toEqual({ features: [] });
    expect(deps.onReachability).toHaveBeenCalledWith(false);
  });

  it('leaves the api-key out for anonymous calls', async () => {
    const { client, fetch } = setup(async () => json(200, {}));
    await client.request('/api/user/password-forgotten', { method: 'POST', json: { email: 'a@b.nl' }, anonymous: true });
    expect(sentHeaders(fetch).has('api-key')).toBe(false);
    expect(sentHeaders(fetch).get('content-type')).toBe('application/json');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"email":"a@b.nl"}');
  });

  it('sends form data url-encoded', async () => {
    const { client, fetch } = setup(async () => json(200, { status: true }));
    await client.request('/api/user/login', { method: 'POST', form: { username: 'a+b@c.nl', password: 'p&q' } });
    const body = fetch.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('username=a%2Bb%40c.nl&password=p%26q');
  });

  it('raises the logout signal on a 401 and rejects with the server message', async () => {
    const { client, deps } = setup(async () => json(401, { message: 'Sessie verlopen.' }));
    const error = await client.request('/api/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Sessie verlopen.', serverMessage: 'Sessie verlopen.' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.onForbidden).not.toHaveBeenCalled();
  });

  it('raises the logout signal only for the key the session still has', async () => {
    // Signed out meanwhile: a request sent with no key is refused, and nobody is to be logged out.
    const signedOut = setup(async () => json(401, { message: 'Sessie verlopen.' }), null);
    await expect(signedOut.client.request('/api/saved-registrations-sync', { method: 'POST', json: [] })).rejects.toMatchObject({ status: 401 });
    expect(signedOut.deps.onUnauthorized).not.toHaveBeenCalled();

    // A request with the key of before is answered after the session changed (logout, login).
    let key = 'key-old';
    const fetch = vi.fn<ApiClientDeps['fetch']>(async () => {
      key = 'key-new';
      return json(401, { message: 'Sessie verlopen.' });
    });
    const onUnauthorized = vi.fn();
    const client = createApiClient({ fetch, getApiKey: () => key, onUnauthorized, onForbidden: vi.fn(), onTermsRequired: vi.fn(), onReachability: vi.fn() });
    await expect(client.request('/api/user/info')).rejects.toMatchObject({ status: 401 });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('api-key')).toBe('key-old');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not raise the logout signal when the caller handles 401 (login)', async () => {
    const { client, deps } = setup(async () => json(401, { status: false, message: 'Onjuiste inloggegevens.' }));
    await expect(
      client.request('/api/user/login', { method: 'POST', anonymous: true, handleAuthErrors: false }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Onjuiste inloggegevens.' });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('raises the forbidden signal on a 403 with the Dutch no-rights message as fallback', async () => {
    const { client, deps } = setup(async () => new Response('', { status: 403 }));
    await expect(client.request('/api/client/c9')).rejects.toMatchObject({
      status: 403,
      message: 'U hebt geen rechten om deze content te bekijken.',
      serverMessage: undefined,
    });
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('raises the terms signal, not the forbidden one, on a 403 terms_required', async () => {
    const body = { status: false, message: 'U moet eerst de algemene voorwaarden van deze klant accepteren.', code: 'terms_required' };
    const { client, deps } = setup(async () => json(403, body));
    const error = await client.request('/api/client/c2/folder/user').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'terms_required', message: body.message });
    expect(isTermsRequired(error)).toBe(true);
    expect(deps.onTermsRequired).toHaveBeenCalledTimes(1);
    expect(deps.onForbidden).not.toHaveBeenCalled();
  });

  it('keeps JSON:API error details', async () => {
    const body = { message: 'Ongeldige invoer.', errors: [{ detail: 'Naam is verplicht.', source: { pointer: '/data/attributes/name' } }] };
    const { client } = setup(async () => json(422, body));
    await expect(client.request('/jsonapi/client/client', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 422,
      details: body.errors,
    });
  });

  it("reads JSON:API's own error document (details, no message) and keeps the fallback text", async () => {
    const body = { errors: [{ status: '422', title: 'Unprocessable Entity', detail: 'Klant naam is verplicht.' }] };
    const { client } = setup(async () => json(422, body));
    await expect(client.request('/jsonapi/client/client', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 422,
      serverMessage: undefined,
      message: 'Er is iets mis gegaan. Probeer het later opnieuw.',
      details: [{ detail: 'Klant naam is verplicht.', source: { pointer: '' } }],
    });
  });

  it('sends and asks for the JSON:API media type when told', async () => {
    const { client, fetch } = setup(async () => json(201, { data: { id: 'c9' } }));
    await client.request('/jsonapi/client/client', { method: 'POST', json: { data: {} }, mediaType: 'application/vnd.api+json' });
    expect(sentHeaders(fetch).get('content-type')).toBe('application/vnd.api+json');
    expect(sentHeaders(fetch).get('accept')).toBe('application/vnd.api+json');
  });

  it('reports a failed fetch as unreachable (offline) and rejects with NetworkError', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request('/api/user/info')).rejects.toBeInstanceOf(NetworkError);
    expect(deps.onReachability).toHaveBeenCalledWith(false);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats gateway errors as an unreachable server', async () => {
    const { client, deps } = setup(async () => new Response('Bad Gateway', { status: 502 }));
    await expect(client.request('/api/user/info')).rejects.toMatchObject({ status: 502 });
    expect(deps.onReachability).toHaveBeenCalledWith(false);
  });

  it('rethrows an abort without calling the server unreachable', async () => {
    const controller = new AbortController();
    const { client, deps } = setup(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.request('/api/user/info', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(deps.onReachability).not.toHaveBeenCalled();
  });

  it('returns undefined for an empty success body', async () => {
    const { client } = setup(async () => new Response(null, { status: 200 }));
    await expect(client.request('/api/user/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
