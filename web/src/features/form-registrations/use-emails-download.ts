import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadLink, saveBlob } from '@/lib/download';
import { reportFailure } from '@/features/form-admin/session';
import { nl } from '@/messages/nl-admin';
import { emailsDownload, fetchEmailsZip } from './api';
import { withReason } from './with-reason';

/** A zip that came in: saved at once, and kept for the download-ready dialog's "save again". */
export interface ReadyZip {
  fileName: string;
  /** Null when the server's address was saved by the browser straight away (no bytes here). */
  blob: Blob | null;
  url: string;
}

/**
 * Spec 001 screen 13, 'download e-mail attachments': asks the server where the zip of what the
 * registration's e-mails carried is (`download-emails`), fetches it with the sign-in and has the
 * browser save it; `ready` then opens the download-ready dialog. A failure gets the spec's text
 * and, when the server gave one, its reason (e.g. that the e-mails carried nothing).
 */
export function useEmailsDownload(formId: string, registrationId: string, fileName: string) {
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState<ReadyZip | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(async () => {
    setBusy(true);
    try {
      const { url } = await emailsDownload(formId, registrationId);
      // The zip is served under /api/ with the api-key; another address carries its own access.
      if (url.startsWith('/api/')) {
        const blob = await fetchEmailsZip(url);
        if (!alive.current) return;
        saveBlob(blob, fileName);
        setReady({ fileName, blob, url });
      } else {
        downloadLink(url);
        if (alive.current) setReady({ fileName, blob: null, url });
      }
    } catch (error) {
      reportFailure(error, withReason(nl.review.downloadFailed, error));
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [formId, registrationId, fileName]);

  const saveAgain = useCallback(() => {
    if (!ready) return;
    if (ready.blob) saveBlob(ready.blob, ready.fileName);
    else downloadLink(ready.url);
  }, [ready]);

  return { busy, ready, start, saveAgain, close: () => setReady(null) };
}
