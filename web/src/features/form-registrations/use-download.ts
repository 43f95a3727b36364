import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadLink } from '@/lib/download';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { cancelDownload, downloadProgress, startDownload, type DownloadQueue, type ExportKind } from './api';

/** Spec 001 section 7: the progress of a download is asked every 5 seconds. */
export const DOWNLOAD_POLL_MS = 5000;
/** Spec 001 section 9: the download toast stays 10 seconds. */
export const DOWNLOAD_TOAST_MS = 10_000;

/**
 * A download of the list's selection on the job queue (spec 001 section 4): started, followed
 * every 5 s, saved by the browser at 100 %, or cancelled. `queue` is what the overlay shows.
 */
export function useDownload(formId: string) {
  const [queue, setQueue] = useState<DownloadQueue | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const follow = useCallback(
    (current: DownloadQueue) => {
      if (!alive.current) return;
      switch (current.status) {
        case 'done':
          setQueue(null);
          downloadLink(current.download_url);
          showToast(nl.review.downloadDone, { severity: 'success' });
          return;
        case 'failed':
          setQueue(null);
          showToast(nl.review.downloadFailed, { severity: 'error' });
          return;
        case 'cancelled':
          setQueue(null);
          return;
      }
      setQueue(current);
      timer.current = setTimeout(() => {
        downloadProgress(formId, current.queue_id).then(follow, (error: unknown) => {
          console.warn('download progress could not be read', error);
          // Try again: the export goes on on the server.
          follow(current);
        });
      }, DOWNLOAD_POLL_MS);
    },
    [formId],
  );

  const start = useCallback(
    async (kind: ExportKind, query: string) => {
      try {
        const started = await startDownload(formId, kind, query);
        showToast(nl.review.downloadStarted, { severity: 'info', durationMs: DOWNLOAD_TOAST_MS });
        follow(started);
      } catch (error) {
        console.warn('download could not start', error);
        showToast(nl.review.downloadFailed, { severity: 'error' });
      }
    },
    [formId, follow],
  );

  const cancel = useCallback(async () => {
    const current = queue;
    clearTimeout(timer.current);
    setQueue(null);
    if (current) await cancelDownload(formId, current.queue_id).catch((error: unknown) => console.warn('download could not be cancelled', error));
  }, [formId, queue]);

  return { queue, start, cancel };
}
