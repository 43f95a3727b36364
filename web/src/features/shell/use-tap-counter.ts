import { useCallback, useLayoutEffect, useRef } from 'react';

/** Spec 000 section 2: the avatar tapped 10 times opens the iOS debugging page. */
export const DEBUG_TAPS = 10;
/** "Within a few seconds": all taps of one series fall inside this window. */
export const DEBUG_TAP_WINDOW_MS = 5000;

export interface TapOptions {
  taps: number;
  windowMs: number;
}

/**
 * Pure step of the counter: the times (epoch ms) of the recent taps after a tap at `now`, and
 * whether that tap completed a series. A completed series starts over, so a fast eleventh tap
 * does not trigger again.
 */
export function registerTap(
  recent: readonly number[],
  now: number,
  { taps, windowMs }: TapOptions,
): { recent: number[]; reached: boolean } {
  const inWindow = [...recent.filter((at) => now - at < windowMs && at <= now), now];
  if (inWindow.length >= taps) return { recent: [], reached: true };
  return { recent: inWindow, reached: false };
}

/**
 * A click handler that calls `onReached` once `taps` taps fell within `windowMs`. Only a ref
 * changes, so tapping never re-renders the component that owns it.
 */
export function useTapCounter(
  onReached: () => void,
  { taps = DEBUG_TAPS, windowMs = DEBUG_TAP_WINDOW_MS, now = Date.now }: Partial<TapOptions> & { now?: () => number } = {},
): () => void {
  const recent = useRef<number[]>([]);
  const reachedRef = useRef(onReached);
  useLayoutEffect(() => {
    reachedRef.current = onReached;
  });
  return useCallback(() => {
    const step = registerTap(recent.current, now(), { taps, windowMs });
    recent.current = step.recent;
    if (step.reached) reachedRef.current();
  }, [taps, windowMs, now]);
}
