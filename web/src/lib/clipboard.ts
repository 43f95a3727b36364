/** Copying text to the clipboard, for every screen that offers a copy button. */

/**
 * Puts `text` on the clipboard. The async Clipboard API first; the old `execCommand('copy')`
 * on a selected textarea for browsers without it (older iOS, pages not on https). Resolves to
 * whether the copy worked.
 */
export async function copyText(text: string, nav: Navigator = navigator, doc: Document = document): Promise<boolean> {
  if (nav.clipboard && typeof nav.clipboard.writeText === 'function') {
    try {
      await nav.clipboard.writeText(text);
      return true;
    } catch {
      // Denied or not allowed here: try the fallback below.
    }
  }
  if (typeof doc.execCommand !== 'function') return false;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
