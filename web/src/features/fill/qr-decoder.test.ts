import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameDecoder } from './qr-decoder';

/** A white frame: no code in it. */
const blank = (side: number) => ({ data: new Uint8ClampedArray(side * side * 4).fill(255), width: side, height: side }) as ImageData;

describe('createFrameDecoder', () => {
  afterEach(() => Reflect.deleteProperty(window, 'BarcodeDetector'));

  it('reads with jsQR where the browser has no detector; no code is null, not an error', async () => {
    const decode = await createFrameDecoder();
    await expect(decode(blank(64))).resolves.toBeNull();
  });

  it('uses the browser detector when it reads QR codes, and jsQR when it does not', async () => {
    const detect = vi.fn(async () => [{ rawValue: 'gevonden' }]);
    const formats = vi.fn(async () => ['qr_code']);
    Object.defineProperty(window, 'BarcodeDetector', {
      configurable: true,
      value: class {
        static getSupportedFormats = formats;
        detect = detect;
      },
    });
    await expect((await createFrameDecoder())(blank(8))).resolves.toBe('gevonden');

    formats.mockResolvedValue(['ean_13']);
    await expect((await createFrameDecoder())(blank(8))).resolves.toBeNull();
    expect(detect).toHaveBeenCalledTimes(1);
  });
});
