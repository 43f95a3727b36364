import Link from '@mui/material/Link';
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { api } from '@/lib/api';
import { useSession } from '@/lib/auth/session';

/** Uploaded files are served under /api/ and only with the api-key header. */
function needsApiKey(url: string): boolean {
  return url.startsWith('/api/');
}

/**
 * A URL the browser can load: uploads are fetched with the api-key and shown through an object
 * URL (revoked when the component goes); public URLs pass through. Signed out (guest forms) an
 * upload cannot be fetched, and asking would trip the global 401 logout, so it is not tried.
 */
export function useFileUrl(url: string | null | undefined): string | null {
  const signedIn = useSession().status === 'authenticated';
  const protectedUrl = url && needsApiKey(url) ? url : null;
  const [objectUrl, setObjectUrl] = useState<{ source: string; url: string } | null>(null);

  useEffect(() => {
    if (!protectedUrl || !signedIn) return;
    const controller = new AbortController();
    let created: string | null = null;
    api
      .requestBlob(protectedUrl, { signal: controller.signal })
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl({ source: protectedUrl, url: created });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('file preview failed', error);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [protectedUrl, signedIn]);

  if (!url) return null;
  if (!protectedUrl) return url;
  return objectUrl?.source === protectedUrl ? objectUrl.url : null;
}

type FileImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { url: string; alt: string };

/** An image that may be an upload; nothing is drawn until its bytes are there. */
export function FileImage({ url, alt, ...imgProps }: FileImageProps) {
  const src = useFileUrl(url);
  if (!src) return null;
  return <img src={src} alt={alt} {...imgProps} />;
}

/** A download link for a file that may be an upload. */
export function FileLink({ url, filename }: { url: string; filename: string }) {
  const href = useFileUrl(url);
  return (
    <Link href={href ?? undefined} download={filename} target="_blank" rel="noopener" aria-disabled={!href}>
      {filename}
    </Link>
  );
}
