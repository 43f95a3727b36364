import { useEffect, useState } from 'react';
import { NetworkError } from '@/lib/api';
import type { Registration } from '@/lib/api/types';
import { loadMyRegistrations, SERVER_PAGE_SIZE, serverPagesFor } from './api';

interface Loaded {
  /** Server pages fetched so far, by number. */
  pages: ReadonlyMap<number, Registration[]>;
  total: number | null;
}

export type MyRegistrationsState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; rows: Registration[]; total: number };

/**
 * The rows of one table page, fetched from the server's 50-row pages as they are needed: every
 * page for 'all' (the default), only the pages that hold the rows otherwise.
 */
export function useMyRegistrations(page: number, size: number): MyRegistrationsState {
  const [loaded, setLoaded] = useState<Loaded>({ pages: new Map(), total: null });
  const [error, setError] = useState<unknown>(null);
  const needed = serverPagesFor(page, size, loaded.total ?? 0);
  // Before the total is known only page 0 is asked; its answer tells how many there are.
  const missing = (loaded.total === null ? [0] : needed).filter((number) => !loaded.pages.has(number));
  const missingKey = missing.join(',');

  useEffect(() => {
    if (missingKey === '') return;
    const controller = new AbortController();
    Promise.all(missingKey.split(',').map(Number).map((number) => loadMyRegistrations(number, controller.signal).then((answer) => [number, answer] as const)))
      .then((answers) =>
        setLoaded((previous) => {
          const pages = new Map(previous.pages);
          let total = previous.total;
          for (const [number, answer] of answers) {
            pages.set(number, answer.registrations);
            total = answer.registrations_count;
          }
          return { pages, total };
        }),
      )
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        if (!(failure instanceof NetworkError)) console.error('my registrations failed', failure);
        setError(failure);
      });
    return () => controller.abort();
  }, [missingKey]);

  if (error) return { status: 'failed', error };
  if (loaded.total === null || missing.length > 0) return { status: 'loading' };
  const all = needed.flatMap((number) => loaded.pages.get(number) ?? []);
  const offset = size === -1 ? 0 : page * size - (needed[0] ?? 0) * SERVER_PAGE_SIZE;
  return { status: 'ready', rows: size === -1 ? all : all.slice(offset, offset + size), total: loaded.total };
}
