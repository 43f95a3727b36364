import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAutosave } from './autosave';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function setup(options: { changed?: boolean; busy?: boolean } = {}) {
  const state = { changed: options.changed ?? true, busy: options.busy ?? false };
  const save = vi.fn(() => {
    state.changed = false;
  });
  const stop = startAutosave({ hasChanges: () => state.changed, isBusy: () => state.busy, save });
  return { state, save, stop };
}

describe('autosave', () => {
  it('saves changed values first 60 s after load, not before', async () => {
    const { save, stop } = setup();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not save without changes', async () => {
    const { save, stop } = setup({ changed: false });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(save).not.toHaveBeenCalled();
    stop();
  });

  it('saves at most once per 30 s, checking every 5 s', async () => {
    const { state, save, stop } = setup();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    state.changed = true;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    // A change at 92 s is saved at the next 5 s check after 120 s.
    await vi.advanceTimersByTimeAsync(2_000);
    state.changed = true;
    await vi.advanceTimersByTimeAsync(27_999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    stop();
  });

  it('checks on the 5 s grid starting 10 s after load', async () => {
    const { state, save, stop } = setup({ changed: false });
    await vi.advanceTimersByTimeAsync(61_000);
    state.changed = true;
    await vi.advanceTimersByTimeAsync(3_999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    stop();
  });

  it('skips while busy (subform modal, saving dialog, loading)', async () => {
    const { state, save, stop } = setup({ busy: true });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(save).not.toHaveBeenCalled();
    state.busy = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops', async () => {
    const { save, stop } = setup();
    stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(save).not.toHaveBeenCalled();
  });
});
