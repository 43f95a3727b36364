import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { USER_INFO_REFRESH_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { ApiError, forbiddenSignal, NetworkError, unauthorizedSignal } from '@/lib/api';
import { msUntilUserInfoRefresh, refreshUserInfo } from '@/lib/auth/auth-service';
import { useSession } from '@/lib/auth/session';
import { onReconnect } from '@/lib/offline/connectivity';
import { syncSavedRegistrations } from '@/lib/offline/sync';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';

/**
 * App-wide reactions to the session: 401 -> logout, 403 -> message and dashboard
 * (spec 000 section 8), the user-info refresh every 60 s while signed in, and the sync of
 * saved registrations (spec 000 section 4).
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const signedIn = useSession().status === 'authenticated';

  useEffect(() => unauthorizedSignal.subscribe(() => navigate(paths.logout.build(), { state: { forced: true } })), [navigate]);

  useEffect(
    () =>
      forbiddenSignal.subscribe(() => {
        showToast(nl.errors.forbidden, { severity: 'error' });
        navigate(paths.dashboard.build());
      }),
    [navigate],
  );

  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      try {
        if ((await refreshUserInfo()) === 'no-clients' && !stopped) {
          showToast(nl.auth.noClients, { severity: 'warning', persistent: true });
          navigate(paths.logout.build(), { state: { forced: true } });
          return;
        }
      } catch (error) {
        // Offline: the banner already says so and the next tick retries. 401 and 403 are handled
        // through their signals. Anything else is worth a log line, not an interruption.
        const handled =
          error instanceof NetworkError || (error instanceof ApiError && (error.status === 401 || error.status === 403));
        if (!handled) console.error('user info refresh failed', error);
      }
      if (!stopped) timer = setTimeout(() => void tick(), USER_INFO_REFRESH_MS);
    };
    // Right after login the info is fresh; a session restored from storage is refreshed at once.
    timer = setTimeout(() => void tick(), msUntilUserInfoRefresh(Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn, navigate]);

  // Saved registrations: synced on start (and after login) and whenever the app is back online,
  // be it the browser's network or the server answering again.
  useEffect(() => {
    if (!signedIn) return;
    void syncSavedRegistrations();
    return onReconnect(() => void syncSavedRegistrations());
  }, [signedIn]);

  return null;
}
