import { describe, expect, it, vi } from 'vitest';
import { loadBaseStyle, LOCAL_STYLE } from './map-style';

const PDOK = { version: 8, sources: { brt: { type: 'vector', url: 'https://example.test/tiles' } }, glyphs: 'https://example.test/{fontstack}/{range}.pbf', layers: [] };
const styleFetch = (answer: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>) => vi.fn<typeof fetch>(answer);

describe('loadBaseStyle', () => {
  it('uses the configured style when it answers', async () => {
    const fetchStyle = styleFetch(async () => new Response(JSON.stringify(PDOK)));
    await expect(loadBaseStyle({ url: 'https://example.test/style', online: true, fetch: fetchStyle })).resolves.toEqual(PDOK);
    expect(fetchStyle).toHaveBeenCalledWith('https://example.test/style', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('uses the local style without asking when no style is set or the device is offline', async () => {
    const fetchStyle = styleFetch(async () => new Response(JSON.stringify(PDOK)));
    await expect(loadBaseStyle({ url: '', online: true, fetch: fetchStyle })).resolves.toBe(LOCAL_STYLE);
    await expect(loadBaseStyle({ url: 'https://example.test/style', online: false, fetch: fetchStyle })).resolves.toBe(LOCAL_STYLE);
    expect(fetchStyle).not.toHaveBeenCalled();
  });

  it('falls back to the local style on a network error, an error status or something that is no style', async () => {
    const options = { url: 'https://example.test/style', online: true };
    await expect(loadBaseStyle({ ...options, fetch: styleFetch(() => Promise.reject(new TypeError('Failed to fetch'))) })).resolves.toBe(LOCAL_STYLE);
    await expect(loadBaseStyle({ ...options, fetch: styleFetch(async () => new Response('', { status: 503 })) })).resolves.toBe(LOCAL_STYLE);
    await expect(loadBaseStyle({ ...options, fetch: styleFetch(async () => new Response('{"hello":1}')) })).resolves.toBe(LOCAL_STYLE);
  });

  it('gives up on a style that does not answer within the timeout', async () => {
    const hanging = styleFetch((_url, init) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    await expect(loadBaseStyle({ url: 'https://example.test/style', online: true, timeoutMs: 20, fetch: hanging })).resolves.toBe(LOCAL_STYLE);
  });

  it('the local style needs no network: no sources, sprite or glyphs', () => {
    expect(LOCAL_STYLE.sources).toEqual({});
    expect(LOCAL_STYLE.sprite).toBeUndefined();
    expect(LOCAL_STYLE.glyphs).toBeUndefined();
  });
});
