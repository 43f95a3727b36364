/**
 * index.html's first script: it imports none of the app's code (see `vite.config.ts`, the
 * `early` chunk group), so on a weak signal it runs while React and the app still download. On
 * the fill-in screen it asks for the screen's code and the form's data at once, instead of after
 * the app's code arrived and its router found them (decision 029).
 */
import { startEarlyRequests } from '@/lib/api/early-requests';

if (startEarlyRequests(location.pathname, localStorage)) {
  // Fetches the screen's chunks beside the app's; the router's own import takes the same module.
  import('@/features/fill/routes/form-fill').catch(() => undefined);
}
