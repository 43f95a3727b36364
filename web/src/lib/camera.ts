import { nl } from '@/messages/nl';

/** The camera API, or null where the browser has none (old browsers, pages not on https). */
export function mediaDevices(): MediaDevices | null {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return media && typeof media.getUserMedia === 'function' ? media : null;
}

/** The Dutch report of a failed camera start (spec 000 section 8's texts for denied and missing). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return nl.camera.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return nl.camera.notFound;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return nl.camera.inUse;
    default: {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return nl.camera.failed(detail);
    }
  }
}

/** Releases the camera (iOS keeps its indicator on until every track is stopped). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
