import { afterEach, describe, expect, it, vi } from 'vitest';
import { nl } from '@/messages/nl';
import { installShareSheet } from '@/test/share-sheet';
import { saveFiles } from './share';

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });

let removeShareSheet = () => {};

/** jsdom has no share sheet: each case gives the navigator the one it tests. */
function shareSheet(share?: (data: ShareData) => Promise<void>, canShare?: (data: ShareData) => boolean) {
  removeShareSheet();
  removeShareSheet = installShareSheet(share, canShare);
}

describe('saveFiles', () => {
  afterEach(() => {
    removeShareSheet();
    removeShareSheet = () => {};
  });

  it('hands the files to the share sheet', async () => {
    const share = vi.fn(() => Promise.resolve());
    shareSheet(share, () => true);
    expect(await saveFiles([photo])).toBeNull();
    expect(share).toHaveBeenCalledWith({ files: [photo] });
  });

  it('says why it cannot, in the spec texts', async () => {
    expect(await saveFiles([])).toBe(nl.elements.shareNoFiles);
    shareSheet(undefined, undefined);
    expect(await saveFiles([photo])).toBe(nl.elements.shareUnsupported);
    const share = vi.fn(() => Promise.resolve());
    shareSheet(share, () => false);
    expect(await saveFiles([photo])).toBe(nl.elements.shareFilesUnsupported);
    expect(share).not.toHaveBeenCalled();
  });

  it('takes a closed share sheet as no failure, and any other refusal as one', async () => {
    shareSheet(() => Promise.reject(new DOMException('closed', 'AbortError')), () => true);
    expect(await saveFiles([photo])).toBeNull();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    shareSheet(() => Promise.reject(new DOMException('no', 'NotAllowedError')), () => true);
    expect(await saveFiles([photo])).toBe(nl.elements.shareFilesUnsupported);
    logged.mockRestore();
  });
});
