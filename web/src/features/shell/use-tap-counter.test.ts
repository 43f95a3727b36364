import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerTap, useTapCounter } from './use-tap-counter';

const OPTIONS = { taps: 10, windowMs: 5000 };

function tapAt(times: number[]): boolean[] {
  let recent: number[] = [];
  return times.map((now) => {
    const step = registerTap(recent, now, OPTIONS);
    recent = step.recent;
    return step.reached;
  });
}

describe('registerTap', () => {
  it('is reached on the tenth tap within the window', () => {
    const results = tapAt(Array.from({ length: 10 }, (_, i) => 1000 + i * 400));
    expect(results.slice(0, 9).every((reached) => !reached)).toBe(true);
    expect(results[9]).toBe(true);
  });

  it('is not reached when the taps spread over more than the window', () => {
    // 10 taps, 600 ms apart: the first has left the 5 s window by the tenth.
    const results = tapAt(Array.from({ length: 10 }, (_, i) => i * 600));
    expect(results.some(Boolean)).toBe(false);
  });

  it('counts a late series on its own once old taps leave the window', () => {
    const slow = [0, 100, 200];
    const fast = Array.from({ length: 10 }, (_, i) => 20_000 + i * 100);
    const results = tapAt([...slow, ...fast]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.at(-1)).toBe(true);
  });

  it('starts over after a series, so an eleventh tap does not trigger again', () => {
    const results = tapAt(Array.from({ length: 11 }, (_, i) => i * 100));
    expect(results[9]).toBe(true);
    expect(results[10]).toBe(false);
  });

  it('ignores taps from the future (a clock set back)', () => {
    expect(registerTap([9000, 9500], 1000, OPTIONS).recent).toEqual([1000]);
  });
});

describe('useTapCounter', () => {
  it('calls back once after the configured number of taps', () => {
    let clock = 0;
    const onReached = vi.fn();
    const { result } = renderHook(() => useTapCounter(onReached, { taps: 3, windowMs: 1000, now: () => clock }));
    act(() => {
      result.current();
      clock += 100;
      result.current();
    });
    expect(onReached).not.toHaveBeenCalled();
    act(() => {
      clock += 100;
      result.current();
    });
    expect(onReached).toHaveBeenCalledTimes(1);
  });
});
