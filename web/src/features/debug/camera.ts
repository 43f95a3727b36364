export type CameraQuality = 'normal' | 'high';

/**
 * Rear camera; the high setting asks up to 8000x6000 (spec 000 section 9) so the page shows the
 * largest resolution the device really gives. `ideal`, never `exact`: a device that cannot
 * reach it still starts, at its best.
 */
export function cameraConstraints(quality: CameraQuality): MediaStreamConstraints {
  const size = quality === 'high' ? { width: { ideal: 8000 }, height: { ideal: 6000 } } : { width: { ideal: 1920 }, height: { ideal: 1080 } };
  return { audio: false, video: { facingMode: { ideal: 'environment' }, ...size } };
}
