/**
 * Getting data off a device for support: a JSON file download and a clipboard copy. The JSON
 * holds the stored records as they are (schema and values included), so a registration can be
 * rebuilt from it even when the device can no longer sync.
 */

/** The chosen entries, in list order, as indented JSON. */
export function selectionToJson<T>(rows: readonly T[], isSelected: (row: T) => boolean): string {
  return JSON.stringify(rows.filter(isSelected), null, 2);
}

/** e.g. `eform-opgeslagen-registraties-2026-11-22T01-30-05Z.json`: sortable, no ':' (Windows, iOS Files). */
export function exportFileName(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `${prefix}-${stamp}.json`;
}

/** Offers `json` as a file download (a Blob behind a temporary link). */
export function downloadJson(json: string, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
  // Safari starts the download asynchronously; revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The clipboard copy is shared with other screens (the datasource's import errors).
export { copyText } from '@/lib/clipboard';
