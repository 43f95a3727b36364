/**
 * Reading QR codes from camera frames (spec 000 section 9: 10 frames a second, a 350 px box,
 * the rear camera). The browser's own BarcodeDetector where it reads QR codes (Android, macOS,
 * ChromeOS); jsQR elsewhere, loaded only when a scan starts so it stays out of the entry chunk.
 */

export const QR_FRAMES_PER_SECOND = 10;
export const QR_BOX_PX = 350;
/** The rear camera when there is one; any camera otherwise (a plain facingMode is a preference). */
export const QR_CAMERA: MediaStreamConstraints = { audio: false, video: { facingMode: 'environment' } };

/** The text of the QR code in a frame, or null when there is none ('no code detected' is no error). */
export type FrameDecoder = (frame: ImageData) => Promise<string | null>;

/** The part of the Shape Detection API used here; TypeScript's DOM library does not have it yet. */
interface BarcodeDetectorApi {
  new (options: { formats: string[] }): { detect(source: ImageData): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

function barcodeDetector(): BarcodeDetectorApi | null {
  return 'BarcodeDetector' in window ? (window as unknown as { BarcodeDetector: BarcodeDetectorApi }).BarcodeDetector : null;
}

export async function createFrameDecoder(): Promise<FrameDecoder> {
  const Detector = barcodeDetector();
  // Some browsers have the detector without a QR reader (no Google Play services, say).
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * The square in the middle of the current video frame, at most 350 px a side: a code is held
 * there, and decoding less than a whole HD frame keeps 10 reads a second light on a phone. Null
 * while the video has no frame yet.
 */
export function grabBox(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | null {
  const { videoWidth: width, videoHeight: height } = video;
  const side = Math.min(QR_BOX_PX, width, height);
  if (side <= 0) return null;
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, (width - side) / 2, (height - side) / 2, side, side, 0, 0, side, side);
  return context.getImageData(0, 0, side, side);
}
