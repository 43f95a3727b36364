import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, MAX_TOASTS, showToast, TOAST_DURATION_MS } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('disappear after 4 seconds unless persistent', () => {
    showToast('kort');
    showToast('blijft', { severity: 'warning', persistent: true });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts().map((t) => t.message)).toEqual(['kort', 'blijft']);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.message)).toEqual(['blijft']);
  });

  it('keep at most 20, dropping the oldest', () => {
    for (let i = 0; i < MAX_TOASTS + 3; i++) showToast(`t${i}`, { persistent: true });
    const messages = getToasts().map((t) => t.message);
    expect(messages).toHaveLength(MAX_TOASTS);
    expect(messages[0]).toBe('t3');
  });
});
