import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '@/test/fake-server';
import { BATCH_POLL_MS, batchFailed, batchProgress, followBatch, type Batch } from './batches';

const batch = (overrides: Partial<Batch>): Batch => ({ batch_name: 'b1', total_items: 4, items_in_queue: 4, status: 'running', ...overrides });

afterEach(() => {
  vi.useRealTimers();
});

describe('batches', () => {
  it('counts the steps done; unknown while the server has not counted them', () => {
    expect(batchProgress(batch({ items_in_queue: 1 }))).toEqual({ processed: 3, total: 4 });
    expect(batchProgress(batch({ total_items: 0, items_in_queue: 1 }))).toEqual({ processed: 0, total: 0 });
    expect(batchFailed(batch({ status: 'failed', items_in_queue: 0 }))).toBe(true);
    expect(batchFailed(batch({ status: 'cancelled', items_in_queue: 0 }))).toBe(true);
    expect(batchFailed(batch({ status: 'done', items_in_queue: 0 }))).toBe(false);
  });

  it('asks every 2 s until the queue is empty, asking again after no answer', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers: (() => Response)[] = [
      () => json(200, batch({ items_in_queue: 2 })),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(200, batch({ items_in_queue: 0, status: 'done' })),
    ];
    let asked = 0;
    const { calls } = installFakeServer({ 'GET /api/batch/process/b1': () => answers[asked++]?.() ?? json(500, {}) });
    const seen: number[] = [];
    const followed = followBatch(batch({}), { signal: new AbortController().signal, onProgress: (b) => seen.push(b.items_in_queue) });
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3 * BATCH_POLL_MS);
    await expect(followed).resolves.toMatchObject({ status: 'done' });
    expect(calls).toHaveLength(3);
    expect(seen).toEqual([4, 2, 0]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('stops when its signal aborts', async () => {
    vi.useFakeTimers();
    const { calls } = installFakeServer({});
    const controller = new AbortController();
    const followed = followBatch(batch({}), { signal: controller.signal, onProgress: () => {} });
    controller.abort(new DOMException('left', 'AbortError'));
    await expect(followed).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(2 * BATCH_POLL_MS);
    expect(calls).toHaveLength(0);
  });
});
