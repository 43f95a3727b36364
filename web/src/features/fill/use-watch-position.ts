import { useEffect, useRef } from 'react';
import { geolocationApi, WATCH_OPTIONS } from './gps';

/**
 * Follows the device's position while `active`: every fix to `onPosition`, every failure (and a
 * browser without geolocation) to `onError`. The watch ends when inactive or unmounted, so the
 * location indicator goes off with the form.
 */
export function useWatchPosition(
  active: boolean,
  onPosition: (position: GeolocationPosition) => void,
  onError: (error: GeolocationPositionError | null) => void,
): void {
  // The latest callbacks, so a re-render never restarts the watch (and its permission prompt).
  const handlers = useRef({ onPosition, onError });
  useEffect(() => {
    handlers.current = { onPosition, onError };
  });
  useEffect(() => {
    if (!active) return;
    const geolocation = geolocationApi();
    if (!geolocation) {
      handlers.current.onError(null);
      return;
    }
    const watch = geolocation.watchPosition(
      (position) => handlers.current.onPosition(position),
      (error) => handlers.current.onError(error),
      WATCH_OPTIONS,
    );
    return () => geolocation.clearWatch(watch);
  }, [active]);
}
