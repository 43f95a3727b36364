import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, onReconnect, REACHABILITY_PROBE_MS, reportServerReachable, watchBrowserConnectivity } from './connectivity';

afterEach(() => {
  reportServerReachable(true);
  vi.useRealTimers();
});

describe('connectivity', () => {
  it('tells listeners once each time the app is back online', () => {
    const listener = vi.fn();
    const stop = onReconnect(listener);
    reportServerReachable(true);
    expect(listener).not.toHaveBeenCalled();
    reportServerReachable(false);
    reportServerReachable(false);
    expect(listener).not.toHaveBeenCalled();
    reportServerReachable(true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    reportServerReachable(false);
    reportServerReachable(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is offline while the server cannot be reached, even with navigator.onLine true', () => {
    expect(navigator.onLine).toBe(true);
    reportServerReachable(false);
    expect(isOnline()).toBe(false);
    reportServerReachable(true);
    expect(isOnline()).toBe(true);
  });

  it('probes /healthz while unreachable and comes back online when it answers', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Response('ok', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    reportServerReachable(false);
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS);
    expect(fetch).toHaveBeenCalledWith('/healthz', { cache: 'no-store' });
    expect(isOnline()).toBe(true);
    vi.unstubAllGlobals();
  });

  it('follows the browser offline and online events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const stop = watchBrowserConnectivity(window);
    expect(isOnline()).toBe(false);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    stop();
  });
});
