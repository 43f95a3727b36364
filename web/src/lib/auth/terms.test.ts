import { describe, expect, it, vi } from 'vitest';
import { DEMO, storedSession, TWEEDE } from '@/test/fixtures';
import { getSession, restoreSession, setAuthenticated, updateSession } from './session';
import { afterTermsAccepted, pendingTermsClient } from './terms';

const pending = { ...TWEEDE, terms_and_conditions_required: true };

function signIn(currentClientId: string) {
  restoreSession();
  setAuthenticated(storedSession({ currentClientId, user: { ...storedSession().user, clients: [DEMO, pending] } }));
}

describe('pending terms', () => {
  it('are those of the current client only', () => {
    signIn('c1');
    expect(pendingTermsClient(getSession())).toBeNull();
    signIn('c2');
    expect(pendingTermsClient(getSession())).toEqual(pending);
  });

  it('hold a loader back until accepted, then let it run once', async () => {
    signIn('c2');
    const load = vi.fn(async () => 'folders');
    const loaded = afterTermsAccepted(load, new AbortController().signal);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    updateSession((session) => ({ ...session, user: { ...session.user, clients: [DEMO, TWEEDE] } }));
    await expect(loaded).resolves.toBe('folders');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('let a superseded navigation go without loading anything', async () => {
    signIn('c2');
    const load = vi.fn(async () => 'folders');
    const navigation = new AbortController();
    const loaded = afterTermsAccepted(load, navigation.signal);
    navigation.abort();
    await expect(loaded).rejects.toBeDefined();
    expect(load).not.toHaveBeenCalled();
  });
});
