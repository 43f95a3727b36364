/**
 * A share sheet on jsdom's navigator, which has none (as desktop browsers on Linux): the
 * functions as given, set on the navigator itself so everything else of it stays as it is.
 * Returns what takes them off again.
 */
export function installShareSheet(share?: (data: ShareData) => Promise<void>, canShare?: (data: ShareData) => boolean): () => void {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true, writable: true });
  return () => {
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'canShare');
  };
}
