/**
 * Batches: long work the server does on its queue (a client's removal, later datasource imports
 * and exports; spec 002 sections 4 and 7). A screen follows one through
 * `GET api/batch/process/{batchName}` until nothing is left in its queue.
 */
import { api, isUnreachableError } from '@/lib/api';
import type { ApiSchemas } from '@/lib/api/types';

/** Where a batch stands: `status` is queued, running, done, failed or cancelled. */
export type Batch = ApiSchemas['BatchProcess'];

/** How often a followed batch is asked about (ours: the spec only says "repeatedly"). */
export const BATCH_POLL_MS = 2_000;

export function loadBatch(batchName: string, signal?: AbortSignal): Promise<Batch> {
  return api.request<Batch>(`/api/batch/process/${encodeURIComponent(batchName)}`, { signal });
}

/** Nothing left in its queue: done, failed or cancelled (the status tells which). */
export function batchFinished(batch: Batch): boolean {
  return batch.items_in_queue <= 0;
}

/** The work stopped without being done. */
export function batchFailed(batch: Batch): boolean {
  return batch.status === 'failed' || batch.status === 'cancelled';
}

/**
 * Steps done of all steps. `total` is 0 while the server has not counted the steps yet: the
 * progress is then unknown, not zero.
 */
export function batchProgress(batch: Batch): { processed: number; total: number } {
  const total = Math.max(0, batch.total_items);
  return { processed: Math.min(total, Math.max(0, total - batch.items_in_queue)), total };
}

interface FollowOptions {
  /** Every answer, the first one (`batch`) included. */
  onProgress(batch: Batch): void;
  /** Stops the following (the screen was left); the promise then rejects with its reason. */
  signal: AbortSignal;
}

/**
 * Follows `batch` (the answer that started it) until its queue is empty, asking every
 * `BATCH_POLL_MS`, and resolves with the last answer; the caller reads its status. A question
 * that got no answer (offline, a server restarting) is only logged and asked again, the batch
 * runs on regardless; any other refusal rejects.
 */
export async function followBatch(batch: Batch, { onProgress, signal }: FollowOptions): Promise<Batch> {
  let current = batch;
  onProgress(current);
  while (!batchFinished(current)) {
    await pause(BATCH_POLL_MS, signal);
    try {
      current = await loadBatch(current.batch_name, signal);
    } catch (error) {
      if (signal.aborted || !isUnreachableError(error)) throw error;
      console.warn('batch progress could not be read', error);
      continue;
    }
    onProgress(current);
  }
  return current;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
