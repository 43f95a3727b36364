/**
 * Saving files through the device's share sheet (the Web Share API): a photo that could not
 * be uploaded can be kept in the phone's gallery or files instead of being lost (spec 000
 * section 8, 'save file'). Desktop browsers without a share sheet get a Dutch reason.
 */
import { nl } from '@/messages/nl';

/** Offers the files to the share sheet; the Dutch reason it could not, or null (shared, or cancelled by the user). */
export async function saveFiles(files: File[]): Promise<string | null> {
  if (files.length === 0) return nl.elements.shareNoFiles;
  if (typeof navigator.share !== 'function') return nl.elements.shareUnsupported;
  if (typeof navigator.canShare === 'function' && !navigator.canShare({ files })) return nl.elements.shareFilesUnsupported;
  try {
    await navigator.share({ files });
    return null;
  } catch (error) {
    // The user closed the share sheet: nothing failed.
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    console.error('sharing files failed', error);
    return nl.elements.shareFilesUnsupported;
  }
}
